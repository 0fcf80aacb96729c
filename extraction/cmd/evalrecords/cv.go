package main

import (
	"fmt"
	"hash/fnv"
	"os"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/extraction/internal/evalrec"
	"github.com/crawl-project/crawl/htmldecode"
	"golang.org/x/net/html"
)

// counts are the matched, extracted and ground-truth records of some pages.
type counts struct{ tp, ext, truth int }

func (c *counts) add(d counts) { c.tp, c.ext, c.truth = c.tp+d.tp, c.ext+d.ext, c.truth+d.truth }

func (c counts) f1() float64 {
	p, r := ratio(c.tp, c.ext), ratio(c.tp, c.truth)
	return 2 * p * r / max(p+r, 1e-9)
}

// cvGrid is the parameter grid the cross-validation fits on each training
// part: the defaults first, so that ties keep them.
func cvGrid() []extraction.Config {
	grid := []extraction.Config{{}}
	for _, d0 := range []float64{0.45, 0.5, 0.55, 0.6, 0.65} {
		for _, sim := range []float64{0.5, 0.55, 0.6, 0.65, 0.7} {
			for _, cov := range []float64{0.1, 0.15, 0.2} {
				grid = append(grid, extraction.Config{D0: d0, MinSimilarity: sim, MinCoverage: cov})
			}
		}
	}
	return grid
}

// fold returns the cross-validation fold of a site: FNV-1a of the site
// name salted so that folds are independent of the tune/report halves.
func fold(site string, k int) int {
	h := fnv.New32a()
	h.Write([]byte("cv:" + site))
	return int(h.Sum32() % uint32(k))
}

// runCV cross-validates the parameter fit on the given split by site: for
// each of k folds of sites, the grid point with the best F1 on the other
// folds is chosen and measured on the fold's pages. It prints each fold's
// choice and the pooled held-out figures.
func runCV(cases []evalrec.Case, split string, k int) error {
	var docs []*html.Node
	var kept []evalrec.Case
	for _, c := range cases {
		if split != "all" && evalrec.Half(c.Site) != split {
			continue
		}
		raw, err := os.ReadFile(c.Page)
		if err != nil {
			return err
		}
		doc, err := htmldecode.Parse(raw, "")
		if err != nil {
			return err
		}
		docs, kept = append(docs, doc), append(kept, c)
	}
	grid := cvGrid()
	// res[g][i]: counts of page i under grid point g
	res := make([][]counts, len(grid))
	for g, cfg := range grid {
		res[g] = make([]counts, len(kept))
		for i, c := range kept {
			recs, err := extraction.ExtractPage(docs[i], cfg)
			if err != nil {
				return err
			}
			texts := make([]string, len(recs))
			for j, r := range recs {
				texts[j] = recordText(r)
			}
			m, n := evalrec.Score(c.Truth, texts)
			res[g][i] = counts{m, len(recs), n}
		}
	}
	var pooled counts
	macroP, macroR := 0.0, 0.0
	for f := range k {
		best, bestF1 := 0, -1.0
		for g := range grid {
			var train counts
			for i, c := range kept {
				if fold(c.Site, k) != f {
					train.add(res[g][i])
				}
			}
			if v := train.f1(); v > bestF1+1e-9 {
				best, bestF1 = g, v
			}
		}
		var held counts
		sites := map[string]bool{}
		for i, c := range kept {
			if fold(c.Site, k) == f {
				d := res[best][i]
				held.add(d)
				sites[c.Site] = true
				macroP += pageRatio(d.tp, d.ext, d.truth == 0)
				macroR += pageRatio(d.tp, d.truth, d.ext == 0)
			}
		}
		pooled.add(held)
		cfg := grid[best]
		fmt.Printf("fold %d: %2d sites, fitted D0=%v MinSimilarity=%v MinCoverage=%v (train F1 %.4f), held-out precision=%.4f recall=%.4f\n",
			f, len(sites), cfg.D0, cfg.MinSimilarity, cfg.MinCoverage, bestF1, ratio(held.tp, held.ext), ratio(held.tp, held.truth))
	}
	n := float64(len(kept))
	fmt.Printf("cv=%d split=%s pages=%d truth=%d extracted=%d matched=%d precision=%.4f recall=%.4f F1=%.4f (per page %.3f/%.3f; 0 values mean defaults)\n",
		k, split, len(kept), pooled.truth, pooled.ext, pooled.tp, ratio(pooled.tp, pooled.ext), ratio(pooled.tp, pooled.truth), pooled.f1(), macroP/n, macroR/n)
	return nil
}

// pageRatio is a/b for one page, 1 when b is 0 and the other side is empty
// too (nothing to find, nothing found), else 0 when b is 0.
func pageRatio(a, b int, otherEmpty bool) float64 {
	if b == 0 {
		if otherEmpty {
			return 1
		}
		return 0
	}
	return float64(a) / float64(b)
}
