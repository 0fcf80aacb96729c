package svm

import (
	"math"
	"testing"
)

// expOne is e^x (x ≤ 0) through rbfTerms: with g = 1, |sv|² = x·sv = 0
// and |x|² = −x the kernel is exactly e^x.
func expOne(x float64) float64 {
	k := []float64{0}
	rbfTerms(k, []float64{0}, []float64{1}, -x, 1)
	return k[0]
}

func TestExpNonPos(t *testing.T) {
	if got := math.Float64bits(expShift); got != expShiftBits {
		t.Fatalf("expShiftBits = %#x, want %#x", uint64(expShiftBits), got)
	}
	worst := 0.0
	for i := 0; i <= 300000; i++ {
		x := -708 * float64(i) / 300000
		if i%3 == 0 {
			x = -float64(i) / 1e5 // dense near 0
		}
		want := math.Exp(x)
		got := expOne(x)
		if rel := math.Abs(got-want) / want; rel > worst {
			worst = rel
		}
	}
	if worst > 1e-14 {
		t.Errorf("expOne: worst relative error %g against math.Exp, want <= 1e-14", worst)
	}
	for _, x := range []float64{-709, -1e300, math.Inf(-1), math.NaN()} {
		if got := expOne(x); got != 0 {
			t.Errorf("expOne(%v) = %v, want 0", x, got)
		}
	}
}

func TestRBFTerms(t *testing.T) {
	var dot, norm, coef, kv [blockSize]float64
	xx, g := 2.5, 0.7
	want := 0.0
	for i := range dot {
		dot[i] = float64(i%7)/3 - 1
		norm[i] = float64(i%5) + 0.5
		coef[i] = float64(i%3) - 1.2
		kv[i] = math.Exp(-g * max(xx+norm[i]-2*dot[i], 0))
		want += coef[i] * kv[i]
	}
	if got := rbfTerms(dot[:], norm[:], coef[:], xx, g); math.Abs(got-want) > 1e-13*math.Abs(want) {
		t.Errorf("rbfTerms = %v, want %v", got, want)
	}
	for i, k := range kv {
		if math.Abs(dot[i]-k) > 1e-14*k {
			t.Errorf("rbfTerms left kernel value %d = %v, want %v", i, dot[i], k)
		}
	}
}
