package dashboard_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/pipeline"
)

// TestPauseThenStop pauses a demo crawl through the API, checks the
// overview and the engine say paused and the page count holds, then stops
// it through the API while paused: the crawl ends as interrupted.
func TestPauseThenStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := demoConfig(t, t.TempDir(), 5000)
	engine := make(chan *crawler.Crawler, 1)
	progressed := make(chan struct{}, 1)
	var fetched atomic.Int64 // pages that reached the OnPage hooks: fetched
	opts := pipeline.Options{
		Hooks: func(c *hooks.Chain) {
			c.OnPage(hooks.PageFunc(func(context.Context, *crawl.Page) error { fetched.Add(1); return nil }))
		},
		Watch: func(c *crawler.Crawler) { engine <- c },
		Progress: func(s crawler.Stats) {
			if s.Fetched >= 20 {
				select {
				case progressed <- struct{}{}:
				default:
				}
			}
		},
		Engine: func(e *crawler.Config) { e.ProgressEvery = 10 * time.Millisecond },
	}
	const token = "t0k"
	dash, err := dashboard.Attach(dashboard.Config{Addr: "127.0.0.1:0", Token: token}, cfg.DB, &opts, cancel)
	if err != nil {
		t.Fatal(err)
	}
	defer dash.Close()
	done := make(chan error, 1)
	go func() {
		_, err := pipeline.Crawl(ctx, cfg, opts, nil)
		done <- err
	}()
	c := <-engine
	select {
	case <-progressed:
	case err := <-done:
		t.Fatalf("the crawl ended before 20 pages: %v", err)
	}
	base := "http://" + dash.Addr()
	post := func(action string) int {
		req, _ := http.NewRequest(http.MethodPost, base+"/api/control/"+action, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("pause"); code != http.StatusAccepted {
		t.Fatalf("pause: %d", code)
	}
	atPause := fetched.Load()
	_, body := get(t, http.DefaultClient, base+"/api/overview?token="+token)
	if o := decode[dashboard.Overview](t, body); o.Run == nil || !o.Run.Paused {
		t.Errorf("overview while paused: %+v", o.Run)
	}
	if _, body := get(t, http.DefaultClient, base+"/metrics?token="+token); !strings.Contains(string(body), "\ncrawl_paused 1\n") {
		t.Errorf("/metrics while paused lacks crawl_paused 1")
	}
	// A window in which the unpaused crawl fetches dozens of pages.
	time.Sleep(500 * time.Millisecond)
	// Pages the engine counted but had not stored at the pause are not
	// fetches: the hook counts fetches, at most one in flight per worker.
	if n := fetched.Load(); n > atPause+8 { // demoConfig's 8 workers finish their fetches
		t.Errorf("paused at %d pages, %d fetched half a second later", atPause, n)
	}
	if !c.Stats().Paused {
		t.Error("the engine is not paused")
	}
	if code := post("stop"); code != http.StatusAccepted {
		t.Fatalf("stop: %d", code)
	}
	select {
	case err := <-done:
		if !errors.Is(err, pipeline.ErrInterrupted) {
			t.Errorf("crawl stopped while paused: %v; want interrupted", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the paused crawl did not stop")
	}
}
