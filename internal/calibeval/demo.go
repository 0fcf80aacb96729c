package calibeval

import (
	"context"
	"fmt"
	"time"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/internal/harvest"
)

// runDemo crawls the demo site for each topic, as configs/demo.yaml
// crawls it (adaptive, link context 0.75, URL words), from the topic's
// first articles in corpus order and from o.DemoDraws random draws.
func runDemo(ctx context.Context, topics []Topic, o Options) ([]Outcome, error) {
	site, err := demosite.New(demosite.Config{CrawlDelay: time.Millisecond, SlowDelay: 10 * time.Millisecond})
	if err != nil {
		return nil, fmt.Errorf("calibeval: %w", err)
	}
	if err := site.Start(); err != nil {
		return nil, fmt.Errorf("calibeval: %w", err)
	}
	defer site.Close()
	var out []Outcome
	for _, t := range topics {
		sets := map[string][]string{}
		first, err := harvest.CorpusSeeds(ctx, site, t.Name, o.Seeds)
		if err != nil {
			return nil, fmt.Errorf("calibeval: %s: %w", t, err)
		}
		sets["corpus"] = first
		if o.DemoDraws > 0 {
			articles, err := harvest.TopicArticles(ctx, site, t.Name)
			if err != nil {
				return nil, fmt.Errorf("calibeval: %s: %w", t, err)
			}
			for d := range o.DemoDraws {
				s, err := harvest.DrawSeeds(articles, o.Seeds, 1, uint64(d))
				if err != nil {
					return nil, fmt.Errorf("calibeval: %s: %w", t, err)
				}
				sets[fmt.Sprint(d)] = s
			}
		}
		for _, d := range sortedKeys(sets) {
			cfg := o.Model
			cfg.LinkContext, cfg.URLWords = 0.75, true
			r, err := harvest.Run(ctx, site, harvest.Options{Strategy: topic.StrategyAdaptive, GroundTopic: t.Name,
				SeedURLs: sets[d], Budget: o.DemoBudget, Workers: o.Workers, PerHost: 2, Topic: cfg})
			if err != nil {
				return nil, fmt.Errorf("calibeval: %s draw %s: %w", t, d, err)
			}
			out = append(out, Outcome{Topic: t, Strategy: topic.StrategyAdaptive, Draw: d, Truth: r.PageTruth,
				Measured: r.PageMeasured, Relevance: r.PageRelevance, Threshold: r.Threshold, SeedLOO: r.SeedLOO})
		}
	}
	return out, nil
}
