package redisfrontier_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
)

// TestSetFrontierLabels: revised labels of queued links, written by one
// process, are the labels and scores of those links when any process
// leases them; URLs never pushed, or of a host with nothing queued, are
// not kept; nothing of the revisions is left in Redis once the queue is
// empty.
func TestSetFrontierLabels(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	a := newFrontier(t, rdb, redisfrontier.Config{Name: "relabel"})
	defer a.Close()
	b := newFrontier(t, rdb, redisfrontier.Config{Name: "relabel"})
	defer b.Close()
	var links []crawl.Link
	for i := range 20 {
		l := link("x.test", i, float64(20-i))
		l.Label, l.Score = crawl.LabelHub, 0.9
		links = append(links, l)
	}
	links = append(links, crawl.Link{URL: "http://y.test/only", Priority: 0.5, Label: crawl.LabelHub})
	if n, err := a.Push(ctx, links); n != 21 || err != nil {
		t.Fatalf("Push = %d, %v; want 21", n, err)
	}
	// y.test's one link is fetched before the revisions come
	if l, err := b.Pop(ctx, func(h string) bool { return h == "y.test" }); err != nil || l.URL != "http://y.test/only" {
		t.Fatalf("Pop(y.test) = %s, %v", l.URL, err)
	}
	if _, err := a.SetFrontierLabels(ctx, []string{"http://x.test/p1"}, nil, nil); err == nil {
		t.Error("SetFrontierLabels with 1 URL and 0 labels = nil error")
	}
	urls := []string{"http://x.test/p1", "http://x.test/p4", "http://x.test/p7", "http://x.test/none", "http://y.test/only", "http://x.test/p19"}
	labels := []string{crawl.LabelTopic, crawl.LabelTopic, "other", crawl.LabelTopic, crawl.LabelTopic, crawl.LabelTopic}
	scores := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}
	found, err := a.SetFrontierLabels(ctx, urls, labels, scores)
	if want := []bool{true, true, true, false, false, true}; err != nil || !slices.Equal(found, want) {
		t.Fatalf("SetFrontierLabels = %v, %v; want %v", found, err, want)
	}
	want := map[string]crawl.Link{
		"http://x.test/p1": {Label: crawl.LabelTopic, Score: 0.1}, "http://x.test/p4": {Label: crawl.LabelTopic, Score: 0.2},
		"http://x.test/p7": {Label: "other", Score: 0.3}, "http://x.test/p19": {Label: crawl.LabelTopic, Score: 0.6},
	}
	popped := 0
	for {
		l, err := b.Pop(ctx, nil)
		if errors.Is(err, frontier.ErrEmpty) || errors.Is(err, frontier.ErrNotReady) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		popped++
		w, revised := want[l.URL]
		if !revised {
			w = crawl.Link{Label: crawl.LabelHub, Score: 0.9}
		}
		if l.Label != w.Label || l.Score != w.Score {
			t.Errorf("Pop: %s labelled %q at %v; want %q at %v", l.URL, l.Label, l.Score, w.Label, w.Score)
		}
		if l.URL == "http://x.test/p7" {
			// a revision of a leased link is kept while its host has links
			// queued (it cannot be told from a queued one), never applied,
			// and goes with the host's queue
			if found, _ := a.SetFrontierLabels(ctx, []string{"http://x.test/p7"}, []string{"x"}, []float64{1}); found[0] != (popped < 20) {
				t.Errorf("SetFrontierLabels of a leased link of a host with links queued = %v", found)
			}
		}
	}
	if popped != 20 {
		t.Errorf("popped %d links, want 20", popped)
	}
	if keys, err := rdb.Keys(ctx, redisfrontier.Prefix("relabel")+"rl:*").Result(); err != nil || len(keys) != 0 {
		t.Errorf("revisions left in Redis with the queue empty: %v, %v", keys, err)
	}
}
