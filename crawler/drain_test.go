package crawler_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestRefusedFilesKeepTheConnection: a page linking 40 small text files
// (refused on their headers as not HTML; their URLs have no extension, so
// every one is fetched) and 2 pages is crawled over a handful of
// connections, not one a refused file: the refused bodies are read to
// their end before they are closed. A refused file too long to
// drain (Content-Length over 64 KiB) still costs its connection, and only
// it. Counted (the server's new connections), not timed.
func TestRefusedFilesKeepTheConnection(t *testing.T) {
	const files = 40
	big := strings.Repeat("x", 1<<20)
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/":
			var b strings.Builder
			b.WriteString(`<html><body><a href="/a">a</a> <a href="/b">b</a> <a href="/big.txt">big</a>`)
			for i := range files {
				fmt.Fprintf(&b, ` <a href="/src/%d">source %d</a>`, i, i)
			}
			b.WriteString(`</body></html>`)
			html(b.String())(w, r)
		case r.URL.Path == "/big.txt":
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Content-Length", fmt.Sprint(len(big)))
			fmt.Fprint(w, big)
		case strings.HasPrefix(r.URL.Path, "/src/"):
			// half of them with a Content-Length, half chunked (length unknown)
			body := fmt.Sprintf("%s\n%s", r.URL.Path, strings.Repeat("source text of the page\n", 200))
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			if strings.ContainsAny(r.URL.Path[len(r.URL.Path)-1:], "02468") {
				w.Header().Set("Content-Length", fmt.Sprint(len(body)))
			}
			fmt.Fprint(w, body)
		default:
			html(`<html><body><p>a page</p></body></html>`)(w, r)
		}
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1
	sum := run(t, cfg, st, fr, []string{srv.URL + "/"})
	if got := sum.Errors["not-html"]; got != files+1 {
		t.Fatalf("%d fetches refused as not HTML, want %d", got, files+1)
	}
	// robots.txt, the pages and the 40 files over one connection; the big
	// file's is let go, so at most one more
	if n := conns.Load(); n > 2 {
		t.Errorf("%d connections for %d requests, want at most 2: a refused short body closed its connection", n, files+4)
	}
}
