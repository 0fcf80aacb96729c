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

// crawlRun is one demo crawl's figures.
type crawlRun struct {
	rate       float64 // pages per second
	cpuPerPage float64 // process CPU seconds per page
	cpuPerSec  float64 // process CPU seconds per wall second
	// serveCycle is, for a served crawl, the CPU seconds the dashboard
	// spends on one tab's poll cycle (pollCycle) on the finished store,
	// HTTP client included.
	serveCycle float64
}

// pollCycleSeconds is how long pollCycle lasts in a tab: 3 overviews at
// one a second, with a focus answer.
const pollCycleSeconds = 3

// crawlRate crawls the demo site (every built-in on, 1,500 pages, no
// politeness delay so the crawl is as fast as the machine allows). With
// served, a dashboard is attached and one client polls it as an open tab
// does (pollCycle: /api/overview every second, /api/focus every 3).
func crawlRate(b *testing.B, served bool) crawlRun {
	b.Helper()
	ctx := context.Background()
	cfg := demoConfig(b, b.TempDir(), 1500)
	cfg.Politeness.NoDelay = true
	opts := pipeline.Options{}
	var dash *dashboard.Attached
	poll := func(path string) bool {
		resp, err := http.Get("http://" + dash.Addr() + path)
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		_, err = io.Copy(io.Discard, resp.Body)
		return err == nil && resp.StatusCode == http.StatusOK
	}
	stopPoll := func() {}
	if served {
		var err error
		if dash, err = dashboard.Attach(dashboard.Config{Addr: "127.0.0.1:0"}, cfg.DB, &opts, nil); err != nil {
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
				if poll(pollCycle[i%len(pollCycle)]) {
					n++
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
	r := crawlRun{rate: sum.PagesPerSecond(), cpuPerPage: cpu.Seconds() / float64(sum.Fetched),
		cpuPerSec: cpu.Seconds() / sum.Elapsed.Seconds()}
	if served {
		// The serving's own cost, measured directly: nothing else runs in
		// the process now, so its CPU time is the dashboard's (and the
		// client's).
		const cycles = 20
		c0 := cpuTime(b)
		for range cycles {
			for _, path := range pollCycle {
				if !poll(path) {
					b.Fatalf("GET %s failed", path)
				}
			}
		}
		r.serveCycle = (cpuTime(b) - c0).Seconds() / cycles
	}
	return r
}

// cpuTime is the CPU time (user and system) this process used so far.
func cpuTime(b testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkServingCost compares the demo crawl with and without a
// dashboard and one polling client, in pairs run back to back (the order
// alternating from pair to pair) so both see the same machine load. It
// reports the median and the range of the pairs' served/bare ratios of
// the rate (the target is at least 0.95) and of CPU time per page (at
// most 1.05; the client's own CPU, which a browser spends outside the
// crawl, is included). On a shared machine both swing by more than the
// 5% they are to show, so it also measures the serving's cost directly:
// the dashboard's CPU time for one tab's poll cycle, per second of the
// cycle, as a share of the bare crawl's CPU time per second (when the
// crawl is CPU-bound, the share of its throughput the dashboard takes).
func BenchmarkServingCost(b *testing.B) {
	var rate, cpu, share []float64
	var bareRate, servedRate []float64
	for i := 0; b.Loop(); i++ {
		var bare, served crawlRun
		if i%2 == 0 {
			bare, served = crawlRate(b, false), crawlRate(b, true)
		} else {
			served, bare = crawlRate(b, true), crawlRate(b, false)
		}
		bareRate, servedRate = append(bareRate, bare.rate), append(servedRate, served.rate)
		rate = append(rate, served.rate/bare.rate)
		cpu = append(cpu, served.cpuPerPage/bare.cpuPerPage)
		share = append(share, served.serveCycle/pollCycleSeconds/bare.cpuPerSec)
	}
	b.Logf("pages/s bare %.0f\npages/s served %.0f", bareRate, servedRate)
	b.Logf("served/bare rate %.3f\nserved/bare CPU per page %.3f\nserving CPU share %.4f", rate, cpu, share)
	for _, m := range []struct {
		name string
		v    []float64
	}{{"served/bare-rate", rate}, {"served/bare-cpu/page", cpu}, {"serving-cpu-share", share}} {
		s := slices.Sorted(slices.Values(m.v))
		b.ReportMetric(s[len(s)/2], m.name)
		b.ReportMetric(s[0], m.name+"-min")
		b.ReportMetric(s[len(s)-1], m.name+"-max")
	}
	if s := slices.Sorted(slices.Values(share)); s[len(s)/2] > 0.05 {
		b.Errorf("serving takes %.1f%% of the crawl's CPU per second, want at most 5%%", 100*s[len(s)/2])
	}
}
