package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// TestReopenAndStoredSince walks a re-crawl: a stored hub is reopened at a
// high priority and comes out of the frontier before a URL left queued by
// the earlier run; afterwards the pages stored since the marks are told
// apart by when their URL was discovered.
func TestReopenAndStoredSince(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	hub := page(1, "http://a.test/", 100)
	st.AddFrontier(ctx, []crawl.FrontierEntry{
		{Host: "a.test", Link: crawl.Link{URL: hub.URL, Priority: 1}},
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/left", Priority: 50}},
	})
	if err := st.SaveResults(ctx, []*crawl.Page{hub}, nil); err != nil {
		t.Fatal(err)
	}
	m, err := st.Marks(ctx)
	if err != nil || m.Page != 1 || m.Frontier != 2 {
		t.Fatalf("Marks = %+v, %v; want page 1, frontier 2", m, err)
	}
	if n, err := st.ReopenFrontier(ctx, []string{hub.URL}, 1e9); n != 1 || err != nil {
		t.Fatalf("ReopenFrontier = %d, %v", n, err)
	}
	queued, err := st.FrontierQueued(ctx, "", store.FrontierCursor{}, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(queued) != 2 || queued[0].Link.URL != hub.URL || queued[0].Link.Priority != 1e9 {
		t.Errorf("queued %+v, want the reopened hub first at priority 1e9", queued)
	}
	st.AddFrontier(ctx, []crawl.FrontierEntry{{Host: "a.test", Link: crawl.Link{URL: "http://a.test/new"}}})
	if err := st.SaveResults(ctx, []*crawl.Page{page(2, "http://a.test/left", 10), page(3, "http://a.test/new", 10)}, nil); err != nil {
		t.Fatal(err)
	}
	newURLs, before, err := st.StoredSince(ctx, m)
	if err != nil || newURLs != 1 || before != 1 {
		t.Errorf("StoredSince = %d new, %d queued before, %v; want 1 and 1", newURLs, before, err)
	}
}
