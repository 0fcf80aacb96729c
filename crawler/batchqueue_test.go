package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

// TestFetchingGoesOnBesideOnBatch blocks the first OnBatch call until the
// crawl has stored the pages of the batches its queue holds: fetching and
// storing must go on beside the batch hooks, and every page must still
// reach exactly one batch, in order.
func TestFetchingGoesOnBesideOnBatch(t *testing.T) {
	var links string
	routes := map[string]http.HandlerFunc{}
	for i := range 30 {
		links += fmt.Sprintf(`<a href="/p%d">p</a>`, i)
		routes[fmt.Sprintf("/p%d", i)] = html("page")
	}
	routes["/"] = html(links)
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())

	cfg := fastConfig()
	cfg.BatchSize, cfg.BatchQueue, cfg.CommitEvery = 1, 2, 1
	var c *crawler.Crawler
	var mu sync.Mutex
	var seen []int64
	batchPages := map[string]int{}
	chain := &hooks.Chain{}
	chain.OnBatch(hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error {
		if b.Seq == 1 {
			// 1 batch in this hook + BatchQueue waiting + 1 being emitted.
			want := int64(1 + cfg.BatchQueue + 1)
			deadline := time.Now().Add(30 * time.Second) // a failure bound, not a timing assertion
			for c.Stats().Stored < want {
				if time.Now().After(deadline) {
					t.Errorf("stored %d pages while OnBatch ran, want %d: fetching waited for the batch hook", c.Stats().Stored, want)
					break
				}
				time.Sleep(time.Millisecond)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, b.Seq)
		for _, p := range b.Pages {
			batchPages[p.URL]++
		}
		return nil
	}))
	var err error
	if c, err = crawler.New(cfg, fr, st, crawler.WithHooks(chain)); err != nil {
		t.Fatal(err)
	}
	sum, err := c.Run(context.Background(), []string{s.URL + "/"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Stored != 31 {
		t.Fatalf("stored %d pages, want 31", sum.Stored)
	}
	for i, seq := range seen {
		if seq != int64(i+1) {
			t.Fatalf("batches ran in order %v", seen)
		}
	}
	if len(batchPages) != 31 {
		t.Errorf("%d pages reached a batch, want 31", len(batchPages))
	}
	for u, n := range batchPages {
		if n != 1 {
			t.Errorf("%s in %d batches", u, n)
		}
	}
}
