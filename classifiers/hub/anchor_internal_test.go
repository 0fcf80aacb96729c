package hub

import (
	"math"
	"math/rand/v2"
	"testing"
)

// objective is fitLogistic's loss and its gradient, written out plainly.
func objective(xs [][3]float64, ys []float64, ridge float64, w [3]float64) (float64, [3]float64) {
	loss := ridge / 2 * (w[0]*w[0] + w[1]*w[1])
	g := [3]float64{ridge * w[0], ridge * w[1], 0}
	for i, x := range xs {
		z := w[0]*x[0] + w[1]*x[1] + w[2]*x[2]
		loss += math.Log(1 + math.Exp(-ys[i]*z))
		s := -ys[i] / (1 + math.Exp(ys[i]*z)) // d/dz log(1+e^(−y·z))
		for a := range 3 {
			g[a] += s * x[a]
		}
	}
	return loss, g
}

// TestFitLogisticIsTheMinimum: the problem is strictly convex, so a zero
// gradient and no lower loss at any nearby point identify its minimum.
func TestFitLogisticIsTheMinimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 5 {
		var xs [][3]float64
		var ys []float64
		for range 400 {
			d, l := rng.NormFloat64()*3, 1+rng.Float64()*6
			y := -1.0
			if rng.Float64() < 1/(1+math.Exp(-(0.8*d-1.5*l+5))) {
				y = 1
			}
			xs, ys = append(xs, [3]float64{d, l, 1}), append(ys, y)
		}
		w, err := fitLogistic(xs, ys, anchorRidge)
		if err != nil {
			t.Fatal(err)
		}
		loss, g := objective(xs, ys, anchorRidge, w)
		for a, v := range g {
			if math.Abs(v) > 1e-6*float64(len(xs)) {
				t.Errorf("trial %d: gradient[%d] = %g at %v", trial, a, v, w)
			}
		}
		for a := range 3 {
			for _, h := range []float64{-1e-3, 1e-3} {
				p := w
				p[a] += h
				if l, _ := objective(xs, ys, anchorRidge, p); l < loss {
					t.Errorf("trial %d: loss %v at %v is below the fit's %v at %v", trial, l, p, loss, w)
				}
			}
		}
		// 400 draws recover the generating weights roughly.
		if math.Abs(w[0]-0.8) > 0.4 || math.Abs(w[1]+1.5) > 0.8 {
			t.Errorf("trial %d: weights %v, generated with 0.8, −1.5, 5", trial, w)
		}
	}
}

// TestFitLogisticSeparable: on separable links the ridge keeps the weights
// finite.
func TestFitLogisticSeparable(t *testing.T) {
	xs := [][3]float64{{2, 1, 1}, {3, 1.5, 1}, {-2, 5, 1}, {-3, 6, 1}}
	ys := []float64{1, 1, -1, -1}
	w, err := fitLogistic(xs, ys, anchorRidge)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range xs {
		if z := w[0]*x[0] + w[1]*x[1] + w[2]*x[2]; z*ys[i] <= 0 {
			t.Errorf("link %d: z = %v, label %v", i, z, ys[i])
		}
	}
	if math.Abs(w[0])+math.Abs(w[1]) > 20 {
		t.Errorf("weights %v, want finite and moderate", w)
	}
}

func TestAnchorLength(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want float64
	}{{"", 0}, {"a", 1}, {"Sci", 2}, {"Überall", 3}, {"日本語のニュース", math.Log2(9)}} {
		if got := anchorLength(tt.in); got != tt.want {
			t.Errorf("anchorLength(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
