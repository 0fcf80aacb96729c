package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
)

// BenchmarkFocusedVsBFS crawls the demo web as configs/demo.yaml does (8
// workers, 4 per host, 5 ms politeness delay, seeds on four hosts), 400
// pages, with the topic built-in only: once with the default focused
// strategy (learned, rescoring its queue as it learns) and once with
// strategy bfs, alternately in the same run, and reports each one's
// pages/s and their ratio (target ≥ 0.8) and each one's measured harvest;
// and a third time focused with focus_margin 0.1 and focus_wait 20ms
// (wait-speed-ratio, wait-harvest); and the CPU time a page costs with
// each of the first two (process CPU time, less sensitive to the other
// processes of a shared machine than pages/s). Each round's ratio is kept
// apart and the lowest, median and highest are reported beside the load
// average at the start and end (run with -benchtime 5x for a range).
func BenchmarkFocusedVsBFS(b *testing.B) {
	ctx := context.Background()
	var took = map[string]time.Duration{}
	var pages = map[string]int64{}
	var harvest = map[string]float64{}
	var cpu = map[string]time.Duration{}
	var ratios []float64 // per round: focused pages/s over bfs pages/s
	load0 := loadAverage()
	for b.Loop() {
		round := map[string]float64{}
		for _, strategy := range []string{"learned", "bfs", "learned-wait"} {
			dir := b.TempDir()
			src := `demo: true
seeds: ["{demo:0}", "{demo:1}", "{demo:2}", "{demo:3}", "{sport:10}"]
db: ` + filepath.Join(dir, "d.db") + `
out: ` + filepath.Join(dir, "out") + `
exports: []
max_pages: 400
politeness:
  workers: 8
  per_host_parallel: 4
  delay: 5ms
  max_crawl_delay: 200ms
fetch:
  timeout: 2s
  retries: 1
  backoff: 50ms
topic:
  enabled: true
  seeds: ["{sport:10}"]
  strategy: ` + strings.TrimSuffix(strategy, "-wait") + "\n"
			if strings.HasSuffix(strategy, "-wait") { // the focus margin with a bounded wait
				src += "  focus_margin: 0.1\n  focus_wait: 20ms\n"
			}
			cfg, err := config.Parse(strings.NewReader(src), "bench.yaml")
			if err != nil {
				b.Fatal(err)
			}
			p, err := pipeline.Open(ctx, cfg, pipeline.Options{})
			if err != nil {
				b.Fatal(err)
			}
			start, cpu0 := time.Now(), cpuTime()
			sum, err := p.Run(ctx)
			took[strategy] += time.Since(start)
			cpu[strategy] += cpuTime() - cpu0
			p.Close()
			if err != nil {
				b.Fatal(err)
			}
			if sum.Fetched < 350 {
				b.Fatalf("%s: %d pages fetched, want ≥ 350 (%s)", strategy, sum.Fetched, sum.Reason)
			}
			pages[strategy] += sum.Fetched
			harvest[strategy] += sum.Harvest()
			round[strategy] = float64(sum.Fetched) / time.Since(start).Seconds()
		}
		ratios = append(ratios, round["learned"]/round["bfs"])
	}
	rate := func(s string) float64 { return float64(pages[s]) / took[s].Seconds() }
	b.ReportMetric(rate("learned"), "focused-pages/s")
	b.ReportMetric(rate("bfs"), "bfs-pages/s")
	b.ReportMetric(rate("learned")/rate("bfs"), "speed-ratio")
	b.ReportMetric(harvest["learned"]/float64(b.N), "focused-harvest")
	b.ReportMetric(harvest["bfs"]/float64(b.N), "bfs-harvest")
	b.ReportMetric(rate("learned-wait")/rate("bfs"), "wait-speed-ratio")
	perPage := func(s string) float64 { return cpu[s].Seconds() * 1000 / float64(pages[s]) }
	b.ReportMetric(perPage("learned"), "focused-cpu-ms/page")
	b.ReportMetric(perPage("bfs"), "bfs-cpu-ms/page")
	b.ReportMetric(harvest["learned-wait"]/float64(b.N), "wait-harvest")
	slices.Sort(ratios)
	b.ReportMetric(ratios[0], "min-round-ratio")
	b.ReportMetric(ratios[len(ratios)/2], "median-round-ratio")
	b.ReportMetric(ratios[len(ratios)-1], "max-round-ratio")
	b.ReportMetric(load0, "load1-start")
	b.ReportMetric(loadAverage(), "load1-end")
}

// loadAverage is the machine's 1-minute load average (0 where
// /proc/loadavg cannot be read): a pages/s ratio measured on a shared
// machine is read beside it.
func loadAverage() float64 {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(raw))
	if len(f) == 0 {
		return 0
	}
	x, _ := strconv.ParseFloat(f[0], 64)
	return x
}
