package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/extraction/internal/evalrec"
	"github.com/crawl-project/crawl/extraction/mdr"
	"github.com/crawl-project/crawl/htmldecode"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "evalrecords:", err)
		os.Exit(1)
	}
}

func run() error {
	data := flag.String("data", "", "records folder (records/ or records-small/ with -small)")
	split := flag.String("split", "report", "tune, report or all")
	method := flag.String("method", "stm", "stm (paper 004), mdr (baseline: every region) or mdr-largest (its region with the most text)")
	small := flag.Bool("small", false, "data is records-small/")
	verbose := flag.Bool("v", false, "print every page")
	perSite := flag.Bool("cluster", false, "extract with a ClusterExtractor, one template cluster per site (pages in name order)")
	onPage := flag.Bool("onpage", false, "with -cluster: as the crawl's built-in does, each page analysed on its own (Prepare), then named along its site's cluster (Finish)")
	dump := flag.String("dump", "", "print the extracted records of this case")
	cv := flag.Int("cv", 0, "cross-validate the fit of D0, MinSimilarity and MinCoverage on the split with this many site-grouped folds")
	articles := flag.String("articles", "", "article pages folder (templates/): count pages that yield records (they should yield none)")
	var cfg extraction.Config
	flag.Float64Var(&cfg.D0, "d0", 0, "clustering distance threshold (0: default)")
	flag.Float64Var(&cfg.MinSimilarity, "minsim", 0, "minimum mean record similarity (0: default)")
	flag.Float64Var(&cfg.MinCoverage, "mincov", 0, "minimum text coverage (0: default)")
	flag.IntVar(&cfg.Candidates, "k", 0, "candidate regions (0: default)")
	flag.IntVar(&cfg.MinRecords, "minrecs", 0, "least records of a region (0: default)")
	flag.IntVar(&cfg.MoreRegions, "more", 0, "further regions (0: default, -1 none)")
	flag.Parse()
	if *articles != "" {
		return runArticles(*articles, *split, *verbose, cfg)
	}
	if *data == "" {
		return fmt.Errorf("-data is required")
	}
	var cases []evalrec.Case
	want := map[string]int{}
	var err error
	if *small {
		cases, want, err = evalrec.LoadSmall(*data)
	} else {
		cases, err = evalrec.LoadRecords(*data)
	}
	if err != nil {
		return err
	}
	if *cv > 1 {
		return runCV(cases, *split, *cv)
	}
	var tp, nExt, nTruth, pages int
	macroP, macroR, scored := 0.0, 0.0, 0
	ce := extraction.NewClusterExtractor(cfg)
	clusters := map[string]int64{}
	start := time.Now()
	for _, c := range cases {
		if !*small && *split != "all" && evalrec.Half(c.Site) != *split {
			continue
		}
		var recs []crawl.Record
		if *perSite {
			id, ok := clusters[c.Site]
			if !ok {
				id = int64(len(clusters) + 1)
				clusters[c.Site] = id
			}
			recs, err = extractCluster(ce, id, c.Page, *onPage)
		} else {
			recs, err = extract(c.Page, *method, cfg)
		}
		if err != nil {
			return err
		}
		texts := make([]string, len(recs))
		for i, r := range recs {
			texts[i] = recordText(r)
		}
		pages++
		if c.Name == *dump {
			for _, t := range texts {
				fmt.Printf("  REC %q\n", t)
			}
			for _, r := range c.Truth {
				fmt.Printf("  GT  %q\n", evalrec.Key(r))
			}
		}
		if c.Truth == nil {
			if w, ok := want[c.Name]; ok {
				fmt.Printf("%-22s extracted %3d records, want %d\n", c.Name, len(recs), w)
			} else {
				fmt.Printf("%-22s extracted %3d records, no ground truth\n", c.Name, len(recs))
			}
			continue
		}
		m, n := evalrec.Score(c.Truth, texts)
		tp, nExt, nTruth = tp+m, nExt+len(recs), nTruth+n
		macroP += pageRatio(m, len(recs), n == 0)
		macroR += pageRatio(m, n, len(recs) == 0)
		scored++
		if *verbose {
			fmt.Printf("%-34s truth %3d extracted %3d matched %3d\n", c.Name, n, len(recs), m)
		}
	}
	el := time.Since(start)
	if *perSite {
		reused, fell := 0, 0
		for _, id := range clusters {
			r, f := ce.Stats(id)
			reused, fell = reused+r, fell+f
		}
		fmt.Printf("cluster mode: %d pages extracted with a learned region, %d fell back\n", reused, fell)
	}
	p, r := ratio(tp, nExt), ratio(tp, nTruth)
	if *small {
		*split = "small"
	}
	fmt.Printf("method=%s split=%s pages=%d truth=%d extracted=%d matched=%d precision=%.4f recall=%.4f F1=%.4f (per page %.3f/%.3f; %.1f pages/s incl. parsing)\n",
		*method, *split, pages, nTruth, nExt, tp, p, r, 2*p*r/max(p+r, 1e-9), macroP/max(float64(scored), 1), macroR/max(float64(scored), 1), float64(pages)/el.Seconds())
	return nil
}

func extract(path, method string, cfg extraction.Config) ([]crawl.Record, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := htmldecode.Parse(raw, "")
	if err != nil {
		return nil, err
	}
	switch method {
	case "mdr":
		return mdr.Extract(doc, mdr.Config{})
	case "mdr-largest":
		return mdr.Extract(doc, mdr.Config{Largest: true})
	}
	return extraction.ExtractPage(doc, cfg)
}

func extractCluster(ce *extraction.ClusterExtractor, id int64, path string, onPage bool) ([]crawl.Record, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := htmldecode.Parse(raw, "")
	if err != nil {
		return nil, err
	}
	if onPage {
		return ce.Finish(id, path, ce.Prepare(context.Background(), path, doc))
	}
	return ce.Extract(id, path, doc)
}

// recordText joins a record's values the way the metric reads them: text
// values in column order, then link and image addresses (so an href does
// not sit between two pieces of one sentence).
func recordText(r crawl.Record) string {
	var b strings.Builder
	for _, attrs := range []bool{false, true} {
		for _, f := range r.Fields {
			if f.Value != "" && address(f.Name) == attrs {
				b.WriteString(f.Value)
				b.WriteByte(' ')
			}
		}
	}
	return evalrec.Norm(b.String())
}

// address reports whether a column holds link or image addresses: named
// by role (link, image_2) or, for MDR's structural names, with an @.
func address(name string) bool {
	return strings.Contains(name, "@") || strings.HasPrefix(name, "link") || strings.HasPrefix(name, "image")
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
