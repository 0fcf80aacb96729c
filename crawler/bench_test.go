package crawler_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gocolly/colly/v2"

	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/store"
)

const benchPages = 5000

// BenchmarkCrawlVsColly crawls a generated 5,000-page loopback site with
// our engine (SQLite store and persisted frontier, no hooks) and with plain
// Colly (its own in-memory visited set, OnHTML link following, the same
// parallelism) in the same run, and reports both rates and their ratio.
//
//	go test ./crawler -run '^$' -bench CrawlVsColly -benchtime 3x
func BenchmarkCrawlVsColly(b *testing.B) {
	srv := httptest.NewServer(demosite.NewGenerated(benchPages))
	defer srv.Close()
	const workers = 16
	var ours, theirs time.Duration
	var n int
	for b.Loop() {
		n++
		d, pages := crawlOurs(b, srv.URL+"/", workers)
		if pages < benchPages {
			b.Fatalf("our crawl fetched %d pages, want %d", pages, benchPages)
		}
		ours += d
		d, pages = crawlColly(b, srv.URL+"/", workers)
		if pages < benchPages {
			b.Fatalf("colly fetched %d pages, want %d", pages, benchPages)
		}
		theirs += d
	}
	oursRate := float64(benchPages*n) / ours.Seconds()
	collyRate := float64(benchPages*n) / theirs.Seconds()
	b.ReportMetric(oursRate, "crawl-pages/s")
	b.ReportMetric(collyRate, "colly-pages/s")
	b.ReportMetric(oursRate/collyRate, "ratio")
}

func crawlOurs(b *testing.B, seed string, workers int) (time.Duration, int) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	fr, err := sqlitefrontier.New(ctx, st, frontier.Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer fr.Close()
	// Duplicate detection off: the generated site's pages are near-duplicates
	// of each other (their SimHashes are close), and Colly has none.
	noDedup := false
	cfg := crawler.Config{Workers: workers, PerHostParallel: workers, PerHostDelay: -1, BatchSize: 500, Dedup: &noDedup}
	c, err := crawler.New(cfg, fr, st)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	sum, err := c.Run(ctx, []string{seed})
	if err != nil {
		b.Fatal(err)
	}
	return time.Since(start), int(sum.Fetched)
}

func crawlColly(b *testing.B, seed string, workers int) (time.Duration, int) {
	c := colly.NewCollector(colly.Async(true))
	if err := c.Limit(&colly.LimitRule{DomainGlob: "*", Parallelism: workers}); err != nil {
		b.Fatal(err)
	}
	var pages atomic.Int64
	c.OnResponse(func(r *colly.Response) { pages.Add(1) })
	c.OnHTML("a[href]", func(e *colly.HTMLElement) {
		e.Request.Visit(e.Attr("href"))
	})
	start := time.Now()
	if err := c.Visit(seed); err != nil {
		b.Fatal(err)
	}
	c.Wait()
	return time.Since(start), int(pages.Load())
}
