package linkgraph

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// EvalOptions configure Evaluate.
type EvalOptions struct {
	Topics     []string // ground-truth labels to crawl for
	Strategies []string // default bfs, best-first, adaptive, learned, oracle
	Draws      int      // seed draws per topic; default 5
	Seeds      int      // seed pages per draw; default 10
	RNGSeed    uint64   // seed of the draws (DrawSeeds); default 1
	Workers    []int    // worker counts; default [4]
	Budget     int      // pages per replay; default 500
	At         []int    // harvest@N reported; default 100, 200, 500
	Model      topic.Config
	// RescoreEvery is Options.RescoreEvery.
	RescoreEvery int
}

func (o *EvalOptions) fill() {
	if len(o.Strategies) == 0 {
		o.Strategies = []string{topic.StrategyBFS, topic.StrategyBestFirst, topic.StrategyAdaptive, topic.StrategyLearned, StrategyOracle}
	}
	if o.Draws <= 0 {
		o.Draws = 5
	}
	if o.Seeds <= 0 {
		o.Seeds = 10
	}
	if o.RNGSeed == 0 {
		o.RNGSeed = 1
	}
	if len(o.Workers) == 0 {
		o.Workers = []int{4}
	}
	if o.Budget <= 0 {
		o.Budget = 500
	}
	if len(o.At) == 0 {
		o.At = []int{100, 200, 500}
	}
}

// Cell is the outcome of one strategy on one topic with one worker count,
// over the seed draws.
type Cell struct {
	Topic    string
	Strategy string
	Workers  int
	At       map[int][]float64 // N → true harvest@N per draw
	Measured map[int][]float64 // N → measured harvest@N per draw
	Curve    []float64         // mean true harvest rate after each page, over the draws
	RelF1    []float64         // per draw: F1 of the hook's relevance against the truth over the pages fetched
}

// Mean returns the mean true harvest@n over the draws.
func (c Cell) Mean(n int) float64 { return mean(c.At[n]) }

// Min returns the lowest true harvest@n over the draws.
func (c Cell) Min(n int) float64 { return slices.Min(c.At[n]) }

func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Evaluate replays every strategy from the same seed draws on every topic
// and worker count.
func Evaluate(ctx context.Context, g *Graph, o EvalOptions) ([]Cell, error) {
	o.fill()
	var out []Cell
	for _, t := range o.Topics {
		draws := make([][]int, o.Draws)
		for d := range draws {
			s, err := g.DrawSeeds(t, o.Seeds, o.RNGSeed, uint64(d))
			if err != nil {
				return nil, err
			}
			draws[d] = s
		}
		for _, w := range o.Workers {
			for _, s := range o.Strategies {
				c := Cell{Topic: t, Strategy: s, Workers: w, At: map[int][]float64{}, Measured: map[int][]float64{}}
				for _, seeds := range draws {
					r, err := Replay(ctx, g, Options{Topic: t, Seeds: seeds, Strategy: s, Workers: w, Budget: o.Budget, Model: o.Model, RescoreEvery: o.RescoreEvery})
					if err != nil {
						return nil, err
					}
					for _, n := range o.At {
						c.At[n] = append(c.At[n], r.At(n))
						c.Measured[n] = append(c.Measured[n], r.MeasuredAt(n))
					}
					addCurve(&c.Curve, r.Truth, len(draws))
					c.RelF1 = append(c.RelF1, r.RelevanceF1())
				}
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// FormatCells writes one line per cell: harvest@N mean and min over the
// draws, the measured harvest's mean, the ratio to bfs and the share of the
// oracle's harvest (same topic and workers).
func FormatCells(w io.Writer, g *Graph, cells []Cell, at []int) {
	fmt.Fprintf(w, "%-28s %-10s %2s", "topic (pages)", "strategy", "w")
	for _, n := range at {
		fmt.Fprintf(w, "  h@%-4d mean/min  meas  ×bfs  %%orc", n)
	}
	fmt.Fprintln(w)
	find := func(c Cell, s string) (Cell, bool) {
		for _, o := range cells {
			if o.Topic == c.Topic && o.Workers == c.Workers && o.Strategy == s {
				return o, true
			}
		}
		return Cell{}, false
	}
	for _, c := range cells {
		name := fmt.Sprintf("%s (%d)", c.Topic, len(g.WithTopic(c.Topic)))
		fmt.Fprintf(w, "%-28s %-10s %2d", name, c.Strategy, c.Workers)
		for _, n := range at {
			fmt.Fprintf(w, "  %5.3f / %5.3f %5.3f", c.Mean(n), c.Min(n), mean(c.Measured[n]))
			fmt.Fprintf(w, " %s %s", ratio(c, find, topic.StrategyBFS, n, "%5.2f"), ratio(c, find, StrategyOracle, n, "%4.0f%%"))
		}
		fmt.Fprintf(w, "  relF1 %.2f\n", mean(c.RelF1))
	}
}

func ratio(c Cell, find func(Cell, string) (Cell, bool), ref string, n int, format string) string {
	r, ok := find(c, ref)
	if !ok || r.Mean(n) == 0 {
		return strings.Repeat(" ", len(fmt.Sprintf(format, 0.0)))
	}
	x := c.Mean(n) / r.Mean(n)
	if strings.HasSuffix(format, "%%") {
		x *= 100
	}
	return fmt.Sprintf(format, x)
}

// addCurve adds the harvest curve of truth, divided by draws, to sum.
func addCurve(sum *[]float64, truth []bool, draws int) {
	for len(*sum) < len(truth) {
		*sum = append(*sum, 0)
	}
	k := 0
	for i, t := range truth {
		if t {
			k++
		}
		(*sum)[i] += float64(k) / float64(i+1) / float64(draws)
	}
}
