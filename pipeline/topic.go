package pipeline

import (
	"fmt"
	"os"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/classifiers/topic/redisshare"
	"github.com/crawl-project/crawl/config"
)

// topicBuiltin is focused crawling (paper 003): OnPage scores each page
// against the topic centroid (relevance, harvest, adaptive update), OnURL
// gives each out-link its page's score as priority (blended with the link's
// own context score when topic.link_context > 0).
type topicBuiltin struct {
	*topic.Hook
	focus float64                // the frontier's focus margin (0: off)
	share *redisshare.Share      // a distributed crawl's shared judgements (topicshare.go); nil: none
	stats *redisshare.StatsShare // a distributed crawl's shared statistics (topicshare.go); nil: none
}

// newTopicBuiltin builds the centroid from the topic's seed pages (the
// crawl's seeds when topic.seeds is empty), of which asked were asked for
// and pages could be fetched (seedpages.go); with topic.corpus,
// best-first uses a TF-IDF centroid trained on the corpus.
func newTopicBuiltin(cfg *config.Config, asked int, pages []topic.SeedPage) (*topicBuiltin, error) {
	tc := topic.Config{
		Strategy: cfg.Topic.Strategy, Terms: cfg.Topic.Terms, Relevance: cfg.Topic.Relevance,
		Update: cfg.Topic.Update, DriftFloor: cfg.Topic.DriftFloor, Language: cfg.Topic.Language, Stem: cfg.Topic.Stem,
		LinkContext: cfg.Topic.LinkContext, URLWords: cfg.Topic.URLWords,
		Calibration: cfg.Topic.Calibration, ThresholdRule: cfg.Topic.ThresholdRule, Retrain: cfg.Topic.Retrain,
		FixedRefresh: cfg.Topic.FixedRefresh, LinkLabels: cfg.Topic.LinkLabels, ContentBytes: cfg.Topic.ContentBytes,
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("pipeline: topic: none of the %d topic seed pages could be fetched", asked)
	}
	model, err := topic.NewFromPages(tc, pages)
	if err != nil {
		return nil, fmt.Errorf("pipeline: topic: %w", err)
	}
	var trained *topic.Model
	if cfg.Topic.Corpus != "" {
		if trained, err = topic.NewFromCorpus(tc, os.DirFS(cfg.Topic.Corpus), cfg.Topic.CorpusTopic); err != nil {
			return nil, fmt.Errorf("pipeline: topic corpus %s: %w", cfg.Topic.Corpus, err)
		}
	}
	h, err := topic.NewHook(model, trained)
	if err != nil {
		return nil, err
	}
	return &topicBuiltin{Hook: h, focus: focusMargin(cfg.Topic)}, nil
}

// focusMargin is the frontier focus margin the topic configuration asks
// for: none without a focused strategy.
func focusMargin(t config.Topic) float64 {
	if !t.Enabled || t.Strategy == topic.StrategyBFS {
		return 0
	}
	return t.FocusMargin
}

func (t *topicBuiltin) reportLines() []string {
	acc, rej := t.Model().Updates()
	cfg := t.Model().Config()
	priority := "page cosine (paper)"
	switch {
	case cfg.Strategy == topic.StrategyLearned:
		n, pos, neg := t.LinkModelStats()
		priority = fmt.Sprintf("learned link model (trained %d times on %d relevant / %d other pages)", n, pos, neg)
	case cfg.LinkContext > 0 && cfg.Strategy != topic.StrategyBFS:
		priority = fmt.Sprintf("link context %g", cfg.LinkContext)
		if cfg.URLWords {
			priority += " with URL words"
		}
	}
	if t.focus > 0 {
		priority += fmt.Sprintf(", focus margin %g", t.focus)
	}
	rel := fmt.Sprintf("relevance threshold %.3f (topic.relevance)", t.Model().Threshold())
	if cfg.Relevance == 0 {
		rel = fmt.Sprintf("relevance threshold %.3f (calibrated by the %s rule from %d seed pages and the pages seen, scaled by %g)",
			t.Model().Threshold(), cfg.ThresholdRule, t.Model().Seeds(), cfg.Calibration)
	}
	return append([]string{
		fmt.Sprintf("topic           %s, priority %s: centroid updated %d times (%d rejected by the drift guard), drift cosine %.3f",
			cfg.Strategy, priority, acc, rej, t.Model().Drift()),
		"harvest         " + harvestAt(t.Harvest().Curve(1)) + ", " + rel,
	}, t.shareLine()...)
}

// harvestAt renders the harvest rate after 100 and 500 pages and at the
// end of this run.
func harvestAt(curve []topic.Point) string {
	if len(curve) == 0 {
		return "no pages"
	}
	var parts []string
	for _, n := range []int{100, 500} {
		if n <= len(curve) {
			parts = append(parts, fmt.Sprintf("@%d %.3f", n, curve[n-1].Rate))
		}
	}
	last := curve[len(curve)-1]
	return strings.Join(append(parts, fmt.Sprintf("@final(%d) %.3f", last.Crawled, last.Rate)), ", ")
}
