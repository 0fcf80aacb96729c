package sitebench

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"
)

// TestMedianInterval: the order statistics and coverage of the
// distribution-free interval for a median, against the binomial sums
// computed apart (Python's math.comb: the largest k with 1 − 2·ΣC(n, j<k)/2^n
// ≥ 0.9): 5 values → [x(1), x(5)] 0.9375; 7 → [x(1), x(7)] 0.984375;
// 9 → [x(2), x(8)] 0.9609375; 11 → [x(3), x(9)] 0.9345703125; 15 →
// [x(4), x(12)] 0.96484375; 4 values or none: no interval reaches 90 %.
func TestMedianInterval(t *testing.T) {
	for _, tc := range []struct {
		n, k     int
		coverage float64
	}{
		{5, 1, 0.9375}, {7, 1, 0.984375}, {9, 2, 0.9609375}, {11, 3, 0.9345703125}, {15, 4, 0.96484375},
	} {
		sorted := make([]float64, tc.n)
		for i := range sorted {
			sorted[i] = float64(i + 1) // x(i+1) = i+1
		}
		lo, hi, c, ok := medianInterval(sorted, 0.9)
		if !ok || lo != float64(tc.k) || hi != float64(tc.n-tc.k+1) || math.Abs(c-tc.coverage) > 1e-12 {
			t.Errorf("n=%d: [%v, %v] coverage %v ok %v; want [%d, %d] %v", tc.n, lo, hi, c, ok, tc.k, tc.n-tc.k+1, tc.coverage)
		}
	}
	for _, n := range []int{0, 1, 4} {
		if _, _, _, ok := medianInterval(make([]float64, n), 0.9); ok {
			t.Errorf("n=%d: an interval at 90 %%, want none", n)
		}
	}
	// The report prints it beside the rounds' median.
	var runs []Run
	for i, ratio := range []float64{0.70, 0.74, 0.81, 0.76, 0.79} {
		runs = append(runs, Run{Mode: Off, Round: i + 1, Pages: 100, Wall: time.Second},
			Run{Mode: On, Round: i + 1, Pages: 100, Wall: time.Duration(float64(time.Second) / ratio)})
	}
	var out bytes.Buffer
	Result{Runs: runs}.Write(&out)
	if want := "(median 0.76, lowest 0.70; the median lies in 0.70–0.81 with 94 % confidence)"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
}
