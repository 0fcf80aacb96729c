package dashboard_test

import (
	"context"
	"io"
	"net/http"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/pipeline"
)

// crawlRate crawls the demo site (every built-in on, 1,500 pages, no
// politeness delay so the crawl is as fast as the machine allows) and
// returns its pages per second. With served, a dashboard is attached and
// one client polls it as an open overview tab does (/api/overview every
// second) and reads the focus view every 3 seconds.
func crawlRate(b *testing.B, served bool) (rate, cpuPerPage float64) {
	b.Helper()
	ctx := context.Background()
	cfg := demoConfig(b, b.TempDir(), 1500)
	cfg.Politeness.NoDelay = true
	opts := pipeline.Options{}
	stopPoll := func() {}
	if served {
		dash, err := dashboard.Attach(dashboard.Config{Addr: "127.0.0.1:0"}, cfg.DB, &opts, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer dash.Close()
		pctx, cancel := context.WithCancel(ctx)
		done := make(chan int)
		go func() {
			n := 0
			t := time.NewTicker(time.Second)
			defer t.Stop()
			for i := 0; ; i++ {
				poll := func(path string) {
					resp, err := http.Get("http://" + dash.Addr() + path)
					if err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						if resp.StatusCode == 200 {
							n++
						}
					}
				}
				poll("/api/overview")
				if i%3 == 0 {
					poll("/api/focus?size=25")
				}
				select {
				case <-pctx.Done():
					done <- n
					return
				case <-t.C:
				}
			}
		}()
		stopPoll = func() {
			cancel()
			if n := <-done; n == 0 {
				b.Error("the polling client got no answer")
			}
		}
	}
	p, err := pipeline.Open(ctx, cfg, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	cpu0 := cpuTime(b)
	sum, err := p.Run(ctx)
	cpu := cpuTime(b) - cpu0
	stopPoll()
	if err != nil {
		b.Fatal(err)
	}
	if sum.Fetched < 1400 {
		b.Fatalf("fetched %d pages, want 1,500", sum.Fetched)
	}
	return sum.PagesPerSecond(), cpu.Seconds() / float64(sum.Fetched)
}

// cpuTime is the CPU time (user and system) this process used so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkServingCost compares the demo crawl with and without a
// dashboard and one polling client, alternating the two so both see the
// same machine load. It reports the served/bare ratio of the median rates
// (wall clock: the target is at least 0.95) and of the median CPU time per
// page (the polling client's own CPU included, which a real browser spends
// outside the crawl: the target is at most 1.05). On a shared machine the
// CPU ratio is the steadier of the two.
func BenchmarkServingCost(b *testing.B) {
	var bare, served, bareCPU, servedCPU []float64
	for b.Loop() {
		r, c := crawlRate(b, false)
		bare, bareCPU = append(bare, r), append(bareCPU, c)
		r, c = crawlRate(b, true)
		served, servedCPU = append(served, r), append(servedCPU, c)
	}
	med := func(v []float64) float64 { s := slices.Clone(v); slices.Sort(s); return s[len(s)/2] }
	b.Logf("pages/s bare %.0f\npages/s served %.0f", bare, served)
	b.Logf("CPU ms/page bare %.3f\nCPU ms/page served %.3f", scale(bareCPU, 1e3), scale(servedCPU, 1e3))
	b.ReportMetric(med(bare), "bare-pages/s")
	b.ReportMetric(med(served), "served-pages/s")
	b.ReportMetric(med(served)/med(bare), "served/bare-rate")
	b.ReportMetric(med(servedCPU)/med(bareCPU), "served/bare-cpu/page")
}

func scale(v []float64, k float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x * k
	}
	return out
}
