package crawler_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

// TestStopGraceAbandonsFetches cancels a crawl while a fetch hangs: Run
// returns once StopGrace is over, reports interrupted, stores no failure
// for the abandoned URL and leaves it queued (in the store and in the
// summary's count).
func TestStopGraceAbandonsFetches(t *testing.T) {
	arrived := make(chan struct{}, 1)
	release := make(chan struct{})
	defer close(release)
	s := newSite(t, map[string]http.HandlerFunc{
		"/hang": func(w http.ResponseWriter, r *http.Request) {
			arrived <- struct{}{}
			select {
			case <-release:
			case <-r.Context().Done():
			}
		},
	})
	cfg := fastConfig()
	cfg.Timeout = time.Hour
	cfg.StopGrace = 100 * time.Millisecond
	st, fr := env(t, t.TempDir())
	c, err := crawler.New(cfg, fr, st)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	sum, err := c.Run(ctx, []string{s.URL + "/hang"})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted() || sum.Failed != 0 || sum.Queued != 1 {
		t.Errorf("summary: reason %s, %d failed, %d queued; want interrupted, 0 failed, 1 queued", sum.Reason, sum.Failed, sum.Queued)
	}
	counts, err := st.Counts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if counts.Queued != 1 || counts.Failures != 0 || counts.Pages != 0 {
		t.Errorf("store: %d queued, %d failures, %d pages; want the URL still queued", counts.Queued, counts.Failures, counts.Pages)
	}
}

// TestFailureAttempts stores how many requests a failed URL took.
func TestFailureAttempts(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/":     html(`<a href="/busy">b</a> <a href="/gone">g</a>`),
		"/busy": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) },
	})
	cfg := fastConfig()
	cfg.Retries = 2
	cfg.Timeout = time.Minute // a timeout would add attempts; never the limit here
	st, fr := env(t, t.TempDir())
	run(t, cfg, st, fr, []string{s.URL + "/"})
	got := map[string]int{}
	if err := st.ExportFailures(context.Background(), func(f crawl.Failure) error {
		got[f.URL[len(s.URL):]] = f.Attempts
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got["/busy"] != 3 || got["/gone"] != 1 || len(got) != 2 {
		t.Errorf("attempts by URL = %v; want /busy 3 (2 retries), /gone 1", got)
	}
}

// TestStatsTellRunEnd: while pages reach the hooks the statistics say the
// run goes on (not ended); once Run returns they say it ended and why,
// as the summary does.
func TestStatsTellRunEnd(t *testing.T) {
	for _, tt := range []struct {
		maxPages int
		reason   string
	}{{0, "frontier-empty"}, {1, "max-pages"}} {
		t.Run(tt.reason, func(t *testing.T) {
			s := threePages(t)
			cfg := fastConfig()
			cfg.MaxPages = tt.maxPages
			st, fr := env(t, t.TempDir())
			var c *crawler.Crawler
			var mu sync.Mutex
			var during []crawler.Stats
			chain := &hooks.Chain{}
			chain.OnPage(hooks.PageFunc(func(context.Context, *crawl.Page) error {
				s := c.Stats()
				mu.Lock()
				defer mu.Unlock()
				during = append(during, s)
				return nil
			}))
			c, err := crawler.New(cfg, fr, st, crawler.WithHooks(chain))
			if err != nil {
				t.Fatal(err)
			}
			sum, err := c.Run(context.Background(), []string{s.URL + "/"})
			if err != nil {
				t.Fatal(err)
			}
			if len(during) == 0 {
				t.Fatal("no page reached the hooks")
			}
			for _, d := range during {
				if d.Ended {
					t.Errorf("a page hook saw the run ended (stopping %q)", d.Stopping)
				}
			}
			if after := c.Stats(); !after.Ended || after.Stopping != tt.reason || !sum.Ended || sum.Reason != tt.reason {
				t.Errorf("after Run: ended %v, stopping %q (summary: ended %v, reason %q); want ended, %s",
					after.Ended, after.Stopping, sum.Ended, sum.Reason, tt.reason)
			}
		})
	}
}
