package linkgraph

import (
	"context"
	"errors"
	"fmt"
	"html"
	"math/rand/v2"
	"strings"

	xhtml "golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
)

// StrategyOracle is the replay's reference strategy: a link's priority is
// 1 when its target is on the topic (the ground truth), else 0, so the
// crawl fetches every on-topic page it can reach before any other: the
// best harvest a crawl from these seeds can reach with these workers.
const StrategyOracle = "oracle"

// The learned strategy with its link labels set (topic.Config.LinkLabels),
// so that both kinds run from the same draws in one evaluation.
const (
	StrategyLearnedBinary = "learned-binary"
	StrategyLearnedSoft   = "learned-soft"
)

// Options configure one replay.
type Options struct {
	Topic    string       // the ground-truth label crawled for
	Seeds    []int        // page indexes of the seeds (also the topic's seed pages)
	Strategy string       // bfs, best-first, adaptive, learned, learned-binary, learned-soft or oracle
	Workers  int          // fetches in flight; default 1
	Budget   int          // pages to fetch; default 200
	Model    topic.Config // the topic model's configuration; Strategy is set from Strategy
	// RescoreEvery: every this many pages the queued links are rescored
	// (frontier.Rescorer, topic.Hook.Rescore); 0: after each training of
	// the learned link model, as a crawl does (topic.Hook.RescoreWith);
	// negative: never.
	RescoreEvery int
}

// Result is what a replay fetched, in fetch order.
type Result struct {
	Pages    []int  // page indexes
	Truth    []bool // the page carries the topic label
	Measured []bool // the topic hook called it relevant (crawl.Page.Relevant)
	// Relevance is each page's relevance as the hook measured it
	// (crawl.Page.Relevance), and SeedLOO the seed pages' leave-one-out
	// cosines of the relevance space it was measured in (the calibration's
	// input; topic.Model.SeedLOO).
	Relevance []float64
	SeedLOO   [][]float64
	// Threshold is the relevance threshold at the end of the crawl
	// (calibrated from the seeds and the pages seen unless Model.Relevance
	// was set).
	Threshold float64
}

// At returns the true harvest after the first n fetched pages (all of
// them when fewer were fetched).
func (r Result) At(n int) float64 { return rate(r.Truth, n) }

// MeasuredAt is At for the hook's own relevance.
func (r Result) MeasuredAt(n int) float64 { return rate(r.Measured, n) }

func rate(b []bool, n int) float64 {
	n = min(n, len(b))
	if n == 0 {
		return 0
	}
	k := 0
	for _, x := range b[:n] {
		if x {
			k++
		}
	}
	return float64(k) / float64(n)
}

// Replay crawls g from the seeds with the real topic hook and the real
// memory frontier, page by page: the pages are served from g instead of a
// network. With W workers W links are in flight: a popped link's page is
// processed (hooks run, out-links pushed) after the W−1 links popped
// before it, as when every fetch takes the same time. Per-host limits do
// not apply (a graph is one site). The topic model is built from the seed
// pages as a crawl builds it from the fetched seeds.
func Replay(ctx context.Context, g *Graph, o Options) (Result, error) {
	if o.Workers <= 0 {
		o.Workers = 1
	}
	if o.Budget <= 0 {
		o.Budget = 200
	}
	if len(o.Seeds) == 0 {
		return Result{}, errors.New("linkgraph: no seeds")
	}
	cfg := o.Model
	cfg.Strategy = o.Strategy
	switch o.Strategy {
	case StrategyOracle:
		cfg.Strategy = topic.StrategyBestFirst
	case StrategyLearnedBinary:
		cfg.Strategy, cfg.LinkLabels = topic.StrategyLearned, topic.LabelsBinary
	case StrategyLearnedSoft:
		cfg.Strategy, cfg.LinkLabels = topic.StrategyLearned, topic.LabelsSoft
	}
	seedPages := make([]topic.SeedPage, len(o.Seeds))
	for i, s := range o.Seeds {
		seedPages[i] = topic.SeedPage{URL: g.Pages[s].URL, Doc: g.doc(s)}
	}
	model, err := topic.NewFromPages(cfg, seedPages)
	if err != nil {
		return Result{}, fmt.Errorf("linkgraph: %w", err)
	}
	hook, err := topic.NewHook(model, nil)
	if err != nil {
		return Result{}, fmt.Errorf("linkgraph: %w", err)
	}
	chain := &hooks.Chain{}
	chain.OnPage(hook)
	chain.OnURL(hook)
	byURL := make(map[string]int, len(g.Pages))
	for i, p := range g.Pages {
		byURL[p.URL] = i
	}
	if o.Strategy == StrategyOracle {
		chain.OnURL(hooks.URLFunc(func(_ context.Context, _ *crawl.Page, l *crawl.Link) error {
			l.Priority = 0
			if g.Has(byURL[l.URL], o.Topic) {
				l.Priority = 1
			}
			return nil
		}))
	}
	fr, err := frontier.NewMemory(frontier.Config{})
	if err != nil {
		return Result{}, fmt.Errorf("linkgraph: %w", err)
	}
	defer fr.Close()
	seeds := make([]crawl.Link, len(o.Seeds))
	for i, s := range o.Seeds {
		seeds[i] = crawl.Link{URL: g.Pages[s].URL, Priority: 1e9}
	}
	if _, err := fr.Push(ctx, seeds); err != nil {
		return Result{}, fmt.Errorf("linkgraph: %w", err)
	}
	var res Result
	var inflight []crawl.Link
	trained := 0
	for len(res.Pages) < o.Budget {
		for len(inflight) < o.Workers && len(res.Pages)+len(inflight) < o.Budget {
			l, err := fr.Pop(ctx, nil)
			if errors.Is(err, frontier.ErrEmpty) {
				break
			}
			if err != nil {
				return res, fmt.Errorf("linkgraph: %w", err)
			}
			inflight = append(inflight, l)
		}
		if len(inflight) == 0 {
			break
		}
		l := inflight[0]
		inflight = inflight[1:]
		i := byURL[l.URL]
		page := g.page(i, l)
		if err := chain.RunPage(ctx, page); err != nil {
			return res, fmt.Errorf("linkgraph: OnPage %s: %w", page.URL, err)
		}
		var push []crawl.Link
		for _, out := range page.Links {
			err := chain.RunURL(ctx, page, &out)
			if errors.Is(err, hooks.ErrSkip) {
				continue
			}
			if err != nil {
				return res, fmt.Errorf("linkgraph: OnURL %s: %w", out.URL, err)
			}
			push = append(push, out)
		}
		if _, err := fr.Push(ctx, push); err != nil {
			return res, fmt.Errorf("linkgraph: %w", err)
		}
		if n := hook.Trainings(); o.RescoreEvery == 0 && n != trained || o.RescoreEvery > 0 && (len(res.Pages)+1)%o.RescoreEvery == 0 {
			trained = n
			if _, err := fr.Rescore(ctx, hook.Rescore); err != nil {
				return res, fmt.Errorf("linkgraph: %w", err)
			}
		}
		res.Pages = append(res.Pages, i)
		res.Truth = append(res.Truth, g.Has(i, o.Topic))
		res.Measured = append(res.Measured, page.Relevant)
		res.Relevance = append(res.Relevance, page.Relevance)
		res.SeedLOO = append(res.SeedLOO, model.SeedLOO())
	}
	res.Threshold = model.Threshold()
	return res, nil
}

// page is the crawl.Page the engine would build for page i fetched
// through link l.
func (g *Graph) page(i int, l crawl.Link) *crawl.Page {
	p := g.Pages[i]
	page := &crawl.Page{
		URL: p.URL, FinalURL: p.URL, Status: 200, Depth: l.Depth, Parent: l.Parent, Anchor: l.Anchor,
		Doc: g.doc(i), Title: p.Title, Text: p.Text, Relevance: -1,
	}
	for _, out := range p.Links {
		page.Links = append(page.Links, crawl.Link{URL: g.Pages[out.To].URL, Anchor: out.Anchor, Parent: p.URL, Depth: l.Depth + 1})
	}
	return page
}

// doc builds page i as HTML: its text in the body, its links each in a
// paragraph with its context inside <nav>, which topic.ExtractContent
// leaves out, so the content is the saved text and each link keeps its
// anchor and context.
func (g *Graph) doc(i int) *xhtml.Node {
	p := g.Pages[i]
	var b strings.Builder
	b.WriteString("<html><head><title>")
	b.WriteString(html.EscapeString(p.Title))
	b.WriteString("</title></head><body><div>")
	b.WriteString(html.EscapeString(p.Text))
	b.WriteString("</div><nav>")
	for _, l := range p.Links {
		fmt.Fprintf(&b, "<p>%s <a href=\"%s\">%s</a></p>", html.EscapeString(l.Context),
			html.EscapeString(g.Pages[l.To].URL), html.EscapeString(l.Anchor))
	}
	b.WriteString("</nav></body></html>")
	doc, err := xhtml.Parse(strings.NewReader(b.String()))
	if err != nil { // html.Parse fails only on reader errors: a strings.Reader has none
		return nil
	}
	return doc
}

// DrawSeeds returns n of the pages labelled t, drawn without replacement
// by a PCG generator seeded with (rngSeed, draw).
func (g *Graph) DrawSeeds(t string, n int, rngSeed, draw uint64) ([]int, error) {
	pages := g.WithTopic(t)
	if n > len(pages) {
		return nil, fmt.Errorf("linkgraph: %d seeds wanted, only %d pages on %s", n, len(pages), t)
	}
	r := rand.New(rand.NewPCG(rngSeed, draw))
	perm := r.Perm(len(pages))
	out := make([]int, n)
	for k := range out {
		out[k] = pages[perm[k]]
	}
	return out, nil
}

// RelevanceF1 is the F1 of the hook's relevance (Measured) against the
// truth over the pages fetched (1 when both are empty).
func (r Result) RelevanceF1() float64 {
	tp, fp, fn := 0, 0, 0
	for i, m := range r.Measured {
		switch {
		case m && r.Truth[i]:
			tp++
		case m:
			fp++
		case r.Truth[i]:
			fn++
		}
	}
	if tp+fp+fn == 0 {
		return 1
	}
	return 2 * float64(tp) / float64(2*tp+fp+fn)
}
