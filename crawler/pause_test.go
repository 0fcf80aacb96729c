package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/store"
)

// treeSite serves / linking to /a/0…/a/29, each /a/i linking to /b/i: 61
// pages. onRequest, when set, runs at the start of every page request
// with the number of page requests so far (this one included); robots.txt
// is not counted.
func treeSite(t *testing.T, onRequest func(n int64)) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		n := served.Add(1)
		if onRequest != nil {
			onRequest(n)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var b strings.Builder
		switch {
		case r.URL.Path == "/":
			for i := range 30 {
				fmt.Fprintf(&b, `<a href="/a/%d">a%d</a> `, i, i)
			}
		case strings.HasPrefix(r.URL.Path, "/a/"):
			fmt.Fprintf(&b, `<p>page %s</p><a href="/b/%s">b</a>`, r.URL.Path, strings.TrimPrefix(r.URL.Path, "/a/"))
		case strings.HasPrefix(r.URL.Path, "/b/"):
			fmt.Fprintf(&b, `<p>leaf %s</p>`, r.URL.Path)
		default:
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, b.String())
	}))
	t.Cleanup(srv.Close)
	return srv, &served
}

func storedPaths(t *testing.T, st *store.Store, prefix string) []string {
	t.Helper()
	var out []string
	err := st.ExportPages(context.Background(), func(p store.PageRow) error {
		out = append(out, strings.TrimPrefix(p.URL, prefix))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestPauseResume pauses a crawl from the site's 10th request: at most the
// fetches already dispatched (one per worker) reach the site after Pause
// returns, none once they are stored, and after Resume the crawl ends with
// the same pages as a crawl never paused.
func TestPauseResume(t *testing.T) {
	cfg := fastConfig()
	cfg.PerHostParallel = cfg.Workers

	refSrv, _ := treeSite(t, nil)
	refSt, refFr := env(t, t.TempDir())
	run(t, cfg, refSt, refFr, []string{refSrv.URL + "/"})
	want := storedPaths(t, refSt, refSrv.URL)
	if len(want) != 61 {
		t.Fatalf("reference crawl stored %d pages, want 61", len(want))
	}

	var cr atomic.Pointer[crawler.Crawler]
	var atPause atomic.Int64
	paused := make(chan struct{})
	srv, served := treeSite(t, func(n int64) {
		if n == 10 {
			cr.Load().Pause()
			atPause.Store(n)
			close(paused)
		}
	})
	st, fr := env(t, t.TempDir())
	c, err := crawler.New(cfg, fr, st)
	if err != nil {
		t.Fatal(err)
	}
	cr.Store(c)
	type ran struct {
		sum crawler.Summary
		err error
	}
	done := make(chan ran, 1)
	go func() {
		sum, err := c.Run(context.Background(), []string{srv.URL + "/"})
		done <- ran{sum, err}
	}()
	<-paused
	// Wait (with a generous bound) until every request that reached the
	// site is accounted for: the fetches in flight at the pause are over.
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := c.Stats()
		if s.Fetched+s.Failed == served.Load() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("fetches in flight did not finish: %d fetched, %d failed, %d served", s.Fetched, s.Failed, served.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
	drained := served.Load()
	if extra := drained - atPause.Load(); extra > int64(cfg.Workers) {
		t.Errorf("%d requests after Pause returned, want at most %d (the workers' fetches in flight)", extra, cfg.Workers)
	}
	if s := c.Stats(); !s.Paused {
		t.Error("Stats.Paused is false while paused")
	}
	// An unpaused crawl of this site fetches dozens of pages in this time.
	time.Sleep(300 * time.Millisecond)
	if n := served.Load(); n != drained {
		t.Fatalf("%d requests reached the site while paused", n-drained)
	}
	c.Resume()
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.sum.Reason != "frontier-empty" || r.sum.Paused {
		t.Errorf("summary: reason %s, paused %v; want frontier-empty, not paused", r.sum.Reason, r.sum.Paused)
	}
	if got := storedPaths(t, st, srv.URL); !slices.Equal(got, want) {
		t.Errorf("paused crawl stored %d pages %v, want the reference's %d", len(got), got, len(want))
	}
	if served.Load() != 61 {
		t.Errorf("%d requests, want 61 (each page once)", served.Load())
	}
}

// TestStopWhilePaused stops a crawl paused before it started: Run returns
// as interrupted, nothing was fetched and the seed stays queued.
func TestStopWhilePaused(t *testing.T) {
	srv, served := treeSite(t, nil)
	st, fr := env(t, t.TempDir())
	c, err := crawler.New(fastConfig(), fr, st)
	if err != nil {
		t.Fatal(err)
	}
	c.Pause()
	c.Pause() // twice is once
	if !c.Paused() {
		t.Fatal("Paused is false after Pause")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sum, err := c.Run(ctx, []string{srv.URL + "/"})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted() || sum.Fetched != 0 || sum.Queued != 1 || served.Load() != 0 {
		t.Errorf("summary: reason %s, %d fetched, %d queued, %d requests; want interrupted, 0, 1, 0",
			sum.Reason, sum.Fetched, sum.Queued, served.Load())
	}
}
