package pipeline_test

import (
	"context"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc"
)

var (
	warcBenchPages = flag.Int("warc.pages", 2000, "pages of the generated site BenchmarkWARC and BenchmarkWARCCrawl crawl")
	warcBenchSite  = flag.String("warc.site", "", "a directory of real pages for BenchmarkWARC and BenchmarkWARCCrawl to serve and crawl from its index.html instead of the generated site (e.g. /usr/share/doc/postgresql-doc-15/html)")
)

// warcBenchServer serves the benchmark's site: the generated one, or
// -warc.site. It returns the seed URL.
func warcBenchServer(b *testing.B) string {
	b.Helper()
	var h http.Handler = demosite.NewGenerated(*warcBenchPages)
	seed := "/"
	if *warcBenchSite != "" {
		h, seed = http.FileServer(http.Dir(*warcBenchSite)), "/index.html"
	}
	srv := httptest.NewServer(h)
	b.Cleanup(srv.Close)
	return srv.URL + seed
}

// BenchmarkWARC crawls a generated loopback site (2,000 pages, no
// politeness delay, 16 workers: CPU-bound; -warc.site DIR: a directory of
// real pages instead) in rounds, each round three
// ways in the same run: plainly and writing WARC, in alternating order so
// a change in the machine's load hits both, then replaying the WARC just
// written. Per round it takes the ratios of the rates, warc/plain (the
// cost of writing WARC is 1 - that) and replay/plain, and of the process's
// CPU time (user and system: the server's included, the same work in
// both; each crawl starts after a garbage collection, so neither pays for
// the other's garbage), warc/plain - 1, which a loaded machine disturbs
// less than durations, and the part of that cost in system time (the
// WARC crawl's system time less the plain one's, over the plain crawl's
// CPU time); it reports the median of the rounds and their range, and the
// archive's bytes per page.
//
//	go test ./pipeline -run '^$' -bench 'WARC$' -benchtime 7x
func BenchmarkWARC(b *testing.B) {
	seed := warcBenchServer(b)
	b.ReportAllocs()
	var cost, cpuCost, sysShare, speedup, plainRate, warcRate, replayRate, archived []float64
	n := 0
	for b.Loop() {
		n++
		dir := b.TempDir()
		wdir := filepath.Join(dir, "warc")
		var plain, withWARC, plainCPU, warcCPU, plainSys, warcSys time.Duration
		var plainLog, warcLog string
		crawlPlain := func() {
			runtime.GC() // neither crawl pays for the other's garbage
			c, s, m := cpuTime(), sysTime(), readMeter()
			pprof.Do(context.Background(), pprof.Labels("crawl", "plain"), func(context.Context) {
				plain = benchCrawl(b, seed, filepath.Join(dir, "plain"), "", nil)
			})
			plainCPU, plainSys = cpuTime()-c, sysTime()-s
			plainLog = readMeter().since(m, plain, plainCPU)
		}
		crawlWARC := func() {
			runtime.GC()
			c, s, m := cpuTime(), sysTime(), readMeter()
			pprof.Do(context.Background(), pprof.Labels("crawl", "warc"), func(context.Context) {
				withWARC = benchCrawl(b, seed, filepath.Join(dir, "w"), wdir, nil)
			})
			warcCPU, warcSys = cpuTime()-c, sysTime()-s
			warcLog = readMeter().since(m, withWARC, warcCPU)
		}
		if n%2 == 1 {
			crawlPlain()
			crawlWARC()
		} else {
			crawlWARC()
			crawlPlain()
		}
		archived = append(archived, float64(dirBytes(b, wdir))/float64(benchPages))
		a := openBenchArchive(b, wdir)
		replay := benchCrawl(b, seed, filepath.Join(dir, "r"), "", a)
		a.Close()
		cost = append(cost, 1-plain.Seconds()/withWARC.Seconds())
		b.Logf("round %d cost %.3f cpu-cost %.3f\n  plain: %s\n  warc:  %s", n, cost[len(cost)-1], warcCPU.Seconds()/plainCPU.Seconds()-1, plainLog, warcLog)
		if plainCPU > 0 {
			cpuCost = append(cpuCost, warcCPU.Seconds()/plainCPU.Seconds()-1)
			sysShare = append(sysShare, (warcSys-plainSys).Seconds()/plainCPU.Seconds())
		}
		speedup = append(speedup, plain.Seconds()/replay.Seconds())
		rate := func(d time.Duration) float64 { return float64(benchPages) / d.Seconds() }
		plainRate, warcRate, replayRate = append(plainRate, rate(plain)), append(warcRate, rate(withWARC)), append(replayRate, rate(replay))
	}
	b.ReportMetric(median(plainRate), "plain-pages/s")
	b.ReportMetric(median(warcRate), "warc-pages/s")
	b.ReportMetric(median(replayRate), "replay-pages/s")
	b.ReportMetric(median(cost), "warc-cost-median")
	b.ReportMetric(slices.Min(cost), "warc-cost-min")
	b.ReportMetric(slices.Max(cost), "warc-cost-max")
	if len(cpuCost) > 0 {
		b.ReportMetric(median(cpuCost), "warc-cpu-cost-median")
		b.ReportMetric(slices.Min(cpuCost), "warc-cpu-cost-min")
		b.ReportMetric(slices.Max(cpuCost), "warc-cpu-cost-max")
		b.ReportMetric(median(sysShare), "warc-sys-cost-median")
	}
	b.ReportMetric(median(archived), "warc-bytes/page")
	b.ReportMetric(median(speedup), "replay-speedup-median")
	b.ReportMetric(slices.Min(speedup), "replay-speedup-min")
	b.ReportMetric(slices.Max(speedup), "replay-speedup-max")
}

// BenchmarkWARCCrawl is one crawl of the same site per iteration, plainly,
// writing WARC or replaying (the archive is written before the timer
// starts): run each under callgrind for instruction counts, which are
// repeatable under load where times are not, for example
//
//	go test -c -o /tmp/p.test ./pipeline
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind /tmp/p.test \
//	  -test.run '^$' -test.bench 'WARCCrawl/plain' -test.benchtime 1x -warc.pages 500
func BenchmarkWARCCrawl(b *testing.B) {
	seed := warcBenchServer(b)
	for _, mode := range []string{"plain", "warc", "replay"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			var a *warc.Archive
			if mode == "replay" {
				wdir := filepath.Join(b.TempDir(), "warc")
				benchCrawl(b, seed, filepath.Join(b.TempDir(), "w"), wdir, nil)
				a = openBenchArchive(b, wdir)
				defer a.Close()
				b.ResetTimer()
			}
			var took time.Duration
			for b.Loop() {
				dir := b.TempDir()
				wdir := ""
				if mode == "warc" {
					wdir = filepath.Join(dir, "warc")
				}
				took += benchCrawl(b, seed, dir, wdir, a)
			}
			b.ReportMetric(float64(benchPages*int64(b.N))/took.Seconds(), "pages/s")
		})
	}
}

// dirBytes is the size of the WARC files in dir.
func dirBytes(b *testing.B, dir string) int64 {
	b.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	var n int64
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		n += st.Size()
	}
	if n == 0 {
		b.Fatalf("no WARC written in %s", dir)
	}
	return n
}

func openBenchArchive(b *testing.B, wdir string) *warc.Archive {
	b.Helper()
	files, _ := filepath.Glob(filepath.Join(wdir, "*.warc.gz"))
	a, errs := warc.OpenArchive(files)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	return a
}

// benchPages is how many pages every crawl of the benchmark's site fetches
// (the generated site's n pages and its index; a directory's reachable
// pages), learnt from the first crawl.
var benchPages int64

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// benchCrawl crawls seed's site into dir (WARC into wdir when set, from
// the archive a when set) and returns the crawl's duration.
func benchCrawl(b *testing.B, seed, dir, wdir string, a *warc.Archive) time.Duration {
	b.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	src := `seeds: ["` + seed + `"]
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
	if benchPages == 0 { // the first crawl of the site: every other one fetches as many
		benchPages = sum.Fetched
	}
	if sum.Fetched != benchPages || (*warcBenchSite == "" && sum.Fetched < int64(*warcBenchPages)) {
		b.Fatalf("fetched %d pages, want %d (%d failures: %v)", sum.Fetched, benchPages, sum.Failed, sum.Errors)
	}
	return d
}

// BenchmarkReplayDemo crawls the demo web as configs/demo.yaml does (8
// workers, 4 per host, 5 ms delay, one host's Crawl-delay capped at 200 ms,
// every built-in; 300 pages) writing WARC, then replays that archive in
// frontier and in archive order, in each round, and reports the rates and
// the replays' speed-up over the live crawl (median and range): the same
// pages, without the network and the politeness a live crawl owes.
//
//	go test ./pipeline -run '^$' -bench ReplayDemo -benchtime 3x
func BenchmarkReplayDemo(b *testing.B) {
	ctx := context.Background()
	var live []float64
	speedup := map[string][]float64{}
	for b.Loop() {
		dir := b.TempDir()
		cfg := demoBenchConfig(b, dir, "live")
		cfg.WARC.Dir = filepath.Join(dir, "warc")
		sum, took := runBench(b, cfg, pipeline.Options{})
		rate := float64(sum.Fetched) / took.Seconds()
		live = append(live, rate)
		files, _ := filepath.Glob(filepath.Join(dir, "warc", "*.warc.gz"))
		for _, order := range []string{pipeline.OrderFrontier, pipeline.OrderArchive} {
			a, errs := warc.OpenArchive(files, warc.WithKey(pipeline.ArchiveKey))
			if len(errs) > 0 {
				b.Fatal(errs)
			}
			rcfg := demoBenchConfig(b, dir, order)
			opts, err := pipeline.Replay(ctx, rcfg, a, order, pipeline.Options{})
			if err != nil {
				b.Fatal(err)
			}
			rsum, rtook := runBench(b, rcfg, opts)
			a.Close()
			if rsum.Fetched != sum.Fetched {
				b.Fatalf("replay in %s order fetched %d pages, the crawl %d", order, rsum.Fetched, sum.Fetched)
			}
			speedup[order] = append(speedup[order], float64(rsum.Fetched)/rtook.Seconds()/rate)
		}
	}
	b.ReportMetric(median(live), "live-pages/s")
	for order, s := range speedup {
		b.ReportMetric(median(s), order+"-speedup-median")
		b.ReportMetric(slices.Min(s), order+"-speedup-min")
		b.ReportMetric(slices.Max(s), order+"-speedup-max")
	}
}

func demoBenchConfig(b *testing.B, dir, name string) *config.Config {
	b.Helper()
	src := `demo: true
seeds: ["{demo:0}", "{demo:1}", "{demo:2}", "{demo:3}", "{sport:10}"]
db: ` + filepath.Join(dir, name+".db") + `
out: ` + filepath.Join(dir, name) + `
exports: []
max_pages: 300
politeness: {workers: 8, per_host_parallel: 4, delay: 5ms, max_crawl_delay: 200ms}
fetch: {timeout: 2s, retries: 1, backoff: 50ms}
batch: {size: 100}
hub: {enabled: true, policy: tag}
topic: {enabled: true, seeds: ["{sport:10}"], strategy: adaptive, link_context: 0.75, url_words: true}
clustering: {enabled: true}
extraction: {enabled: true}
topics: {enabled: true, r: 0.24}
`
	cfg, err := config.Parse(strings.NewReader(src), name+".yaml")
	if err != nil {
		b.Fatal(err)
	}
	return cfg
}

func runBench(b *testing.B, cfg *config.Config, opts pipeline.Options) (crawler.Summary, time.Duration) {
	b.Helper()
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	start := time.Now()
	sum, err := p.Run(ctx)
	took := time.Since(start)
	if err != nil {
		b.Fatal(err)
	}
	if sum.Fetched == 0 {
		b.Fatal("nothing fetched")
	}
	return sum, took
}
