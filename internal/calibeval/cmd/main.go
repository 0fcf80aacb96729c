// Command calibeval measures the calibration of the topic hook's relevance
// threshold over the tuning or report topics (package calibeval):
//
//	go run ./internal/calibeval/cmd -split tuning [-rule R] [-seeds N] [-dump out.json]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/calibeval"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "calibeval:", err)
		os.Exit(1)
	}
}

func run() error {
	split := flag.String("split", "tuning", "tuning or report")
	only := flag.String("sources", "", "comma-separated sources to keep (demo, pydocs, pgdocs, wikispeedia); default all")
	rule := flag.String("rule", "", "topic.Config.ThresholdRule (default: the package default)")
	relevance := flag.Float64("relevance", 0, "topic.Config.Relevance: a fixed cosine (the paper's measure) instead of the calibration")
	strategies := flag.String("strategies", "bfs,learned", "strategies of the graph crawls")
	draws := flag.Int("draws", 3, "seed draws per graph topic")
	seeds := flag.Int("seeds", 10, "seed pages per draw (graph and demo topics)")
	demoDraws := flag.Int("demodraws", 2, "random seed draws per demo topic beside the corpus-order seeds (-1: none)")
	parallel := flag.Int("parallel", 1, "graph replays at once")
	dump := flag.String("dump", "", "write every outcome as JSON to this file")
	load := flag.String("load", "", "re-judge the outcomes of this dump offline (calibeval.Rejudge) under each of -rules instead of crawling")
	rules := flag.String("rules", "", "with -load: comma-separated threshold rules")
	atEnd := flag.Bool("at-end", false, "with -load: the outcomes as judged when fetched and judged again against the final threshold (calibeval.AtEnd), side by side")
	flag.Parse()
	if *load != "" && *atEnd {
		return judgedAtEnd(*load)
	}
	if *load != "" {
		return rejudge(*load, strings.Split(*rules, ","))
	}
	topics, ok := calibeval.Split(*split)
	if !ok {
		return fmt.Errorf("unknown split %q (want tuning or report)", *split)
	}
	if *only != "" {
		keep := strings.Split(*only, ",")
		var t2 []calibeval.Topic
		for _, t := range topics {
			for _, k := range keep {
				if t.Source == k {
					t2 = append(t2, t)
				}
			}
		}
		topics = t2
	}
	outs, err := calibeval.Run(context.Background(), topics, calibeval.Options{
		Strategies: strings.Split(*strategies, ","), Draws: *draws, Seeds: *seeds, DemoDraws: *demoDraws, Parallel: *parallel,
		Model: topic.Config{ThresholdRule: *rule, Relevance: *relevance},
	})
	if err != nil {
		return err
	}
	calibeval.Format(os.Stdout, outs)
	if *dump != "" {
		f, err := os.Create(*dump)
		if err != nil {
			return err
		}
		if err := calibeval.WriteOutcomes(f, outs); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	return nil
}

// rejudge prints the summary of a dump's outcomes re-judged under each rule.
func rejudge(path string, rules []string) error {
	outs, err := loadDump(path)
	if err != nil {
		return err
	}
	for _, r := range rules {
		printSummary("rule "+r, calibeval.RejudgeAll(outs, r))
	}
	return nil
}

// judgedAtEnd prints the summary of a dump's outcomes as judged when
// fetched and as judged again against each crawl's final threshold.
func judgedAtEnd(path string) error {
	outs, err := loadDump(path)
	if err != nil {
		return err
	}
	end := make([]calibeval.Outcome, len(outs))
	for i, o := range outs {
		end[i] = calibeval.AtEnd(o)
	}
	printSummary("judged when fetched", outs)
	printSummary("judged at the end", end)
	return nil
}

// loadDump reads the outcomes a -dump wrote.
func loadDump(path string) ([]calibeval.Outcome, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	outs, err := calibeval.ReadOutcomes(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return outs, nil
}

// printSummary prints outs' calibration by source and strategy under a
// heading.
func printSummary(heading string, outs []calibeval.Outcome) {
	fmt.Printf("%s:\n", heading)
	for _, g := range calibeval.Summarise(outs) {
		fmt.Printf("  %-12s %-9s n=%-4d mean |ln| %.3f  misjudged %.3f\n", g.Source, g.Strategy, g.N, g.Err, g.Misjudged)
	}
}
