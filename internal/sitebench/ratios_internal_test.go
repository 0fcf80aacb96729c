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
