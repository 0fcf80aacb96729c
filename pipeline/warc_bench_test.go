package pipeline_test

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc"
)

const warcBenchPages = 2000

// BenchmarkWARC crawls a generated 2,000-page loopback site three ways in
// the same run: plainly, writing WARC, and replaying that WARC without the
// network. It reports the three rates, the cost of writing WARC
// (1 - warc/plain) and the replay speed-up (replay/plain).
//
//	go test ./pipeline -run '^$' -bench WARC -benchtime 3x
func BenchmarkWARC(b *testing.B) {
	srv := httptest.NewServer(demosite.NewGenerated(warcBenchPages))
	defer srv.Close()
	var plain, withWARC, replay time.Duration
	n := 0
	for b.Loop() {
		n++
		dir := b.TempDir()
		wdir := filepath.Join(dir, "warc")
		if n%2 == 1 { // alternate the order, so a change in the machine's load hits both
			plain += benchCrawl(b, srv.URL, filepath.Join(dir, "plain"), "", nil)
			withWARC += benchCrawl(b, srv.URL, filepath.Join(dir, "w"), wdir, nil)
		} else {
			withWARC += benchCrawl(b, srv.URL, filepath.Join(dir, "w"), wdir, nil)
			plain += benchCrawl(b, srv.URL, filepath.Join(dir, "plain"), "", nil)
		}
		files, _ := filepath.Glob(filepath.Join(wdir, "*.warc.gz"))
		a, errs := warc.OpenArchive(files)
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		replay += benchCrawl(b, srv.URL, filepath.Join(dir, "r"), "", a)
	}
	rate := func(d time.Duration) float64 { return float64(warcBenchPages*n) / d.Seconds() }
	b.ReportMetric(rate(plain), "plain-pages/s")
	b.ReportMetric(rate(withWARC), "warc-pages/s")
	b.ReportMetric(rate(replay), "replay-pages/s")
	b.ReportMetric(1-rate(withWARC)/rate(plain), "warc-cost")
	b.ReportMetric(rate(replay)/rate(plain), "replay-speedup")
}

// benchCrawl crawls seed's site into dir (WARC into wdir when set, from
// the archive a when set) and returns the crawl's duration.
func benchCrawl(b *testing.B, seed, dir, wdir string, a *warc.Archive) time.Duration {
	b.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	src := `seeds: ["` + seed + `/"]
db: ` + filepath.Join(dir, "b.db") + `
out: ` + filepath.Join(dir, "out") + `
exports: []
politeness: {workers: 16, per_host_parallel: 16, no_delay: true}
fetch: {retries: -1}
batch: {size: 500}
dedup: {enabled: false}
`
	if wdir != "" {
		src += "warc: {dir: " + wdir + "}\n"
	}
	cfg, err := config.Parse(strings.NewReader(src), "bench.yaml")
	if err != nil {
		b.Fatal(err)
	}
	opts := pipeline.Options{}
	if a != nil {
		opts.Transport = warc.NewReplayer(a)
	}
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	start := time.Now()
	sum, err := p.Run(ctx)
	d := time.Since(start)
	if err != nil {
		b.Fatal(err)
	}
	if sum.Fetched < warcBenchPages || sum.Failed > 0 {
		b.Fatalf("fetched %d pages, want %d, and %d failures (%v)", sum.Fetched, warcBenchPages, sum.Failed, sum.Errors)
	}
	return d
}
