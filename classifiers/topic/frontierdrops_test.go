package topic_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
)

// TestOnURLFrontierDrops: a link the frontier will drop (FrontierDrops)
// keeps the priority it came with, under every strategy; a new link gets
// its parent's score; a link that is not Followable is dropped either way.
func TestOnURLFrontierDrops(t *testing.T) {
	ctx := context.Background()
	for _, strategy := range []string{topic.StrategyBFS, topic.StrategyBestFirst, topic.StrategyAdaptive, topic.StrategyLearned} {
		t.Run(strategy, func(t *testing.T) {
			h, parent := hookAfterPage(t, strategy)
			dropped := crawl.Link{URL: "http://demo/seen", Anchor: "match report", Priority: -7, FrontierDrops: true}
			if err := h.OnURL(ctx, parent, &dropped); err != nil || dropped.Priority != -7 {
				t.Errorf("OnURL(dropped link) = %v, priority %v; want nil, its own -7", err, dropped.Priority)
			}
			fresh := crawl.Link{URL: "http://demo/new", Anchor: "match report", Priority: -7}
			if err := h.OnURL(ctx, parent, &fresh); err != nil || (strategy != topic.StrategyBFS && fresh.Priority == -7) {
				t.Errorf("OnURL(new link) = %v, priority %v; want nil, a score", err, fresh.Priority)
			}
			image := crawl.Link{URL: "http://demo/photo.jpg", FrontierDrops: true}
			if err := h.OnURL(ctx, parent, &image); err == nil {
				t.Error("OnURL(dropped image link) = nil, want ErrSkip (not Followable)")
			}
		})
	}
}

// hookAfterPage is a hook of strategy, with relevance 0.3, that has seen
// one sport page (the parent of the links a test gives it).
func hookAfterPage(t *testing.T, strategy string) (*topic.Hook, *crawl.Page) {
	t.Helper()
	h, err := topic.NewHook(sportModel(t, topic.Config{Strategy: strategy, Relevance: 0.3}), nil)
	if err != nil {
		t.Fatal(err)
	}
	parent := page(t, "http://demo/hub", "sport-101")
	if err := h.OnPage(context.Background(), parent); err != nil {
		t.Fatal(err)
	}
	return h, parent
}

// TestLearnedFrontierDropsLearnsTheSame: the learned strategy skips only
// the score of a link the frontier will drop. Two hooks see the same pages
// and links, one with every link after its first sighting (and every
// link off the site) marked FrontierDrops, as the crawler marks them: the
// new links get the same priorities from both, the link model trains on
// the same examples, and Rescore gives every link the same priority.
func TestLearnedFrontierDropsLearnsTheSame(t *testing.T) {
	ctx := context.Background()
	newHook := func() *topic.Hook {
		h, err := topic.NewHook(sportModel(t, topic.Config{Retrain: 3, Relevance: 0.3}), nil)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	all, marked := newHook(), newHook()
	seen := map[string]bool{}
	var urls []string
	sport := []string{"sport-101", "sport-150", "sport-200", "sport-250", "sport-300", "sport-350", "sport-400", "sport-450"}
	biz := []string{"business-001", "business-002", "business-003", "tech-001", "tech-002", "politics-001", "politics-002", "entertainment-001"}
	skipped := 0
	for i := range sport {
		parentURL := fmt.Sprintf("http://demo/hub/%d", i)
		if i > 0 {
			parentURL = fmt.Sprintf("http://demo/match/%d", i-1) // a page the crawl found through a link
		}
		pa, pb := page(t, parentURL, sport[i]), page(t, parentURL, sport[i])
		if i > 0 {
			pa.Parent, pb.Parent = "http://demo/hub/0", "http://demo/hub/0"
		}
		if err := all.OnPage(ctx, pa); err != nil {
			t.Fatal(err)
		}
		if err := marked.OnPage(ctx, pb); err != nil {
			t.Fatal(err)
		}
		for _, u := range []string{
			"http://demo/match/" + fmt.Sprint(i), "http://demo/market/" + fmt.Sprint(i), // new
			"http://demo/match/0", "http://demo/market/0", "http://demo/hub/0", // seen after the first page
			"http://elsewhere.test/match", // off the site: always dropped
		} {
			a, b := crawl.Link{URL: u, Anchor: "match story"}, crawl.Link{URL: u, Anchor: "match story"}
			b.FrontierDrops = seen[u] || u == "http://elsewhere.test/match"
			if err := all.OnURL(ctx, pa, &a); err != nil {
				t.Fatal(err)
			}
			if err := marked.OnURL(ctx, pb, &b); err != nil {
				t.Fatal(err)
			}
			if b.FrontierDrops {
				skipped++
				if b.Priority != 0 {
					t.Errorf("%s: dropped link's priority %v, want its own 0", u, b.Priority)
				}
			} else if a.Priority != b.Priority {
				t.Errorf("%s: priority %v with marks, %v without", u, b.Priority, a.Priority)
			}
			if !seen[u] {
				seen[u] = true
				urls = append(urls, u)
			}
		}
		m := page(t, fmt.Sprintf("http://demo/market/%d", i), biz[i])
		m.Parent = parentURL
		m2 := *m
		if err := all.OnPage(ctx, m); err != nil {
			t.Fatal(err)
		}
		if err := marked.OnPage(ctx, &m2); err != nil {
			t.Fatal(err)
		}
	}
	if skipped < 20 {
		t.Fatalf("premise: only %d links marked", skipped)
	}
	n1, pos1, neg1 := all.LinkModelStats()
	n2, pos2, neg2 := marked.LinkModelStats()
	if n1 != n2 || pos1 != pos2 || neg1 != neg2 || n1 == 0 {
		t.Errorf("link model: trained %d times on %d/%d with marks, %d on %d/%d without", n2, pos2, neg2, n1, pos1, neg1)
	}
	for _, u := range urls {
		l := crawl.Link{URL: u, Priority: 5}
		if a, b := all.Rescore(&l), marked.Rescore(&l); a != b {
			t.Errorf("Rescore(%s) = %v with marks, %v without", u, b, a)
		}
	}
}

// TestOnURLRefused: a link the crawler will refuse unfetched (Refused)
// keeps the priority it came with under every strategy, and the learned
// strategy keeps nothing of it (Rescore gives it back its own priority:
// nothing pending); a link that is not Followable is still dropped.
func TestOnURLRefused(t *testing.T) {
	ctx := context.Background()
	for _, strategy := range []string{topic.StrategyBFS, topic.StrategyBestFirst, topic.StrategyAdaptive, topic.StrategyLearned} {
		t.Run(strategy, func(t *testing.T) {
			h, parent := hookAfterPage(t, strategy)
			refused := crawl.Link{URL: "http://demo/_sources/match.rst.txt", Anchor: "match report", Priority: -7, Refused: true}
			if err := h.OnURL(ctx, parent, &refused); err != nil || refused.Priority != -7 {
				t.Errorf("OnURL(refused link) = %v, priority %v; want nil, its own -7", err, refused.Priority)
			}
			if got := h.Rescore(&crawl.Link{URL: refused.URL, Priority: 5}); got != 5 {
				t.Errorf("Rescore(refused link) = %v, want its own 5 (nothing kept)", got)
			}
			image := crawl.Link{URL: "http://demo/photo.jpg", Refused: true}
			if err := h.OnURL(ctx, parent, &image); err == nil {
				t.Error("OnURL(refused image link) = nil, want ErrSkip (not Followable)")
			}
		})
	}
}
