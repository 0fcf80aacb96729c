package hub_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/hooks"
)

const (
	hubURL   = "http://www.example.com/category/business/"
	topicURL = "http://www.example.com/2014/03/05/senate-passes-the-new-budget-bill-after-long-debate/"
)

func TestHookPolicies(t *testing.T) {
	c := defaultClassifier(t)
	tests := []struct {
		policy   hub.Policy
		url      string
		depth    int
		skip     bool
		priority float64
	}{
		{hub.Policy{}, hubURL, 5, false, 1},
		{hub.Policy{}, topicURL, 5, false, 1},
		{hub.Policy{Mode: hub.BoostHubs}, hubURL, 1, false, 1.5},
		{hub.Policy{Mode: hub.BoostHubs, Boost: 2}, hubURL, 1, false, 3},
		{hub.Policy{Mode: hub.BoostHubs}, topicURL, 1, false, 1},
		{hub.Policy{Mode: hub.HubsOnlyBeyondDepth, Depth: 2}, topicURL, 2, false, 1},
		{hub.Policy{Mode: hub.HubsOnlyBeyondDepth, Depth: 2}, topicURL, 3, true, 1},
		{hub.Policy{Mode: hub.HubsOnlyBeyondDepth, Depth: 2}, hubURL, 3, false, 1},
		{hub.Policy{Mode: hub.SkipHubs}, hubURL, 1, true, 1},
		{hub.Policy{Mode: hub.SkipHubs}, topicURL, 1, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.policy.Mode.String(), func(t *testing.T) {
			h, err := hub.NewHook(c, tt.policy)
			if err != nil {
				t.Fatal(err)
			}
			var chain hooks.Chain
			chain.OnURL(h)
			link := &crawl.Link{URL: tt.url, Depth: tt.depth, Priority: 1}
			err = chain.RunURL(context.Background(), nil, link)
			if got := errors.Is(err, hooks.ErrSkip); got != tt.skip || (err != nil && !got) {
				t.Fatalf("RunURL(%s, depth %d) err = %v, want skip %v", tt.url, tt.depth, err, tt.skip)
			}
			want := "topic"
			if tt.url == hubURL {
				want = "hub"
			}
			if link.Label != want || link.Score <= 0 || link.Score >= 1 {
				t.Errorf("link label %q score %v, want %s with a probability", link.Label, link.Score, want)
			}
			if link.Priority != tt.priority {
				t.Errorf("priority %v, want %v", link.Priority, tt.priority)
			}
		})
	}
}

// TestHookAnchor: OnURL hands the link's anchor text to the classifier, so
// the shipped anchor layer decides a wordless article URL by its headline.
func TestHookAnchor(t *testing.T) {
	h, err := hub.NewHook(defaultClassifier(t), hub.Policy{Mode: hub.SkipHubs})
	if err != nil {
		t.Fatal(err)
	}
	var chain hooks.Chain
	chain.OnURL(h)
	const story = "http://online.wsj.com/article/SB123155200027870311.html?mod=rss_US_News"
	bare := &crawl.Link{URL: story, Depth: 1, Priority: 1}
	if err := chain.RunURL(context.Background(), nil, bare); !errors.Is(err, hooks.ErrSkip) || bare.Label != "hub" {
		t.Fatalf("link without anchor: label %q, err %v; want hub, skipped", bare.Label, err)
	}
	headline := &crawl.Link{URL: story, Anchor: "One Firm Still Sells Stocks Door-...", Depth: 1, Priority: 1}
	if err := chain.RunURL(context.Background(), nil, headline); err != nil || headline.Label != "topic" || headline.Score >= 0.5 {
		t.Errorf("link with its headline: label %q score %v, err %v; want topic, kept", headline.Label, headline.Score, err)
	}
}

func TestHookPage(t *testing.T) {
	h, err := hub.NewHook(defaultClassifier(t), hub.Policy{Mode: hub.SkipHubs})
	if err != nil {
		t.Fatal(err)
	}
	var chain hooks.Chain
	chain.OnPage(h)
	page := &crawl.Page{URL: "http://www.example.com/r", FinalURL: hubURL, Size: 80000, Depth: 1}
	if err := chain.RunPage(context.Background(), page); err != nil {
		t.Fatal(err)
	}
	if page.Label != "hub" || page.Score <= 0.5 {
		t.Errorf("page label %q score %v, want hub (from FinalURL)", page.Label, page.Score)
	}
}

func TestNewHookErrors(t *testing.T) {
	c := defaultClassifier(t)
	for _, p := range []hub.Policy{{Mode: 7}, {Mode: hub.HubsOnlyBeyondDepth, Depth: -1}} {
		if _, err := hub.NewHook(c, p); err == nil {
			t.Errorf("NewHook(%+v): no error", p)
		}
	}
	if _, err := hub.NewHook(nil, hub.Policy{}); err == nil {
		t.Error("NewHook(nil): no error")
	}
	for _, name := range []string{"", "tag", "boost", "hubs-beyond-depth", "skip-hubs"} {
		m, err := hub.ParseMode(name)
		if err != nil || (name != "" && m.String() != name) {
			t.Errorf("ParseMode(%q) = %v, %v", name, m, err)
		}
	}
	if _, err := hub.ParseMode("hubs"); err == nil {
		t.Error("ParseMode(hubs): no error")
	}
}

func TestHookConcurrent(t *testing.T) {
	h, err := hub.NewHook(defaultClassifier(t), hub.Policy{Mode: hub.BoostHubs})
	if err != nil {
		t.Fatal(err)
	}
	ex := loadURLs(t)[:400]
	want := make([]string, len(ex))
	for i, e := range ex {
		l := &crawl.Link{URL: e.URL}
		h.OnURL(context.Background(), nil, l)
		want[i] = l.Label
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(ex); i += 2 {
				l := &crawl.Link{URL: ex[i].URL}
				if err := h.OnURL(context.Background(), nil, l); err != nil || l.Label != want[i] {
					t.Errorf("concurrent OnURL(%s) = %q, %v; want %q", ex[i].URL, l.Label, err, want[i])
				}
			}
		}()
	}
	wg.Wait()
}
