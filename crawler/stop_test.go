package crawler_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
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
