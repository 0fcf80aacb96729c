package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

func main() {
	graph := flag.String("graph", "", "graph file")
	topics := flag.String("topics", "", "comma-separated")
	strategies := flag.String("strategies", "", "comma-separated")
	draws := flag.Int("draws", 5, "")
	workers := flag.String("workers", "4", "")
	budget := flag.Int("budget", 500, "")
	at := flag.String("at", "100,200,500", "")
	calib := flag.Float64("calibration", 0, "")
	rel := flag.Float64("relevance", 0, "")
	rescore := flag.Int("rescore", 0, "")
	flag.Parse()
	g, err := linkgraph.ReadFile(*graph)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	o := linkgraph.EvalOptions{Topics: strings.Split(*topics, ","), Draws: *draws, Budget: *budget, Model: topic.Config{Calibration: *calib, Relevance: *rel}, RescoreEvery: *rescore}
	if *strategies != "" {
		o.Strategies = strings.Split(*strategies, ",")
	}
	for _, s := range strings.Split(*workers, ",") {
		n, _ := strconv.Atoi(s)
		o.Workers = append(o.Workers, n)
	}
	for _, s := range strings.Split(*at, ",") {
		n, _ := strconv.Atoi(s)
		o.At = append(o.At, n)
	}
	cells, err := linkgraph.Evaluate(context.Background(), g, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	linkgraph.FormatCells(os.Stdout, g, cells, o.At)
}
