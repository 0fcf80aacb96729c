package fpc_test

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/demosite"
)

var crawlHTML = flag.String("fpc.html", "", "a glob of real HTML pages for BenchmarkCrawlBatches (e.g. '/usr/share/doc/python3.11/html/library/*.html'); default 526 pages of the generated demo site")

// crawlPages returns the pages of -fpc.html, or 526 generated pages of one
// template (the shape of a documentation site: one big cluster).
func crawlPages(b *testing.B) []*crawl.Page {
	files, _ := filepath.Glob(*crawlHTML)
	var pages []*crawl.Page
	for _, f := range files {
		doc, err := htmldecode.ParseFile(f)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, &crawl.Page{URL: f, Doc: doc})
	}
	if len(pages) > 0 {
		return pages
	}
	site := demosite.NewGenerated(526)
	for i := range 526 {
		rec := httptest.NewRecorder()
		site.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/p/%d", i), nil))
		doc, err := htmldecode.Parse(rec.Body.Bytes(), "text/html; charset=utf-8")
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, &crawl.Page{URL: fmt.Sprintf("/p/%d", i), Doc: doc})
	}
	return pages
}

// BenchmarkCrawlBatches is the template clustering a crawl does at OnBatch
// outside the fetch workers, per crawl: the pages' features kept by OnPage
// (before the timer), then batches of 200 (the crawl's default) through
// the hook with the final order-independent pass at the last batch, as
// the pipeline's built-in runs it. With -fpc.html
// '/usr/share/doc/python3.11/html/*/*.html' it is close to issue 13's
// Python crawl; under callgrind, run it with -test.benchtime 1x and 3x and
// halve the difference.
func BenchmarkCrawlBatches(b *testing.B) {
	ctx := context.Background()
	pages := crawlPages(b)
	h := fpc.NewHook(fpc.New(fpc.Config{}), fpc.WithPageFeatures())
	for i, p := range pages {
		p.Seq = int64(i + 1)
		if err := h.OnPage(ctx, p); err != nil {
			b.Fatal(err)
		}
		p.Doc = nil
	}
	const size = 200
	b.ReportAllocs()
	var clusters int
	for b.Loop() {
		c := fpc.New(fpc.Config{})
		h := fpc.NewHook(c, fpc.WithFinalPass(size, 50_000), fpc.WithPageFeatures())
		for start := 0; start < len(pages); start += size {
			batch := &crawl.Batch{Pages: pages[start:min(start+size, len(pages))], Final: start+size >= len(pages)}
			if err := h.OnBatch(ctx, batch); err != nil {
				b.Fatal(err)
			}
			h.Rows()
		}
		h.Moves()
		clusters = c.Len()
	}
	if clusters == 0 {
		b.Fatal("no clusters")
	}
	b.ReportMetric(float64(b.N*len(pages))/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(float64(clusters), "clusters")
}
