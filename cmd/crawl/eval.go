package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

// runEval dispatches crawl eval subcommands (only focus for now).
func runEval(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "focus" {
		return fmt.Errorf("%w: want eval focus", errUsage)
	}
	return runEvalFocus(ctx, args[1:], stdout, stderr)
}

// runEvalFocus replays focused crawls over a saved link graph for several
// strategies, seed draws and worker counts, and prints harvest@N (mean and
// min over the draws), the ratio to bfs and the share of the oracle's.
func runEvalFocus(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval focus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	graph := fs.String("graph", "", "saved link graph (internal/linkgraph, gzip JSON); required")
	topics := fs.String("topics", "", "comma-separated ground-truth labels to crawl for; required")
	strategies := fs.String("strategies", "bfs,best-first,adaptive,learned,oracle", "comma-separated strategies (also learned-binary, learned-soft: topic.link_labels set)")
	draws := fs.Int("draws", 5, "seed draws per topic")
	seeds := fs.Int("seeds", 10, "seed pages per draw")
	rng := fs.Uint64("rngseed", 1, "random seed of the draws")
	workers := fs.String("workers", "4", "comma-separated worker counts")
	budget := fs.Int("budget", 500, "pages per replay")
	at := fs.String("at", "100,200,500", "comma-separated N of harvest@N")
	rescore := fs.Int("rescore", 0, "rescore the queued links every this many pages (frontier.Rescorer); 0: after each training of the link model, as a crawl does; -1: never")
	relevance := fs.Float64("relevance", 0, "explicit relevance threshold (topic.relevance); 0: calibrated")
	calibration := fs.Float64("calibration", 0, "topic.calibration; 0: the default")
	rule := fs.String("threshold-rule", "", "topic.threshold_rule: seeds-mixture or topical; empty: the default")
	retrain := fs.Int("retrain", 0, "topic.retrain: pages between two trainings of the learned link model; 0: the default")
	contentBytes := fs.Int("content-bytes", 0, "topic.content_bytes: bytes of a page's content read; 0: the default; negative: all")
	opaque := fs.Bool("opaque-urls", false, "replace every page URL by an opaque one on the same host (a diagnostic: what the strategies find without the URL's folders)")
	svgDir := fs.String("svg", "", "write one harvest plot per topic and worker count (mean curves) into this folder")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *graph == "" || *topics == "" {
		return fmt.Errorf("%w: -graph and -topics are required", errUsage)
	}
	o := linkgraph.EvalOptions{Topics: strings.Split(*topics, ","), Strategies: strings.Split(*strategies, ","),
		Draws: *draws, Seeds: *seeds, RNGSeed: *rng, Budget: *budget, RescoreEvery: *rescore,
		Model: topic.Config{Relevance: *relevance, Calibration: *calibration, ThresholdRule: *rule, Retrain: *retrain, ContentBytes: *contentBytes}}
	var err error
	if o.Workers, err = ints(*workers); err != nil {
		return fmt.Errorf("%w: -workers: %v", errUsage, err)
	}
	if o.At, err = ints(*at); err != nil {
		return fmt.Errorf("%w: -at: %v", errUsage, err)
	}
	g, err := linkgraph.ReadFile(*graph)
	if err != nil {
		return err
	}
	if *opaque {
		if g, err = g.WithOpaqueURLs(); err != nil {
			return err
		}
	}
	cells, err := linkgraph.Evaluate(ctx, g, o)
	if err != nil {
		return err
	}
	linkgraph.FormatCells(stdout, g, cells, o.At)
	if *svgDir != "" {
		return writeEvalSVGs(*svgDir, g.Name, cells, stdout)
	}
	return nil
}

// writeEvalSVGs draws, per topic and worker count, every strategy's mean
// harvest curve.
func writeEvalSVGs(dir, graph string, cells []linkgraph.Cell, log io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	type key struct {
		topic   string
		workers int
	}
	var order []key
	series := map[key][]export.Series{}
	for _, c := range cells {
		k := key{c.Topic, c.Workers}
		if series[k] == nil {
			order = append(order, k)
		}
		series[k] = append(series[k], export.Series{Name: c.Strategy, Curve: c.Curve})
	}
	for _, k := range order {
		name := fmt.Sprintf("%s-%s-w%d.svg", graph, strings.NewReplacer("/", "_", ".", "_").Replace(k.topic), k.workers)
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		title := fmt.Sprintf("%s: %s, %d workers (mean over draws)", graph, k.topic, k.workers)
		if err := export.HarvestSVG(f, title, series[k]); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintf(log, "wrote %s\n", path)
	}
	return nil
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}
