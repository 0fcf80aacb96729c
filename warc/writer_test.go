package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/warc"
	"github.com/crawl-project/crawl/warc/warctest"
)

// site is a loopback site with the cases a crawl meets: plain, gzipped and
// chunked pages, robots.txt, a redirect, a 404 and a 304.
func site(t testing.TB) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<html><body><a href=/gz>gz</a><a href=/chunked>c</a></body></html>")
	})
	mux.HandleFunc("/gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			io.WriteString(w, "<p>plain</p>")
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		io.WriteString(zw, "<html><body>"+strings.Repeat("<p>compressed words</p>", 200)+"</body></html>")
		zw.Close()
	})
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		for i := range 5 {
			io.WriteString(w, strings.Repeat("x", 100*i+1))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/redir", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/", http.StatusFound) })
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/etag", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		io.WriteString(w, "<p>tagged</p>")
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// fetchAll fetches paths through a Recorder into w, returning the bodies
// the client saw.
func fetchAll(t testing.TB, srv *httptest.Server, w warc.ExchangeWriter, paths []string, hdr http.Header) map[string]string {
	t.Helper()
	client := &http.Client{
		Transport:     warc.NewRecorder(http.DefaultTransport.(*http.Transport).Clone(), w),
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	got := map[string]string{}
	for _, p := range paths {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+p, nil)
		for k, v := range hdr {
			req.Header[k] = v
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", p, err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("read %s: %v", p, err)
		}
		got[p] = string(b)
	}
	return got
}

var allPaths = []string{"/robots.txt", "/", "/gz", "/chunked", "/redir", "/missing"}

func TestWriterRecordsEveryExchange(t *testing.T) {
	srv := site(t)
	dir := t.TempDir()
	w, err := warc.New(warc.Config{Dir: dir, Info: []warc.Field{{"crawl-config", `{"max_pages":5}`}}})
	if err != nil {
		t.Fatal(err)
	}
	bodies := fetchAll(t, srv, w, allPaths, nil)
	fetchAll(t, srv, w, []string{"/etag"}, nil)
	fetchAll(t, srv, w, []string{"/etag"}, http.Header{"If-None-Match": {`"v1"`}})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bodies["/gz"], "compressed words") {
		t.Errorf("the client saw %q for /gz, want the decoded page", bodies["/gz"][:min(40, len(bodies["/gz"]))])
	}
	files := w.Files()
	if len(files) != 1 {
		t.Fatalf("files = %v, want 1", files)
	}
	types := warctest.Validate(t, files...)
	want := map[string]int{"warcinfo": 1, "request": 8, "response": 7, "revisit": 1}
	for k, v := range want {
		if types[k] != v {
			t.Errorf("%s records = %d, want %d (all: %v)", k, types[k], v, types)
		}
	}
	// the gzipped page is archived as it came: gzip bytes
	recs := readOwn(t, files[0])
	for _, r := range recs {
		if r.Type() == "response" && strings.HasSuffix(r.TargetURI(), "/gz") {
			_, body, _ := bytes.Cut(r.Block, []byte("\r\n\r\n"))
			if !bytes.HasPrefix(body, []byte{0x1f, 0x8b}) || !bytes.Contains(r.Block, []byte("Content-Encoding: gzip")) {
				t.Errorf("/gz response block is not the raw gzip body")
			}
		}
	}
	warctest.NodeCheck(t, want, files...)
}

func readOwn(t testing.TB, file string) []*warc.Record {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f, file)
	var out []*warc.Record
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
}
