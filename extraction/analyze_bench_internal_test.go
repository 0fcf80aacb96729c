package extraction

import (
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// BenchmarkAnalyze runs a page's analysis alone (region, clustering,
// segmentation, guards; no values, no naming) over the embedded subsets
// of the Python and PostgreSQL documentation, each page's compact tree
// built once: what the clustering and guards cost, for callgrind
// ((Ir(-test.benchtime 3x) - Ir(1x)) / 2, GOGC=off) or by time. It
// reports the STM work as DP cells per pass.
//
//	go test ./extraction -run '^$' -bench Analyze -benchmem
func BenchmarkAnalyze(b *testing.B) {
	for _, name := range []string{docsubset.Python311, docsubset.PostgreSQL15} {
		b.Run(name, func(b *testing.B) {
			docs, err := docsubset.Read(name)
			if err != nil {
				b.Fatal(err)
			}
			cfg := Config{}.withDefaults()
			var pages []*page
			for _, d := range docs {
				doc, err := htmldecode.Parse(d.Body, "text/html; charset=utf-8")
				if err != nil {
					b.Fatal(err)
				}
				p, err := newPage(doc, cfg.MaxNodes)
				if err != nil {
					b.Fatal(err)
				}
				pages = append(pages, p)
			}
			var m stm.Matcher
			run := func() (regions int, cells int64) {
				for _, p := range pages {
					m.Reset()
					m.SetBudget(cfg.Budget)
					regions += len(analyze(p, &m, cfg).regions)
					cells += cfg.Budget - m.Left()
				}
				return regions, cells
			}
			want, cells := run()
			if want == 0 {
				b.Fatal("no regions")
			}
			b.ReportAllocs()
			for b.Loop() {
				if got, _ := run(); got != want {
					b.Fatalf("%d regions, want %d", got, want)
				}
			}
			b.ReportMetric(float64(cells), "cells")
		})
	}
}
