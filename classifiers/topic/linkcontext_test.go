package topic_test

import (
	"context"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
)

func TestLinkContextText(t *testing.T) {
	l := &crawl.Link{URL: "http://demo/sport/2005/01/02/holmes-wins-gold-12.html?x=1#top", Anchor: "Holmes wins gold"}
	if got, want := topic.LinkContext(l, true), "Holmes wins gold /sport/2005/01/02/holmes-wins-gold-12.html"; got != want {
		t.Errorf("LinkContext(url words) = %q, want %q", got, want)
	}
	if got := topic.LinkContext(l, false); got != "Holmes wins gold" {
		t.Errorf("LinkContext(no url words) = %q, want the anchor", got)
	}
	if got := topic.LinkContext(&crawl.Link{URL: "http://demo/a/b"}, true); got != "/a/b" {
		t.Errorf("LinkContext(no anchor) = %q, want /a/b", got)
	}
	if got := topic.LinkContext(&crawl.Link{URL: "http://[bad"}, true); got != "" {
		t.Errorf("LinkContext(bad URL) = %q, want empty", got)
	}
}

// TestURLWordsFeatures: with URLWords the seed URLs' section word becomes a
// feature; without it the features come from the content only.
func TestURLWordsFeatures(t *testing.T) {
	if slices.Contains(sportModel(t, topic.Config{}).Terms(), "sport") {
		t.Fatal("precondition: the sport seed texts already make sport a feature; the test needs a word only the URLs have")
	}
	if !slices.Contains(sportModel(t, topic.Config{URLWords: true}).Terms(), "sport") {
		t.Error("URLWords: the seed URLs' word sport is not a feature")
	}
}

// TestLinkContextPriority: with LinkContext the out-links of one page get
// different priorities, higher for the link whose anchor is on the topic;
// with LinkContext 0 (the paper) both get the page's score.
func TestLinkContextPriority(t *testing.T) {
	ctx := context.Background()
	sportAnchor := firstWords(t, "sport-101", 12)
	bizAnchor := firstWords(t, "business-002", 12)
	for _, strategy := range []string{topic.StrategyBestFirst, topic.StrategyAdaptive} {
		for _, w := range []float64{0, 0.75} {
			h, err := topic.NewHook(sportModel(t, topic.Config{Strategy: strategy, LinkContext: w, URLWords: true}), nil)
			if err != nil {
				t.Fatal(err)
			}
			parent := page(t, "http://demo/sport/p", "sport-003")
			if err := h.OnPage(ctx, parent); err != nil {
				t.Fatal(err)
			}
			ls := crawl.Link{URL: "http://demo/sport/2005/01/02/a-1.html", Anchor: sportAnchor}
			lb := crawl.Link{URL: "http://demo/business/2005/01/02/b-2.html", Anchor: bizAnchor}
			for _, l := range []*crawl.Link{&ls, &lb} {
				if err := h.OnURL(ctx, parent, l); err != nil {
					t.Fatal(err)
				}
			}
			if w == 0 {
				if ls.Priority != lb.Priority || ls.Priority <= 0 {
					t.Errorf("%s, LinkContext 0: priorities %v, %v; want both the page's score", strategy, ls.Priority, lb.Priority)
				}
				continue
			}
			if ls.Priority <= lb.Priority {
				t.Errorf("%s, LinkContext %v: sport link %v ≤ business link %v", strategy, w, ls.Priority, lb.Priority)
			}
		}
	}
	// bfs ignores the link context.
	h, err := topic.NewHook(sportModel(t, topic.Config{Strategy: topic.StrategyBFS, LinkContext: 0.75}), nil)
	if err != nil {
		t.Fatal(err)
	}
	parent := page(t, "http://demo/sport/p", "sport-003")
	if err := h.OnPage(ctx, parent); err != nil {
		t.Fatal(err)
	}
	l := crawl.Link{URL: "http://demo/sport/x.html", Anchor: sportAnchor}
	if err := h.OnURL(ctx, parent, &l); err != nil || l.Priority != 0 {
		t.Errorf("bfs with LinkContext: priority %v, %v; want 0", l.Priority, err)
	}
	if err := (topic.Config{LinkContext: 1.5}).Validate(); err == nil {
		t.Error("Validate(LinkContext 1.5) = nil")
	}
}

// firstWords returns the first n words of a test article.
func firstWords(t testing.TB, name string, n int) string {
	words := []rune(article(t, name))
	count, i := 0, 0
	for ; i < len(words) && count < n; i++ {
		if words[i] == ' ' {
			count++
		}
	}
	return string(words[:i])
}
