package crawler_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/store"
)

// TestPagesStoredBeforeFinalBatch: WithPagesStored's function runs once,
// when the store holds every page and failure of the run, and before the
// final batch's hooks.
func TestPagesStoredBeforeFinalBatch(t *testing.T) {
	var links string
	routes := map[string]http.HandlerFunc{}
	for i := range 12 {
		links += fmt.Sprintf(`<a href="/p%d">p</a>`, i)
		routes[fmt.Sprintf("/p%d", i)] = html("page")
	}
	links += `<a href="/missing">gone</a>`
	routes["/"] = html(links)
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.BatchSize = 5

	var calls atomic.Int32
	var atCall crawl.Counts
	var finalSawCall bool
	chain := &hooks.Chain{}
	chain.OnBatch(hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error {
		if b.Final {
			finalSawCall = calls.Load() == 1
		}
		return nil
	}))
	stored := func() {
		calls.Add(1)
		var err error
		if atCall, err = st.Counts(context.Background()); err != nil {
			t.Error(err)
		}
	}
	sum := run(t, cfg, st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain), crawler.WithPagesStored(stored))
	if n := calls.Load(); n != 1 {
		t.Fatalf("called %d times; want once", n)
	}
	if !finalSawCall {
		t.Error("the final batch's hooks ran before the pages were reported stored")
	}
	if atCall.Pages != 13 || sum.Stored != 13 {
		t.Errorf("store held %d pages when called, the run stored %d; want 13 and 13", atCall.Pages, sum.Stored)
	}
	if atCall.Failures != 1 {
		t.Errorf("store held %d failures when called; want 1 (/missing)", atCall.Failures)
	}
}

// TestPagesStoredNotAfterStoreFailure: a run whose store write failed does
// not say its pages are stored.
func TestPagesStoredNotAfterStoreFailure(t *testing.T) {
	routes := map[string]http.HandlerFunc{"/": html(`<a href="/a">a</a><a href="/b">b</a>`), "/a": html("a"), "/b": html("b")}
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	var called atomic.Bool
	c, err := crawler.New(fastConfig(), fr, failingSaves{st}, crawler.WithPagesStored(func() { called.Store(true) }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Run(context.Background(), []string{s.URL + "/"}); err == nil {
		t.Fatal("Run with a failing store = nil error")
	}
	if called.Load() {
		t.Error("called after the store failed")
	}
}

// failingSaves is a store whose writes of fetched pages fail.
type failingSaves struct{ *store.Store }

func (failingSaves) SaveResults(context.Context, []*crawl.Page, []crawl.Failure) error {
	return errors.New("disk full")
}

func (failingSaves) SaveFetched(context.Context, []crawl.FrontierEntry, []*crawl.Page, []crawl.Failure) (int, error) {
	return 0, errors.New("disk full")
}
