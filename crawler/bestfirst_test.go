package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/hooks"
)

// TestBetterLinksAreStoredAtOnce checks that a group commit does not hold
// back out-links better than what the frontier is serving: with a commit
// wait of an hour and ten mediocre links queued, the good link found on
// the first of them must reach the frontier while the next fetch is still
// in flight, and be fetched right after it, not after the other nine (as
// it was before the writer compared priorities). No timing is assumed:
// the plain pages after the first answer only once /good is in the
// frontier (or give up after 20 s, failing the test), so the order is the
// same on an idle and on a loaded machine.
func TestBetterLinksAreStoredAtOnce(t *testing.T) {
	var seedLinks strings.Builder
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&seedLinks, `<a href="/plain/%d">plain %d</a>`, i, i)
	}
	st, inner := env(t, t.TempDir())
	fr := &pushWatch{Frontier: inner, suffix: "/good", pushed: make(chan struct{})}
	site := newSite(t, map[string]http.HandlerFunc{
		"/":        html(`<html><body>` + seedLinks.String() + `</body></html>`),
		"/plain/1": html(`<html><body><a href="/good">good</a></body></html>`),
		"/plain/": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-fr.pushed:
			case <-time.After(20 * time.Second):
				t.Errorf("%s: the group holding /good was not stored while this fetch was in flight", r.URL.Path)
			}
			html(`<html><body>nothing</body></html>`)(w, r)
		},
		"/good": html(`<html><body>good page</body></html>`),
	})
	var mu sync.Mutex
	var order []string
	var chain hooks.Chain
	chain.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		if strings.HasSuffix(l.URL, "/good") {
			l.Priority = 100
		} else {
			l.Priority = 1
		}
		return nil
	}))
	chain.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		mu.Lock()
		order = append(order, p.URL[len(site.URL):])
		mu.Unlock()
		return nil
	}))
	cfg := fastConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1
	cfg.Timeout = time.Minute // never the limit here, however loaded the machine
	cfg.CommitEvery, cfg.CommitWait = 64, time.Hour
	sum := run(t, cfg, st, fr, []string{site.URL + "/"}, crawler.WithHooks(&chain))
	if sum.Fetched != 12 {
		t.Fatalf("fetched %d pages, want 12 (%v; errors %v; ended: %s, %d queued)", sum.Fetched, order, sum.Errors, sum.Reason, sum.Queued)
	}
	pos := slices.Index(order, "/good")
	// order: /, /plain/1, then at most one more plain page (popped before
	// the group with /good was stored), then /good.
	if pos < 0 || pos > 3 {
		t.Errorf("fetch order %v: /good fetched %d-th, want by the 4th", order, pos+1)
	}
}

// pushWatch is a frontier that closes pushed once a link whose URL ends
// in suffix has been pushed (and is poppable).
type pushWatch struct {
	frontier.Frontier
	suffix string
	pushed chan struct{}
	once   sync.Once
}

func (p *pushWatch) saw(links []crawl.Link) {
	for _, l := range links {
		if strings.HasSuffix(l.URL, p.suffix) {
			p.once.Do(func() { close(p.pushed) })
		}
	}
}

func (p *pushWatch) Push(ctx context.Context, links []crawl.Link) (int, error) {
	n, err := p.Frontier.Push(ctx, links)
	p.saw(links)
	return n, err
}

// Queues and Best pass the SQLite frontier's frontier.Novelty through.
func (p *pushWatch) Queues(l crawl.Link) bool {
	return p.Frontier.(frontier.Novelty).Queues(l)
}

func (p *pushWatch) Best() (float64, bool) { return p.Frontier.(frontier.Novelty).Best() }

// PushWith keeps the SQLite frontier's one-transaction path.
func (p *pushWatch) PushWith(ctx context.Context, links []crawl.Link, save func([]crawl.FrontierEntry) (int, error)) (int, error) {
	n, err := p.Frontier.(*sqlitefrontier.Frontier).PushWith(ctx, links, save)
	p.saw(links)
	return n, err
}
