package topic_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/hooks"
)

// page builds a crawl.Page whose content is the given article.
func page(t testing.TB, url, name string) *crawl.Page {
	return &crawl.Page{URL: url, FinalURL: url, Doc: parse(t, "<p>"+article(t, name)+"</p>"), Relevance: -1}
}

func TestHookStrategies(t *testing.T) {
	ctx := context.Background()
	for _, strategy := range []string{topic.StrategyBFS, topic.StrategyBestFirst, topic.StrategyAdaptive, topic.StrategyLearned} {
		t.Run(strategy, func(t *testing.T) {
			m := sportModel(t, topic.Config{Strategy: strategy})
			h, err := topic.NewHook(m, nil)
			if err != nil {
				t.Fatal(err)
			}
			sport, biz := page(t, "http://demo/s", "sport-003"), page(t, "http://demo/b", "business-001")
			for _, p := range []*crawl.Page{sport, biz} {
				if err := h.OnPage(ctx, p); err != nil {
					t.Fatalf("OnPage: %v", err)
				}
			}
			if !sport.Relevant || biz.Relevant || sport.Relevance <= biz.Relevance {
				t.Errorf("relevance sport %.3f (%v), business %.3f (%v)", sport.Relevance, sport.Relevant, biz.Relevance, biz.Relevant)
			}
			ls, lb := crawl.Link{URL: "http://demo/x"}, crawl.Link{URL: "http://demo/y"}
			if err := h.OnURL(ctx, sport, &ls); err != nil {
				t.Fatal(err)
			}
			if err := h.OnURL(ctx, biz, &lb); err != nil {
				t.Fatal(err)
			}
			switch strategy {
			case topic.StrategyBFS:
				if ls.Priority != 0 || lb.Priority != 0 {
					t.Errorf("bfs priorities %v, %v; want 0", ls.Priority, lb.Priority)
				}
			case topic.StrategyBestFirst:
				ws := m.SeedScore(m.Vector(topic.ExtractContent(sport.Doc).Text))
				wb := m.SeedScore(m.Vector(topic.ExtractContent(biz.Doc).Text))
				if ls.Priority != ws || lb.Priority != wb || ws <= wb {
					t.Errorf("best-first priorities %v, %v; want the cosines to the seed centroid %v > %v", ls.Priority, lb.Priority, ws, wb)
				}
			default:
				if acc, _ := m.Updates(); acc != 1 {
					t.Errorf("%s: %d updates, want 1 (the sport page)", strategy, acc)
				}
				if ls.Priority <= lb.Priority {
					t.Errorf("%s priorities sport %v ≤ business %v", strategy, ls.Priority, lb.Priority)
				}
			}
			if got := h.Harvest().Now(); got.Crawled != 2 || got.Relevant != 1 {
				t.Errorf("Harvest().Now() = %+v, want 2 crawled, 1 relevant", got)
			}
		})
	}
}

func TestHookURL(t *testing.T) {
	ctx := context.Background()
	h, err := topic.NewHook(sportModel(t, topic.Config{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	l := crawl.Link{URL: "http://demo/setup.exe", Priority: 3}
	if err := h.OnURL(ctx, nil, &l); !errors.Is(err, hooks.ErrSkip) {
		t.Errorf("OnURL(exe) = %v, want ErrSkip", err)
	}
	l = crawl.Link{URL: "http://demo/", Priority: 3}
	if err := h.OnURL(ctx, nil, &l); err != nil || l.Priority != 3 {
		t.Errorf("OnURL(seed) = %v, priority %v; want nil, unchanged", err, l.Priority)
	}
	// A parent whose OnPage did not run is scored on the spot, without
	// updating the model: an on-topic one gives its link a higher priority
	// than an off-topic one.
	p := page(t, "http://demo/never-seen", "sport-004")
	if err := h.OnURL(ctx, p, &l); err != nil {
		t.Errorf("OnURL(unseen parent) = %v", err)
	}
	off := crawl.Link{URL: "http://demo/other"}
	if err := h.OnURL(ctx, page(t, "http://demo/never-seen-2", "business-002"), &off); err != nil || l.Priority <= off.Priority {
		t.Errorf("OnURL(unseen parents) = %v, priorities sport %v ≤ business %v", err, l.Priority, off.Priority)
	}
	if acc, _ := h.Model().Updates(); acc != 0 {
		t.Errorf("OnURL updated the model %d times", acc)
	}
	if _, err := topic.NewHook(nil, nil); err == nil {
		t.Error("NewHook(nil) = nil error")
	}
}

func TestHookConcurrent(t *testing.T) {
	ctx := context.Background()
	h, err := topic.NewHook(sportModel(t, topic.Config{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"sport-101", "sport-200", "business-002", "tech-003", "sport-450"}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i, n := range names {
				p := page(t, fmt.Sprintf("http://demo/%d/%d", w, i), n)
				if err := h.OnPage(ctx, p); err != nil {
					t.Error(err)
				}
				l := crawl.Link{URL: "http://demo/next"}
				if err := h.OnURL(ctx, p, &l); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if got := h.Harvest().Now().Crawled; got != 4*len(names) {
		t.Errorf("Harvest crawled %d, want %d", got, 4*len(names))
	}
}
