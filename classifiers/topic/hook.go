package topic

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/hooks"
)

// Hook is the focused-crawl hook set: a hooks.PageHook that scores each
// fetched page and a hooks.URLHook that gives each out-link its parent
// page's score as frontier priority. Add it to a chain with both
// chain.OnPage(h) and chain.OnURL(h). It is safe for concurrent use.
//
// For each page, OnPage:
//   - sets page.Relevance = cosine of its content to the SEED centroid and
//     page.Relevant = Relevance ≥ Model.Threshold (the harvest measure,
//     identical for every strategy), and adds it to Harvest;
//   - computes the page's score, the priority of its out-links: 0 for bfs;
//     for best-first the cosine to the static centroid (the seed centroid,
//     or the trained model's); for adaptive the cosine to the CURRENT
//     centroid, after which the page is offered to Model.Update (seed pages
//     themselves are not folded in again).
//
// OnURL (called after OnPage of the same page, with that page as from) sets
// link.Priority to from's score, and drops links that are not Followable.
// A link the frontier will drop (link.FrontierDrops: seen before, or out of
// scope) keeps its priority, which the frontier would throw away; the
// learned strategy still learns from it (its parents, its features the
// first time it is seen). A link the crawler will refuse unfetched
// (link.Refused) keeps its priority too, and teaches nothing: no page of
// it will label its features.
// With Config.LinkContext > 0 (an extension over the paper) the priority
// blends from's score with the cosine of the link's own context (anchor
// text, and URL path words with Config.URLWords) to the same centroid; see
// Config.LinkContext. With URLWords a page's URL path words are also part
// of the text OnPage scores.
type Hook struct {
	cfg     Config
	seeds   *Model
	trained *Model
	scores  cache[float64]
	harvest Harvest
	learner *learner // the learned strategy's state; nil for the others
	sharer  Sharer   // ShareWith (share.go); nil: this process alone

	rescorer    Rescorer // RescoreWith
	rescoring   atomic.Bool
	lastRescore atomic.Pointer[rescoreRun]
}

// NewHook returns the hooks of a focused crawl. seeds is the model built
// from the seed pages (NewFromPages); it measures relevance and, for the
// adaptive strategy, adapts. trained is used only by best-first: when not
// nil (NewFromCorpus) it gives the priorities instead of the seed centroid.
// The strategy and the relevance threshold come from seeds' Config.
func NewHook(seeds, trained *Model) (*Hook, error) {
	if seeds == nil {
		return nil, errors.New("topic: NewHook needs the seed model")
	}
	h := &Hook{cfg: seeds.cfg, seeds: seeds}
	if seeds.cfg.Strategy == StrategyBestFirst {
		h.trained = trained
	}
	h.scores.init(scoreCacheSize)
	if seeds.cfg.Strategy == StrategyLearned {
		h.learner = newLearner(seeds.cfg.Retrain, seeds.cfg.FixedRefresh, seeds.cfg.LinkLabels == LabelsSoft)
		h.learner.seedPats, h.learner.nSeeds = seedPatterns(seeds.seedURLs), len(seeds.seedURLs)
		h.seedExamples()
	}
	return h, nil
}

// Model returns the seed model.
func (h *Hook) Model() *Model { return h.seeds }

// Harvest returns the live harvest tracker of the pages seen by OnPage.
func (h *Hook) Harvest() *Harvest { return &h.harvest }

// OnPage scores page; see Hook.
func (h *Hook) OnPage(ctx context.Context, page *crawl.Page) error {
	var content string // built only for a trained model (best-first from a corpus)
	var v Vector
	if h.trained != nil || page.Doc == nil {
		content = h.pageContent(page)
		v = h.seeds.Vector(content)
	} else {
		v = h.seeds.vectorOfTexts(h.pageTexts(page), h.seeds.vectorWords())
	}
	h.seeds.Observe(v)
	page.Relevance = h.seeds.Judge(v)
	page.Relevant = page.Relevance >= h.seeds.Threshold()
	h.harvest.Add(page.Relevant)
	var score float64
	switch {
	case h.cfg.Strategy == StrategyBFS:
	case h.trained != nil:
		score = h.trained.Score(h.trained.Vector(content))
	case h.cfg.Strategy == StrategyBestFirst:
		score = h.seeds.SeedScore(v)
	default: // adaptive, and learned's cold start
		score = h.seeds.Score(v)
		if !h.seeds.IsSeed(page.URL) && !h.seeds.IsSeed(page.FinalURL) {
			h.seeds.Update(v)
		}
	}
	h.scores.put(page.URL, score)
	if h.learner != nil {
		if pc := h.learnPage(h.learnView(page), score, v); pc != nil {
			page.Keep(pageContextsKey{}, pc) // on page, not on its learning view (a copy)
		}
	}
	return nil
}

// OnURL sets link.Priority to the score of from; see Hook.
func (h *Hook) OnURL(ctx context.Context, from *crawl.Page, link *crawl.Link) error {
	if h.learner != nil && from != nil {
		// A link the learned strategy has pending passed Followable when it
		// was first seen (learnLink keeps only links past the check, and
		// the check is a function of the URL alone): it is not checked
		// again, and its pending record is looked up once (most of a
		// site's links were seen before; the check cost a link ~600
		// instructions, README session 20).
		pl, seen := h.learner.pending.get(link.URL)
		if !seen && !Followable(link.URL) {
			return hooks.ErrSkip
		}
		if link.Refused { // never fetched: it has no priority to get and nothing to teach
			return nil
		}
		if link.FrontierDrops { // its priority would be thrown away; what it teaches is not
			h.learnLink(h.learnView(from), link, pl, seen)
			return nil
		}
		link.Priority = h.learnedPriority(h.learnView(from), link, pl, seen)
		return nil
	}
	if !Followable(link.URL) {
		return hooks.ErrSkip
	}
	if from == nil {
		return nil
	}
	if link.FrontierDrops || link.Refused {
		return nil
	}
	score, ok := h.scores.get(from.URL)
	if !ok { // OnPage did not run for from, or its score was evicted
		score = h.pageScore(from)
	}
	link.Priority = h.priority(score, link)
	return nil
}

// learnView is page as the learned link model sees it: relevant by
// Model.LearnThreshold, which the topical threshold rule may keep above
// the harvest measure's (a copy only when the two labels differ).
func (h *Hook) learnView(page *crawl.Page) *crawl.Page {
	if !page.Relevant || page.Relevance >= h.seeds.LearnThreshold() {
		return page
	}
	cp := *page
	cp.Relevant = false
	return &cp
}

// pageContent is the text the model reads of p: ExtractContent of its
// document (or p.Text without one), its first Config.ContentBytes, and with Config.URLWords the words of
// its URL path.
func (h *Hook) pageContent(p *crawl.Page) string {
	content := contentPrefix(p.Doc, p.Text, h.cfg.ContentBytes)
	if h.cfg.URLWords {
		u := p.FinalURL
		if u == "" {
			u = p.URL
		}
		content = withURLWords(content, u)
	}
	return content
}

// pageTexts is pageContent as the texts it joins with spaces: the texts
// of p's content (contentTexts) and with Config.URLWords its URL path.
func (h *Hook) pageTexts(p *crawl.Page) func(yield func(string)) {
	return func(yield func(string)) {
		contentTexts(p.Doc, h.cfg.ContentBytes, yield)
		if h.cfg.URLWords {
			u := p.FinalURL
			if u == "" {
				u = p.URL
			}
			yield(urlPath(u))
		}
	}
}

// pageScore recomputes a page's score without side effects.
func (h *Hook) pageScore(p *crawl.Page) float64 {
	if h.cfg.Strategy == StrategyBFS {
		return 0
	}
	return h.textScore(h.pageContent(p))
}

// textScore is the score of text under h's strategy (not BFS): the trained
// classifier's, the seeds' fixed centroid's (best-first) or the adaptive
// centroid's, without updating it.
func (h *Hook) textScore(text string) float64 {
	switch {
	case h.trained != nil:
		return h.trained.Score(h.trained.vector(text, false))
	case h.cfg.Strategy == StrategyBestFirst:
		return h.seeds.SeedScore(h.seeds.vector(text, false))
	}
	return h.seeds.Score(h.seeds.vector(text, false))
}

// scoreCacheSize bounds the page scores kept for OnURL: far more than the
// pages in flight at once (OnURL follows OnPage on the same worker).
const scoreCacheSize = 4096
