package pipeline

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/classifiers/topic/redisshare"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/htmldecode"
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

// newTopicBuiltin fetches the topic's seed pages (the crawl's seeds when
// topic.seeds is empty) and builds the centroid from them; with
// topic.corpus, best-first uses a TF-IDF centroid trained on the corpus.
func newTopicBuiltin(ctx context.Context, cfg *config.Config, seeds []string, fetcher *crawler.Outside, log *slog.Logger) (*topicBuiltin, error) {
	tc := topic.Config{
		Strategy: cfg.Topic.Strategy, Terms: cfg.Topic.Terms, Relevance: cfg.Topic.Relevance,
		Update: cfg.Topic.Update, DriftFloor: cfg.Topic.DriftFloor, Language: cfg.Topic.Language, Stem: cfg.Topic.Stem,
		LinkContext: cfg.Topic.LinkContext, URLWords: cfg.Topic.URLWords,
		Calibration: cfg.Topic.Calibration, ThresholdRule: cfg.Topic.ThresholdRule, Retrain: cfg.Topic.Retrain,
		FixedRefresh: cfg.Topic.FixedRefresh, LinkLabels: cfg.Topic.LinkLabels, ContentBytes: cfg.Topic.ContentBytes,
	}
	pages := fetchSeedPages(ctx, fetcher, seeds, cfg.Politeness.Workers, log)
	if len(pages) == 0 {
		return nil, fmt.Errorf("pipeline: topic: none of the %d topic seed pages could be fetched", len(seeds))
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

// fetchSeedPages GETs and parses each seed page through fetcher, as the
// crawl fetches its pages: robots.txt obeyed, each host's politeness
// (delay, per_host_parallel, Crawl-delay), the crawl's identity, proxy and
// cookies (Pipeline.seedFetcher). Failures, robots.txt's refusals among
// them, are logged and skipped. Up to workers pages (politeness.workers)
// are fetched at once, so that a crawl with many seed pages on several
// sites does not wait for them one after another; they come back in the
// order of urls.
func fetchSeedPages(ctx context.Context, fetcher *crawler.Outside, urls []string, workers int, log *slog.Logger) []topic.SeedPage {
	all := make(chan struct{}, max(workers, 1))
	pages := make([]*topic.SeedPage, len(urls))
	var wg sync.WaitGroup
	for i, u := range urls {
		wg.Go(func() {
			var doc *html.Node
			var final string
			err := fetcher.Do(ctx, u, func(client *http.Client) (err error) {
				all <- struct{}{} // once the host lets it go: a page waiting for its host holds no slot
				defer func() { <-all }()
				doc, final, err = fetchHTML(ctx, client, u)
				return err
			})
			if err != nil {
				log.Warn("topic seed page skipped", "url", u, "err", err)
				return
			}
			pages[i] = &topic.SeedPage{URL: final, Doc: doc}
		})
	}
	wg.Wait()
	var out []topic.SeedPage
	for _, p := range pages {
		if p != nil {
			out = append(out, *p)
		}
	}
	return out
}

// focusMargin is the frontier focus margin the topic configuration asks
// for: none without a focused strategy.
func focusMargin(t config.Topic) float64 {
	if !t.Enabled || t.Strategy == topic.StrategyBFS {
		return 0
	}
	return t.FocusMargin
}

// maxSeedPage bounds a topic seed page; a larger one is an error, not a
// silently truncated page.
const maxSeedPage = 10 << 20

func fetchHTML(ctx context.Context, client *http.Client, u string) (*html.Node, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("status %d", resp.StatusCode)
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxSeedPage+1))
	if err != nil {
		return nil, "", err
	}
	if len(raw) > maxSeedPage {
		return nil, "", fmt.Errorf("page larger than %d MiB", maxSeedPage>>20)
	}
	doc, err := htmldecode.Parse(raw, resp.Header.Get("Content-Type"))
	if err != nil {
		return nil, "", err
	}
	return doc, resp.Request.URL.String(), nil
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
