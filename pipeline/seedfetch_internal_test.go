package pipeline

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
)

// TestSeedFetchBesideOpen: the topic's seed pages are fetched by a
// pipeline that has no store or frontier yet (what lets Open fetch them
// while it opens those), and Open takes them from that fetch.
func TestSeedFetchBesideOpen(t *testing.T) {
	var pages atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		pages.Add(1)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<html><head><title>%s</title></head><body><p>sailing boats, harbours and %s</p><a href="/x">x</a></body></html>`, r.URL.Path, r.URL.Path)
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg, err := config.Parse(strings.NewReader(`seeds: ["`+srv.URL+`/"]
db: `+filepath.Join(dir, "c.db")+`
topic: {enabled: true, seeds: ["`+srv.URL+`/a.html", "`+srv.URL+`/b.html"]}
politeness: {no_delay: true}
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bare := &Pipeline{cfg: cfg, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	f, err := bare.startSeedFetch(context.Background())
	if err != nil || f == nil {
		t.Fatalf("startSeedFetch = %v, %v; want a fetch begun", f, err)
	}
	got, asked := f.wait()
	if len(got) != 2 || asked != 2 || !strings.HasSuffix(got[0].URL, "/a.html") || !strings.HasSuffix(got[1].URL, "/b.html") {
		t.Fatalf("fetched %d of %d seed pages (%v); want a.html and b.html", len(got), asked, got)
	}

	pages.Store(0)
	p, err := Open(context.Background(), cfg, Options{Logger: bare.log})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.seedFetch == nil || len(p.builtins) == 0 {
		t.Fatal("Open did not fetch the seed pages beside the store's opening")
	}
	if n := pages.Load(); n != 2 {
		t.Errorf("Open requested %d seed pages; want each once (2)", n)
	}

	for _, extra := range []string{"demo: true\n", "distributed: {redis: \"redis://127.0.0.1:1\", name: t}\n"} {
		c, err := config.Parse(strings.NewReader("seeds: [\"http://a.test/\"]\ntopic: {enabled: true}\n"+extra), "t.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if f, err := (&Pipeline{cfg: c}).startSeedFetch(context.Background()); f != nil || err != nil {
			t.Errorf("%q: a fetch before Open sets up its seeds or politeness (%v)", strings.TrimSpace(extra), err)
		}
	}
	if f, err := (&Pipeline{cfg: cfg, opts: Options{Recrawl: true}}).startSeedFetch(context.Background()); f != nil || err != nil {
		t.Errorf("a re-crawl: a fetch beside its sitemaps' (%v)", err)
	}
}

// TestSeedFetchStop: stop ends a seed fetch a server never answers (Open
// stops it when it fails after the fetch began), and Open failing then
// returns its error.
func TestSeedFetchStop(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		select {
		case arrived <- struct{}{}:
		default:
		}
		<-r.Context().Done() // never answers
	}))
	defer func() { srv.CloseClientConnections(); srv.Close() }()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse(strings.NewReader(`seeds: ["`+srv.URL+`/"]
db: `+filepath.Join(file, "c.db")+`
topic: {enabled: true}
fetch: {timeout: 1h}
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f, err := (&Pipeline{cfg: cfg, log: log}).startSeedFetch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	<-arrived
	stopped := make(chan struct{})
	go func() { f.stop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(30 * time.Second): // a failure bound, not a timing assertion
		t.Fatal("stop waited for a seed page the server never sends")
	}
	if _, err := Open(context.Background(), cfg, Options{Logger: log}); err == nil {
		t.Fatal("Open with a store under a file = nil error")
	}
}
