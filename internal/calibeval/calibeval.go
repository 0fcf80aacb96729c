package calibeval

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

// Options configure Run. Zero fields take the defaults in their comments.
type Options struct {
	GraphDir   string   // where the link graphs are; default internal/linkgraph/testdata
	Strategies []string // graph crawls; default bfs, learned
	Draws      int      // seed draws per graph topic; default 3
	Seeds      int      // seed pages per draw; default 10
	Workers    int      // default 4
	Budget     int      // pages per graph crawl; default 200
	// DemoDraws is how many random seed draws a demo topic gets beside
	// its first articles in corpus order; default 2 (negative: none).
	DemoDraws  int
	DemoBudget int          // pages per demo crawl; default 400
	Model      topic.Config // the topic model's configuration (the rule under test)
	Parallel   int          // graph replays run at once; default 1
}

func (o *Options) fill() {
	if o.GraphDir == "" {
		o.GraphDir = filepath.Join("internal", "linkgraph", "testdata")
	}
	if len(o.Strategies) == 0 {
		o.Strategies = []string{topic.StrategyBFS, topic.StrategyLearned}
	}
	if o.Draws <= 0 {
		o.Draws = 3
	}
	if o.Seeds <= 0 {
		o.Seeds = 10
	}
	if o.Workers <= 0 {
		o.Workers = 4
	}
	if o.Budget <= 0 {
		o.Budget = 200
	}
	if o.DemoDraws == 0 {
		o.DemoDraws = 2
	}
	if o.DemoBudget <= 0 {
		o.DemoBudget = 400
	}
	if o.Parallel <= 0 {
		o.Parallel = 1
	}
}

// maxRedraws bounds the draws tried again for a crawl whose seed pages
// have no text (topic.ErrNoSeedText), each the same seed's draw shifted.
const maxRedraws = 10

// Outcome is one crawl: what it fetched, in fetch order, as the truth and
// the hook judged it.
type Outcome struct {
	Topic     Topic
	Strategy  string
	Draw      string    // "0", "1", … (random draws) or "corpus" (the demo's first articles)
	Truth     []bool    // the page carries the topic's label
	Measured  []bool    // the hook called it relevant
	Relevance []float64 // the hook's relevance
	Threshold float64   // the threshold at the end
	SeedLOO   []float64 // the seed pages' leave-one-out cosines at the end
	// SeedLOOAt is, per page, the seeds' leave-one-out cosines it was
	// judged with (graph crawls only; Rejudge uses SeedLOO without it).
	SeedLOOAt [][]float64 `json:",omitempty"`
}

// TrueHarvest is the share of the pages fetched carrying the label.
func (o Outcome) TrueHarvest() float64 { return share(o.Truth) }

// MeasuredHarvest is the share of the pages fetched the hook called relevant.
func (o Outcome) MeasuredHarvest() float64 { return share(o.Measured) }

// Err is |ln((measured + 0.01)/(true + 0.01))| of the harvest.
func (o Outcome) Err() float64 {
	return math.Abs(math.Log((o.MeasuredHarvest() + 0.01) / (o.TrueHarvest() + 0.01)))
}

// Misjudged is the share of the pages fetched whose relevant flag
// disagrees with the truth.
func (o Outcome) Misjudged() float64 {
	if len(o.Truth) == 0 {
		return 0
	}
	n := 0
	for i, t := range o.Truth {
		if t != o.Measured[i] {
			n++
		}
	}
	return float64(n) / float64(len(o.Truth))
}

func share(b []bool) float64 {
	if len(b) == 0 {
		return 0
	}
	n := 0
	for _, x := range b {
		if x {
			n++
		}
	}
	return float64(n) / float64(len(b))
}

// Run crawls every topic from its seed draws with every strategy (demo
// topics: the demo's own adaptive setting) and returns the outcomes in a
// fixed order: topics as given, then strategy, then draw.
func Run(ctx context.Context, topics []Topic, o Options) ([]Outcome, error) {
	o.fill()
	graphs := map[string]*linkgraph.Graph{}
	var demo []Topic
	type job struct {
		at    int
		g     *linkgraph.Graph
		t     Topic
		s     string
		draw  int
		seeds []int
	}
	var jobs []job
	for _, t := range topics {
		if t.Source == SourceDemo {
			demo = append(demo, t)
			continue
		}
		g, ok := graphs[t.Source]
		if !ok {
			var err error
			if g, err = linkgraph.ReadFile(filepath.Join(o.GraphDir, t.Source+".json.gz")); err != nil {
				return nil, fmt.Errorf("calibeval: %w", err)
			}
			graphs[t.Source] = g
		}
		for _, s := range o.Strategies {
			for d := range o.Draws {
				seeds, err := g.DrawSeeds(t.Name, o.Seeds, 1, uint64(d))
				if err != nil {
					return nil, fmt.Errorf("calibeval: %s: %w", t, err)
				}
				jobs = append(jobs, job{len(jobs), g, t, s, d, seeds})
			}
		}
	}
	out := make([]Outcome, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan job)
	for range o.Parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				opts := linkgraph.Options{Topic: j.t.Name, Seeds: j.seeds, Strategy: j.s,
					Workers: o.Workers, Budget: o.Budget, Model: o.Model}
				r, err := linkgraph.Replay(ctx, j.g, opts)
				for again := 1; errors.Is(err, topic.ErrNoSeedText) && again <= maxRedraws; again++ {
					// the draw's seed pages have no text (with one seed a
					// draw may pick an empty page): the next draw of its own
					if opts.Seeds, err = j.g.DrawSeeds(j.t.Name, o.Seeds, 1, uint64(j.draw)+uint64(again)<<32); err != nil {
						break
					}
					r, err = linkgraph.Replay(ctx, j.g, opts)
				}
				if err != nil {
					errs[j.at] = fmt.Errorf("calibeval: %s %s draw %d: %w", j.t, j.s, j.draw, err)
					continue
				}
				oc := Outcome{Topic: j.t, Strategy: j.s, Draw: fmt.Sprint(j.draw), Truth: r.Truth, Measured: r.Measured,
					Relevance: r.Relevance, Threshold: r.Threshold, SeedLOOAt: r.SeedLOO}
				if n := len(r.SeedLOO); n > 0 {
					oc.SeedLOO = r.SeedLOO[n-1]
				}
				out[j.at] = oc
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if len(demo) > 0 {
		d, err := runDemo(ctx, demo, o)
		if err != nil {
			return nil, err
		}
		out = append(d, out...)
	}
	return out, nil
}

// Group is the summary of the outcomes of one source and strategy.
type Group struct {
	Source, Strategy string
	N                int
	Err, Misjudged   float64 // means over the outcomes
}

// Summarise groups outcomes by source and strategy (sorted), with a last
// group "all"/"all" over every outcome.
func Summarise(outs []Outcome) []Group {
	by := map[[2]string]*Group{}
	all := &Group{Source: "all", Strategy: "all"}
	for _, o := range outs {
		k := [2]string{o.Topic.Source, o.Strategy}
		g := by[k]
		if g == nil {
			g = &Group{Source: k[0], Strategy: k[1]}
			by[k] = g
		}
		for _, g := range []*Group{g, all} {
			g.N++
			g.Err += o.Err()
			g.Misjudged += o.Misjudged()
		}
	}
	var out []Group
	for _, g := range by {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Source < out[j].Source || out[i].Source == out[j].Source && out[i].Strategy < out[j].Strategy
	})
	out = append(out, *all)
	for i := range out {
		out[i].Err /= float64(max(out[i].N, 1))
		out[i].Misjudged /= float64(max(out[i].N, 1))
	}
	return out
}

// Format writes one line per topic and strategy (means over the draws:
// true and measured harvest, error, misjudged share), then the summary.
func Format(w io.Writer, outs []Outcome) {
	type key struct {
		t Topic
		s string
	}
	var order []key
	by := map[key][]Outcome{}
	for _, o := range outs {
		k := key{o.Topic, o.Strategy}
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], o)
	}
	fmt.Fprintf(w, "%-58s %-9s %5s %6s %6s %6s %6s\n", "topic", "strategy", "draws", "true", "meas", "|ln|", "misj")
	for _, k := range order {
		var tr, me, er, mj float64
		os := by[k]
		for _, o := range os {
			tr += o.TrueHarvest()
			me += o.MeasuredHarvest()
			er += o.Err()
			mj += o.Misjudged()
		}
		n := float64(len(os))
		fmt.Fprintf(w, "%-58s %-9s %5d %6.3f %6.3f %6.2f %6.3f\n", k.t, k.s, len(os), tr/n, me/n, er/n, mj/n)
	}
	for _, g := range Summarise(outs) {
		fmt.Fprintf(w, "summary %-12s %-9s n=%-4d mean |ln| %.3f  misjudged %.3f\n", g.Source, g.Strategy, g.N, g.Err, g.Misjudged)
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys[M ~map[string]V, V any](m M) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
