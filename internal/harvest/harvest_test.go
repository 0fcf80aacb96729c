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
	// The same with the link-context extension: priorities differ, the
	// frontier still runs dry and the crawl says so.
	for _, cfg := range []topic.Config{{}, {LinkContext: 0.75, URLWords: true}} {
		r, err = harvest.Run(context.Background(), site, harvest.Options{Seeds: 3, MaxDepth: 1, Topic: cfg})
		if err != nil {
			t.Fatal(err)
		}
		if r.Reason != "frontier-empty" || r.Crawled <= 3 || r.Crawled >= 400 || r.Queued != 0 {
			t.Errorf("3 seeds, depth 1, %+v: crawled %d, ended %q, %d queued; want 3 < crawled < 400, frontier-empty, 0 queued", cfg, r.Crawled, r.Reason, r.Queued)
		}
		t.Logf("3 seeds, depth 1, link context %g: %d pages, ended %s", cfg.LinkContext, r.Crawled, r.Reason)
	}
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

func TestDrawSeeds(t *testing.T) {
	site := startSite(t)
	all, err := harvest.TopicArticles(context.Background(), site, "tech")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 100 {
		t.Fatalf("TopicArticles(tech) = %d URLs, want ≥ 100", len(all))
	}
	a, err := harvest.DrawSeeds(all, 10, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := harvest.DrawSeeds(all, 10, 1, 0)
	other, _ := harvest.DrawSeeds(all, 10, 1, 1)
	if !slices.Equal(a, again) {
		t.Errorf("draw 0 differs between calls: %v, %v", a, again)
	}
	if slices.Equal(a, other) {
		t.Errorf("draws 0 and 1 are the same: %v", a)
	}
	seen := map[string]bool{}
	for _, u := range a {
		if tr, _ := site.Truth(u); tr.Topic != "tech" || tr.Kind != "article" || seen[u] {
			t.Errorf("seed %s is %+v (or repeated)", u, tr)
		}
		seen[u] = true
	}
	if _, err := harvest.DrawSeeds(all[:5], 10, 1, 0); err == nil {
		t.Error("DrawSeeds(5 articles, 10) = nil error")
	}
	if got := harvest.Summary([]float64{0.5, 0.75}); got != "0.500 0.750  mean 0.625  min 0.500" {
		t.Errorf("Summary = %q", got)
	}
}

// TestLinkContextHarvest crawls for tech (a tuning topic, never the
// reported sport) from one random draw of 10 seeds, with the paper's
// page-level priority and with the link-context extension (weight 0.75,
// URL words), and checks that the extension raises the true harvest.
func TestLinkContextHarvest(t *testing.T) {
	site := startSite(t)
	all, err := harvest.TopicArticles(context.Background(), site, "tech")
	if err != nil {
		t.Fatal(err)
	}
	seeds, err := harvest.DrawSeeds(all, 10, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	run := func(cfg topic.Config) harvest.Result {
		r, err := harvest.Run(context.Background(), site, harvest.Options{GroundTopic: "tech", SeedURLs: seeds, Topic: cfg})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	paper := run(topic.Config{})
	ext := run(topic.Config{LinkContext: 0.75, URLWords: true})
	t.Logf("tech, draw 0: adaptive true harvest %.3f (paper), %.3f (link context 0.75, URL words)", paper.TrueHarvest, ext.TrueHarvest)
	if ext.TrueHarvest < paper.TrueHarvest+0.05 {
		t.Errorf("link context: true harvest %.3f, want ≥ paper %.3f + 0.05", ext.TrueHarvest, paper.TrueHarvest)
	}
}

// TestSportTarget is the target with the settings configs/demo.yaml
// ships (link context 0.75, URL words): an adaptive crawl for sport from
// the 10 sport seeds with a 400-page budget reaches a true harvest of at
// least 0.85 (measured 0.97–0.98; the paper's page-level priority alone
// gets 0.62–0.68 from these all-athletics seeds, see README.md). Nothing
// was tuned on sport: the settings come from the four other topics.
func TestSportTarget(t *testing.T) {
	site := startSite(t)
	r, err := harvest.Run(context.Background(), site, harvest.Options{
		Strategy: topic.StrategyAdaptive,
		Topic:    topic.Config{LinkContext: 0.75, URLWords: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("sport, adaptive + link context: true harvest %.3f over %d pages (%s)", r.TrueHarvest, r.Crawled, r.Reason)
	if r.Crawled != 400 || r.TrueHarvest < 0.85 {
		t.Errorf("adaptive true harvest %.3f over %d pages, want ≥ 0.85 over 400", r.TrueHarvest, r.Crawled)
	}
}
