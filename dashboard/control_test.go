package dashboard_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
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
	post := func(action string) int { return postControl(t, base, token, action) }
	if code := post("pause"); code != http.StatusAccepted {
		t.Fatalf("pause: %d", code)
	}
	atPause := fetched.Load()
	_, body := get(t, http.DefaultClient, base+"/api/overview?token="+token)
	if o := decode[dashboard.Overview](t, body); o.Run == nil || !o.Run.Paused || o.Run.State != "paused" {
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
	// The dashboard still serves (as while a program exports): the run
	// is over, and says how it ended; nothing is left to control.
	_, body = get(t, http.DefaultClient, base+"/api/overview?token="+token)
	if o := decode[dashboard.Overview](t, body); o.Run == nil || o.Run.State != "ended" || o.Run.Reason != "interrupted" || len(o.Control) != 0 {
		t.Errorf("overview after the stop: run %+v, controls %v; want ended, interrupted, none", o.Run, o.Control)
	}
	if code := post("resume"); code != http.StatusConflict {
		t.Errorf("resume after the crawl ended: %d, want 409", code)
	}
}

// TestOverviewSaysEnded: while pages are fetched the overview says the
// crawl is running; as soon as the engine's run has ended at its page
// budget (the dashboard still serving, as while a program exports) it
// says ended, reason max-pages, and offers no control.
func TestOverviewSaysEnded(t *testing.T) {
	cfg := demoConfig(t, t.TempDir(), 30)
	const token = "t0k"
	var base string
	var once sync.Once
	var during []byte // the overview at the first page
	var duringErr error
	opts := pipeline.Options{
		Hooks: func(c *hooks.Chain) {
			c.OnPage(hooks.PageFunc(func(context.Context, *crawl.Page) error {
				once.Do(func() {
					resp, err := http.Get(base + "/api/overview?token=" + token)
					if err != nil {
						duringErr = err
						return
					}
					defer resp.Body.Close()
					during, duringErr = io.ReadAll(resp.Body)
				})
				return nil
			}))
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dash, err := dashboard.Attach(dashboard.Config{Addr: "127.0.0.1:0", Token: token}, cfg.DB, &opts, cancel)
	if err != nil {
		t.Fatal(err)
	}
	defer dash.Close()
	base = "http://" + dash.Addr()
	if _, err := pipeline.Crawl(ctx, cfg, opts, nil); err != nil {
		t.Fatal(err)
	}
	if duringErr != nil {
		t.Fatal(duringErr)
	}
	if d := decode[dashboard.Overview](t, during); d.Run == nil || d.Run.State != "running" || d.Run.Reason != "" || len(d.Control) != 3 {
		t.Errorf("overview during the crawl: run %+v, controls %v; want running, no reason, 3 controls", d.Run, d.Control)
	}
	_, body := get(t, http.DefaultClient, base+"/api/overview?token="+token)
	o := decode[dashboard.Overview](t, body)
	if o.Run == nil || o.Run.State != "ended" || o.Run.Reason != "max-pages" || len(o.Control) != 0 {
		t.Errorf("overview after the run: run %+v, controls %v; want ended, max-pages, no control", o.Run, o.Control)
	}
	if code := postControl(t, base, token, "pause"); code != http.StatusConflict {
		t.Errorf("pause after the run ended: %d, want 409", code)
	}
}

// postControl POSTs a control action with the token and returns the status.
func postControl(t *testing.T, base, token, action string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/control/"+action, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
