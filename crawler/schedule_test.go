package crawler_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// emptyThenFull is a frontier whose first empty Pop returns only after
// links have arrived meanwhile (the writer stored the seed's result): the
// moment, on a loaded machine, at which the scheduler used to read the
// count of pending results after the Pop, find it zero, and end the crawl
// with the new links queued ("fetched 1 pages, want 12").
type emptyThenFull struct {
	frontier.Frontier
	once sync.Once
}

func (f *emptyThenFull) Pop(ctx context.Context, ready func(string) bool) (crawl.Link, error) {
	l, err := f.Frontier.Pop(ctx, ready)
	if errors.Is(err, frontier.ErrEmpty) {
		f.once.Do(func() {
			for end := time.Now().Add(30 * time.Second); f.Frontier.Len() == 0 && time.Now().Before(end); {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(50 * time.Millisecond) // let the writer finish its commit
		})
	}
	return l, err
}

func TestEmptyPopRacingACommit(t *testing.T) {
	s := threePages(t)
	cfg := fastConfig()
	cfg.Timeout = time.Minute
	st, fr := env(t, t.TempDir())
	sum := run(t, cfg, st, &emptyThenFull{Frontier: fr}, []string{s.URL + "/"})
	if sum.Fetched != 3 || sum.Reason != "frontier-empty" || sum.Queued != 0 {
		t.Errorf("fetched %d, ended %s with %d queued; want all 3 pages, the frontier dry", sum.Fetched, sum.Reason, sum.Queued)
	}
}

// threePages is a site of a home page linking to two leaves, /a and /b.
func threePages(t *testing.T) *site {
	t.Helper()
	return newSite(t, map[string]http.HandlerFunc{
		"/":  html(`<a href="/a">a</a> <a href="/b">b</a>`),
		"/a": html(`leaf`),
		"/b": html(`leaf`),
	})
}
