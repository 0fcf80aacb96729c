package svm

import (
	"math"
	"os"
	"testing"
)

// TestSolveMergedEquivalent: merging repeated points reaches the same
// optimum (objective, bias, predictions) and hands back a feasible α.
func TestSolveMergedEquivalent(t *testing.T) {
	f, err := os.Open("testdata/urls.train.scale")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ReadProblem(f)
	if err != nil {
		t.Fatal(err)
	}
	y := make([]int8, p.Len())
	for i, v := range p.Y {
		y[i] = int8(v)
	}
	param, _ := DefaultParam().withDefaults(p.MaxIndex())
	param.C = 4
	cp, cn := 4.0, 6.0
	plain := solveCSVC(p.X, y, param, cp, cn)
	merged := solveMerged(p.X, y, param, cp, cn)
	t.Logf("objective %v / %v, rho %v / %v", merged.obj, plain.obj, merged.rho, plain.rho)
	if rel := math.Abs(merged.obj-plain.obj) / math.Abs(plain.obj); rel > 1e-3 {
		t.Errorf("objective merged %v, plain %v", merged.obj, plain.obj)
	}
	if math.Abs(merged.rho-plain.rho) > 1e-2 {
		t.Errorf("rho merged %v, plain %v", merged.rho, plain.rho)
	}
	var sum float64
	for i, a := range merged.alpha {
		c := cn
		if y[i] > 0 {
			c = cp
		}
		if a*float64(y[i]) < 0 || math.Abs(a) > c+1e-12 {
			t.Fatalf("α_%d = %v outside [0, %v]", i, a, c)
		}
		sum += a
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("Σ y_i α_i = %v, want 0", sum)
	}
	e1, e2 := newEvaluator(p.X, plain, param), newEvaluator(p.X, merged, param)
	same := 0
	for _, x := range p.X {
		if (e1.decision(x) > 0) == (e2.decision(x) > 0) {
			same++
		}
	}
	if frac := float64(same) / float64(p.Len()); frac < 0.995 {
		t.Errorf("merged and plain solutions agree on %.4f of points", frac)
	}
}
