package main

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/internal/harvest"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	seeds := flag.Int("seeds", 10, "article seeds")
	section := flag.Bool("section", false, "take the seeds from the topic's section page (default for topics other than sport)")
	ground := flag.String("topic", "sport", "demo site topic to crawl for (ground truth)")
	budget := flag.Int("budget", 400, "pages to crawl")
	depth := flag.Int("maxdepth", 0, "frontier depth limit (0 = none)")
	strategies := flag.String("strategies", "bfs,best-first,adaptive", "comma-separated strategies")
	corpus := flag.String("corpus", "", "labelled corpus directory (<topic>/*.txt) to train best-first on")
	corpusTopic := flag.String("corpus-topic", "sport", "the topic's folder in -corpus")
	terms := flag.Int("terms", 0, "feature terms (0 = default)")
	update := flag.Float64("update", 0, "update threshold (0 = default)")
	anchor := flag.Float64("drift", 0, "drift guard floor (0 = default)")
	relevance := flag.Float64("relevance", 0, "relevance threshold (0 = default)")
	workers := flag.Int("workers", 1, "fetch workers (1: strict best-first order)")
	perHost := flag.Int("perhost", 2, "concurrent fetches per host")
	focus := flag.Float64("focus", 0, "frontier focus margin: dispatch only links within this of the best queued priority (0: off)")
	commit := flag.Int("commit", 1, "engine CommitEvery: pages per store group (links are pushed when their group is stored)")
	linkCtx := flag.Float64("linkctx", 0, "link-context weight in the priority (0 = the paper's page-level priority)")
	urlWords := flag.Bool("urlwords", false, "URL path words are part of page texts and link contexts (topic.Config.URLWords)")
	draws := flag.Int("draws", 0, "crawl from this many random draws of -seeds articles of the topic (0: the first articles in corpus order)")
	rngSeed := flag.Uint64("rngseed", 1, "random seed of the draws")
	curves := flag.Bool("curves", false, "print the harvest curves")
	csvPath := flag.String("csv", "", "write the harvest curves to this CSV file (strategy,crawled,true_harvest,measured_harvest)")
	flag.Parse()

	site, err := demosite.New(demosite.Config{CrawlDelay: time.Millisecond, SlowDelay: 10 * time.Millisecond})
	if err != nil {
		return err
	}
	if err := site.Start(); err != nil {
		return err
	}
	defer site.Close()
	seedSets := [][]string{nil}
	if *draws > 0 {
		articles, err := harvest.TopicArticles(context.Background(), site, *ground)
		if err != nil {
			return err
		}
		seedSets = seedSets[:0]
		for d := range *draws {
			set, err := harvest.DrawSeeds(articles, *seeds, *rngSeed, uint64(d))
			if err != nil {
				return err
			}
			seedSets = append(seedSets, set)
		}
	}
	var results []harvest.Result
	byStrategy := map[string][]float64{}
	names := strings.Split(*strategies, ",")
	for d, set := range seedSets {
		var drawResults []harvest.Result
		for _, s := range names {
			o := harvest.Options{Strategy: s, GroundTopic: *ground, FromSection: *section, SeedURLs: set, Workers: *workers, PerHost: *perHost, FocusMargin: *focus, CommitEvery: *commit, Seeds: *seeds, Budget: *budget, MaxDepth: *depth,
				Topic: topic.Config{Terms: *terms, Update: *update, DriftFloor: *anchor, Relevance: *relevance, LinkContext: *linkCtx, URLWords: *urlWords}}
			if *corpus != "" {
				o.Corpus, o.CorpusTopic = os.DirFS(*corpus), *corpusTopic
			}
			r, err := harvest.Run(context.Background(), site, o)
			if err != nil {
				return err
			}
			drawResults = append(drawResults, r)
			byStrategy[s] = append(byStrategy[s], r.TrueHarvest)
		}
		if *draws > 0 {
			fmt.Printf("draw %d (rng seed %d), topic %s:\n", d, *rngSeed, *ground)
			harvest.Format(os.Stdout, drawResults)
			for _, r := range drawResults {
				fmt.Printf("%s misses: %v\n", r.Strategy, r.Misses)
			}
		}
		results = append(results, drawResults...)
	}
	if *draws > 0 {
		fmt.Printf("true harvest over %d draws, topic %s, link context %g, URL words %v:\n", *draws, *ground, *linkCtx, *urlWords)
		for _, s := range names {
			fmt.Printf("%-10s %s\n", s, harvest.Summary(byStrategy[s]))
		}
		return nil
	}
	harvest.Format(os.Stdout, results)
	for _, r := range results {
		fmt.Printf("%s misses: %v\n", r.Strategy, r.Misses)
	}
	if *csvPath != "" {
		if err := writeCSV(*csvPath, results); err != nil {
			return err
		}
	}
	if *curves {
		for _, r := range results {
			fmt.Printf("%s true:     %s\n", r.Strategy, harvest.CurveString(r.TrueCurve))
			fmt.Printf("%s measured: %s\n", r.Strategy, harvest.CurveString(r.MeasuredCurve))
		}
	}
	return nil
}

// writeCSV writes every curve point of every result.
func writeCSV(path string, results []harvest.Result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"strategy", "crawled", "true_harvest", "measured_harvest"})
	for _, r := range results {
		for i, p := range r.TrueCurve {
			w.Write([]string{r.Strategy, strconv.Itoa(p.Crawled),
				strconv.FormatFloat(p.Rate, 'f', 4, 64), strconv.FormatFloat(r.MeasuredCurve[i].Rate, 'f', 4, 64)})
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
