package svm

import (
	"math"
	"testing"
)

// TestGramMatchesColumns checks the Gram against the columns svcQ
// computes: every entry bit for bit, before and after the swaps shrinking
// makes, and the matrix bitwise symmetric.
func TestGramMatchesColumns(t *testing.T) {
	x := make([][]Node, 300)
	for i := range x {
		for f := 1; f <= 12; f++ {
			if v := math.Sin(float64(i*f + f)); v > -0.3 {
				x[i] = append(x[i], Node{Index: f, Value: math.Round(v*64) / 64})
			}
		}
	}
	for _, kt := range []KernelType{RBF, Linear, Poly, Sigmoid} {
		param := DefaultParam()
		param.Kernel, param.Gamma, param.Coef0 = kt, 0.3, 0.5
		g, err := NewGram(x, param, 1<<30, 3)
		if err != nil {
			t.Fatal(err)
		}
		for a := range g.n {
			for b := range a {
				if math.Float32bits(g.k[a*g.n+b]) != math.Float32bits(g.k[b*g.n+a]) {
					t.Fatalf("%v: K[%d][%d] != K[%d][%d]", kt, a, b, b, a)
				}
			}
		}
		sub, y := x[50:250], make([]int8, 200)
		for i := range y {
			y[i] = int8(1 - 2*(i%3%2))
		}
		plain, viaGram := newSVCQ(sub, y, param, nil), newSVCQ(sub, y, param, g)
		if viaGram.gram == nil {
			t.Fatalf("%v: Gram not taken", kt)
		}
		for step := range 3 {
			for i := range sub {
				a, b := plain.column(i, len(sub)), viaGram.column(i, len(sub))
				for j := range a {
					if math.Float32bits(a[j]) != math.Float32bits(b[j]) {
						t.Fatalf("%v step %d: Q[%d][%d] = %v computed, %v gathered", kt, step, j, i, a[j], b[j])
					}
				}
			}
			plain.swap(step, 199-step*7)
			viaGram.swap(step, 199-step*7)
		}
	}
}

// TestGramSparseRBFNotTaken: a training without dense rows computes RBF
// values with math.Exp, not the exp the Gram was built with, so it must
// compute its columns; other kernels' values do not depend on the path.
func TestGramSparseRBFNotTaken(t *testing.T) {
	x := make([][]Node, 100)
	y := make([]int8, len(x))
	for i := range x {
		x[i] = []Node{{Index: 1, Value: float64(i%7) / 7}, {Index: 1 << 20, Value: float64(i % 3)}}
		y[i] = int8(1 - 2*(i%2))
	}
	for _, kt := range []KernelType{RBF, Linear} {
		param := DefaultParam()
		param.Kernel, param.Gamma = kt, 0.5
		g, err := NewGram(x, param, 1<<30, 1)
		if err != nil {
			t.Fatal(err)
		}
		q := newSVCQ(x, y, param, g)
		if q.rows != nil {
			t.Fatal("wide data kept as dense rows")
		}
		if taken := q.gram != nil; taken != (kt != RBF) {
			t.Fatalf("%v without dense rows: Gram taken = %v", kt, taken)
		}
	}
}

// TestDotDense4 checks the four-at-a-time dot products against dotDense
// bit for bit, on values whose sums depend on the order of addition.
func TestDotDense4(t *testing.T) {
	const d = 15
	row := func(seed int) []float64 {
		r := make([]float64, d)
		for k := range r {
			r[k] = math.Sin(float64(seed*d+k)) * math.Exp2(float64((seed+k)%40-20))
		}
		return r
	}
	for s := range 50 {
		a, b := row(s), [4][]float64{row(s + 1), row(3 * s), row(s + 7), row(5*s + 2)}
		got := [4]float64{}
		got[0], got[1], got[2], got[3] = dotDense4(a, b[0], b[1], b[2], b[3])
		for q := range b {
			if want := dotDense(a, b[q]); math.Float64bits(got[q]) != math.Float64bits(want) {
				t.Fatalf("row %d, product %d: dotDense4 %v, dotDense %v", s, q, got[q], want)
			}
		}
	}
}
