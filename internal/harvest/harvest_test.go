package harvest_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/internal/harvest"
)

func startSite(t *testing.T) *demosite.Site {
	t.Helper()
	site, err := demosite.New(demosite.Config{CrawlDelay: time.Millisecond, SlowDelay: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := site.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })
	return site
}

// TestStrategies crawls the demo site for sport from 10 sport articles with
// a 400-page budget with each strategy (and the ground-truth oracle), logs
// the harvest rates and checks that the crawls used their budget, that
// best-first beats breadth-first and the oracle beats best-first.
func TestStrategies(t *testing.T) {
	site := startSite(t)
	got := map[string]harvest.Result{}
	var all []harvest.Result
	for _, s := range []string{topic.StrategyBFS, topic.StrategyBestFirst, topic.StrategyAdaptive, harvest.StrategyOracle} {
		r, err := harvest.Run(context.Background(), site, harvest.Options{Strategy: s})
		if err != nil {
			t.Fatalf("Run(%s): %v", s, err)
		}
		if r.Crawled != 400 || r.Reason != "max-pages" {
			t.Errorf("%s: crawled %d pages, ended %q; want 400, max-pages", s, r.Crawled, r.Reason)
		}
		if r.TrueHarvest <= 0 || r.TrueHarvest > 1 || r.MeasuredHarvest <= 0 || r.MeasuredHarvest > 1 {
			t.Errorf("%s: harvest true %v, measured %v out of (0, 1]", s, r.TrueHarvest, r.MeasuredHarvest)
		}
		if last := r.TrueCurve[len(r.TrueCurve)-1]; last.Crawled != r.Crawled || last.Relevant != r.Truth {
			t.Errorf("%s: curve ends at %+v, want %d crawled, %d relevant", s, last, r.Crawled, r.Truth)
		}
		got[s] = r
		all = append(all, r)
	}
	for _, r := range all {
		t.Logf("%-10s true harvest %.3f, measured %.3f, updates %d/%d, %s", r.Strategy, r.TrueHarvest, r.MeasuredHarvest, r.Updates, r.Rejected, r.Reason)
	}
	if bf, bfs := got[topic.StrategyBestFirst].TrueHarvest, got[topic.StrategyBFS].TrueHarvest; bf < bfs+0.05 {
		t.Errorf("best-first true harvest %.3f, want ≥ bfs %.3f + 0.05", bf, bfs)
	}
	if or, bf := got[harvest.StrategyOracle].TrueHarvest, got[topic.StrategyBestFirst].TrueHarvest; or <= bf {
		t.Errorf("oracle true harvest %.3f ≤ best-first %.3f", or, bf)
	}
	if got[topic.StrategyAdaptive].Updates == 0 {
		t.Error("adaptive crawl made no centroid update")
	}
}

// TestFewSeeds checks that a crawl from only 3 seeds neither stalls nor
// hangs: without a limit it spends its budget; with the scope limited to
// depth 1 the frontier runs dry and the crawl ends and says so.
func TestFewSeeds(t *testing.T) {
	site := startSite(t)
	r, err := harvest.Run(context.Background(), site, harvest.Options{Seeds: 3, Budget: 100})
	if err != nil {
		t.Fatal(err)
	}
	if r.Crawled != 100 || r.Reason != "max-pages" {
		t.Errorf("3 seeds: crawled %d, ended %q; want 100, max-pages", r.Crawled, r.Reason)
	}
	r, err = harvest.Run(context.Background(), site, harvest.Options{Seeds: 3, MaxDepth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Reason != "frontier-empty" || r.Crawled <= 3 || r.Crawled >= 400 || r.Queued != 0 {
		t.Errorf("3 seeds, depth 1: crawled %d, ended %q, %d queued; want 3 < crawled < 400, frontier-empty, 0 queued", r.Crawled, r.Reason, r.Queued)
	}
	t.Logf("3 seeds, depth 1: %d pages, ended %s", r.Crawled, r.Reason)
}

func TestSectionSeeds(t *testing.T) {
	site := startSite(t)
	seeds, err := harvest.SectionSeeds(context.Background(), site, "tech", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(seeds) != 5 {
		t.Fatalf("SectionSeeds = %d URLs, want 5", len(seeds))
	}
	for _, u := range seeds {
		if tr, ok := site.Truth(u); !ok || tr.Kind != "article" || tr.Topic != "tech" {
			t.Errorf("seed %s is %+v, want a tech article", u, tr)
		}
	}
}

func TestCorpusSeeds(t *testing.T) {
	site := startSite(t)
	want := site.SportSeeds(10)
	got, err := harvest.CorpusSeeds(context.Background(), site, "sport", 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("CorpusSeeds(sport) = %v, want SportSeeds %v", got, want)
	}
	biz, err := harvest.CorpusSeeds(context.Background(), site, "business", 3)
	if err != nil || len(biz) != 3 {
		t.Fatalf("CorpusSeeds(business) = %v, %v", biz, err)
	}
	for _, u := range biz {
		if tr, _ := site.Truth(u); tr.Topic != "business" || tr.Kind != "article" {
			t.Errorf("seed %s is %+v", u, tr)
		}
	}
}
