package sitebench

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestRoundRatios: each round's on pages/s over its own off pages/s, in
// round order whichever mode ran first, and the report's line of them.
func TestRoundRatios(t *testing.T) {
	run := func(m Mode, round int, wall time.Duration) Run {
		return Run{Mode: m, Round: round, Pages: 100, Wall: wall}
	}
	r := Result{Runs: []Run{
		run(Off, 1, 1*time.Second), run(On, 1, 1250*time.Millisecond), // 0.80
		run(On, 2, 2*time.Second), run(Off, 2, 1*time.Second), // 0.50
		run(Off, 3, 1*time.Second), run(On, 3, 1*time.Second), // 1.00
	}}
	got := r.RoundRatios()
	if want := []float64{0.8, 0.5, 1}; !slices.Equal(got, want) {
		t.Fatalf("RoundRatios = %v, want %v", got, want)
	}
	var out bytes.Buffer
	r.Write(&out)
	if !strings.Contains(out.String(), "ratio by round           0.80 0.50 1.00 (median 0.80, lowest 0.50)") {
		t.Errorf("report lacks the rounds' ratios:\n%s", out.String())
	}
	// A round whose on crawl is missing (a failed run) has no ratio.
	r.Runs = r.Runs[:5]
	if got := r.RoundRatios(); !slices.Equal(got, []float64{0.8, 0.5}) {
		t.Errorf("RoundRatios without round 3's on crawl = %v", got)
	}
}

// TestCPUPerPage: the report's CPU line is the median CPU time a page of
// each mode and their ratio, off over on; runs without a CPU time (none
// measured) are left out, and with no CPU time the line is not printed.
func TestCPUPerPage(t *testing.T) {
	run := func(m Mode, round, pages int, cpu time.Duration) Run {
		return Run{Mode: m, Round: round, Pages: pages, Wall: time.Second, CPU: cpu}
	}
	r := Result{Runs: []Run{
		run(Off, 1, 100, 150*time.Millisecond), run(On, 1, 100, 200*time.Millisecond),
		run(On, 2, 200, 500*time.Millisecond), run(Off, 2, 200, 280*time.Millisecond),
		run(Off, 3, 100, 100*time.Millisecond), run(On, 3, 100, 0),
	}}
	var out bytes.Buffer
	r.Write(&out)
	// off: 1.5, 1.4, 1.0 ms a page → 1.4; on: 2.0, 2.5 → 2.25; 1.4/2.25 = 0.62
	if want := "CPU a page               off 1.400 ms, on 2.250 ms (medians), ratio 0.62"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	for i := range r.Runs {
		r.Runs[i].CPU = 0
	}
	out.Reset()
	r.Write(&out)
	if strings.Contains(out.String(), "CPU a page") {
		t.Errorf("CPU line printed without CPU times:\n%s", out.String())
	}
}
