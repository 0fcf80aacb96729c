package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

// TestBetterLinksAreStoredAtOnce checks that a group commit does not hold
// back out-links better than what the frontier is serving: with a long
// CommitWait and ten mediocre links queued, the good link found on the
// first of them must be fetched within the next two fetches, not after the
// other nine (as it was before the writer compared priorities).
func TestBetterLinksAreStoredAtOnce(t *testing.T) {
	var seedLinks strings.Builder
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&seedLinks, `<a href="/plain/%d">plain %d</a>`, i, i)
	}
	site := newSite(t, map[string]http.HandlerFunc{
		"/":        html(`<html><body>` + seedLinks.String() + `</body></html>`),
		"/plain/1": html(`<html><body><a href="/good">good</a></body></html>`),
		"/plain/": func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(30 * time.Millisecond) // a network's latency: longer than a commit
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
	cfg.CommitEvery, cfg.CommitWait = 64, 10*time.Second
	st, fr := env(t, t.TempDir())
	sum := run(t, cfg, st, fr, []string{site.URL + "/"}, crawler.WithHooks(&chain))
	if sum.Fetched != 12 {
		t.Fatalf("fetched %d pages, want 12 (%v)", sum.Fetched, order)
	}
	pos := -1
	for i, u := range order {
		if u == "/good" {
			pos = i
		}
	}
	// order: /, /plain/1, then at most one more plain page (popped before
	// the group with /good was stored), then /good.
	if pos < 0 || pos > 3 {
		t.Errorf("fetch order %v: /good fetched %d-th, want by the 4th", order, pos+1)
	}
}
