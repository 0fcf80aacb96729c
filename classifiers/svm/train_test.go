package svm_test

import (
	"errors"
	"math"
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// TestSolverVariantsAgree trains with a tiny cache (constant eviction and
// column swaps under shrinking) and without shrinking: the solution must
// be the same optimum.
func TestSolverVariantsAgree(t *testing.T) {
	train := loadProblem(t, td("urls.train.scale"))
	test := loadProblem(t, td("urls.test.scale"))
	base := svm.DefaultParam()
	base.C = 8
	ref, err := svm.Train(train, base)
	if err != nil {
		t.Fatal(err)
	}
	variants := map[string]func(*svm.Param){
		"tiny-cache":   func(p *svm.Param) { p.CacheMB = 0.001 },
		"no-shrinking": func(p *svm.Param) { p.Shrinking = false },
		"tiny-cache-no-shrinking": func(p *svm.Param) {
			p.CacheMB, p.Shrinking = 0.001, false
		},
	}
	for name, change := range variants {
		t.Run(name, func(t *testing.T) {
			param := base
			change(&param)
			m, err := svm.Train(train, param)
			if err != nil {
				t.Fatal(err)
			}
			if !equalFloats(m.Rho(), ref.Rho(), 1e-3) {
				t.Errorf("rho = %v, default solver %v", m.Rho(), ref.Rho())
			}
			if a := agreement(t, predictAll(m, test), predictAll(ref, test)); a < 0.995 {
				t.Errorf("agreement with the default solver = %.4f", a)
			}
		})
	}
}

func TestTrainErrors(t *testing.T) {
	p := &svm.Problem{Y: []float64{1, 1}, X: [][]svm.Node{{{1, 1}}, {{1, 2}}}}
	if _, err := svm.Train(p, svm.DefaultParam()); !errors.Is(err, svm.ErrOneClass) {
		t.Errorf("one class: error %v, want ErrOneClass", err)
	}
	two := &svm.Problem{Y: []float64{1, -1}, X: [][]svm.Node{{{1, 1}}, {{1, -1}}}}
	bad := map[string]func(*svm.Param){
		"C=0":       func(p *svm.Param) { p.C = 0 },
		"C=NaN":     func(p *svm.Param) { p.C = math.NaN() },
		"gamma<0":   func(p *svm.Param) { p.Gamma = -1 },
		"kernel":    func(p *svm.Param) { p.Kernel = 9 },
		"eps<0":     func(p *svm.Param) { p.Eps = -1 },
		"weight<=0": func(p *svm.Param) { p.Weights = map[float64]float64{1: 0} },
		"degree<0":  func(p *svm.Param) { p.Kernel, p.Degree = svm.Poly, -1 },
	}
	for name, change := range bad {
		param := svm.DefaultParam()
		change(&param)
		if _, err := svm.Train(two, param); err == nil {
			t.Errorf("%s: Train accepted invalid parameters", name)
		}
	}
	if _, err := svm.Train(&svm.Problem{}, svm.DefaultParam()); err == nil {
		t.Error("Train accepted an empty problem")
	}
}

// TestWeights checks that weighting a class up raises its recall.
func TestWeights(t *testing.T) {
	train := loadProblem(t, td("urls.train.scale"))
	test := loadProblem(t, td("urls.test.scale"))
	recall := func(weights map[float64]float64) float64 {
		param := svm.DefaultParam()
		param.Weights = weights
		m, err := svm.Train(train, param)
		if err != nil {
			t.Fatal(err)
		}
		hit, n := 0, 0
		for i, x := range test.X {
			if test.Y[i] == -1 {
				n++
				if m.Predict(x) == -1 {
					hit++
				}
			}
		}
		return float64(hit) / float64(n)
	}
	plain, weighted := recall(nil), recall(map[float64]float64{-1: 10, 7: 3})
	if weighted <= plain {
		t.Errorf("recall of class -1: %.3f with weight 10, %.3f without; want higher", weighted, plain)
	}
}

func TestPredictFastPaths(t *testing.T) {
	train := loadProblem(t, td("urls.train.scale"))
	test := loadProblem(t, td("urls.test.scale"))
	for _, k := range []svm.KernelType{svm.RBF, svm.Linear, svm.Poly, svm.Sigmoid} {
		t.Run(k.String(), func(t *testing.T) {
			param := svm.DefaultParam()
			param.Kernel = k
			m, err := svm.Train(train, param)
			if err != nil {
				t.Fatal(err)
			}
			dense := make([]float64, 12)
			for i, x := range test.X {
				_, dec := m.PredictValues(x)
				clear(dense)
				for _, n := range x {
					dense[n.Index-1] = n.Value
				}
				if d := m.DecisionDense(dense); math.Abs(d-dec[0]) > 1e-9 {
					t.Fatalf("point %d: DecisionDense %v, PredictValues %v", i, d, dec[0])
				}
				if d := m.Decision(x); math.Abs(d-dec[0]) > 1e-9 {
					t.Fatalf("point %d: Decision %v, PredictValues %v", i, d, dec[0])
				}
				if m.PredictDense(dense) != m.Predict(x) {
					t.Fatalf("point %d: PredictDense and Predict disagree", i)
				}
			}
			x := test.X[0]
			if n := testing.AllocsPerRun(100, func() { m.Predict(x) }); n != 0 {
				t.Errorf("Predict allocates %v times, want 0", n)
			}
			if n := testing.AllocsPerRun(100, func() { m.PredictDense(dense) }); n != 0 {
				t.Errorf("PredictDense allocates %v times, want 0", n)
			}
		})
	}
}

func TestFolds(t *testing.T) {
	p := loadProblem(t, td("urls.train.scale"))
	f1, err := svm.Folds(p.Y, 10, 42)
	if err != nil {
		t.Fatal(err)
	}
	f2, _ := svm.Folds(p.Y, 10, 42)
	f3, _ := svm.Folds(p.Y, 10, 43)
	same, differ := true, false
	count := map[[2]int]int{}
	total := map[float64]int{}
	for i := range f1 {
		same = same && f1[i] == f2[i]
		differ = differ || f1[i] != f3[i]
		count[[2]int{f1[i], int(p.Y[i])}]++
		total[p.Y[i]]++
	}
	if !same || !differ {
		t.Errorf("folds: same seed reproduces = %v, other seed differs = %v; want true, true", same, differ)
	}
	for key, n := range count {
		share := float64(total[float64(key[1])]) / 10
		if math.Abs(float64(n)-share) > 1 {
			t.Errorf("fold %d has %d of class %d, want %.1f ± 1 (stratified)", key[0], n, key[1], share)
		}
	}
	for _, k := range []int{0, 1, len(p.Y) + 1} {
		if _, err := svm.Folds(p.Y, k, 1); err == nil {
			t.Errorf("Folds(%d) accepted", k)
		}
	}
}

func TestCrossValidationReproducible(t *testing.T) {
	p := loadProblem(t, td("blobs.train.scale"))
	param := svm.DefaultParam()
	param.Probability = true
	a, err := svm.CrossValidation(p, param, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, err := svm.CrossValidation(p, param, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	if svm.Accuracy(a, b) != 1 {
		t.Error("CrossValidation with the same seed gave different predictions")
	}
	if acc := svm.Accuracy(p.Y, a); acc < 0.6 {
		t.Errorf("CV accuracy %.3f, want >= 0.6", acc)
	}
}

func TestGridSearch(t *testing.T) {
	p := loadProblem(t, td("blobs.train.scale"))
	cs, gammas := svm.Pow2(-1, 3, 2), svm.Pow2(-3, 1, 2)
	if len(cs) != 3 || cs[0] != 0.5 || cs[2] != 8 {
		t.Fatalf("Pow2(-1, 3, 2) = %v, want [0.5 2 8]", cs)
	}
	r1, err := svm.GridSearch(p, svm.DefaultParam(), cs, gammas, 5, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := svm.GridSearch(p, svm.DefaultParam(), cs, gammas, 5, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(r1.Cells) != 9 {
		t.Fatalf("%d cells, want 9", len(r1.Cells))
	}
	best := 0.0
	for i, c := range r1.Cells {
		if c != r2.Cells[i] {
			t.Errorf("cell %d: 1 worker %+v, 4 workers %+v", i, c, r2.Cells[i])
		}
		if c.C != cs[i/3] || c.Gamma != gammas[i%3] {
			t.Errorf("cell %d is (%v, %v), want C-major order", i, c.C, c.Gamma)
		}
		best = math.Max(best, c.Accuracy)
	}
	if r1.BestAccuracy != best {
		t.Errorf("BestAccuracy %v, best cell %v", r1.BestAccuracy, best)
	}
	param := svm.DefaultParam()
	param.C, param.Gamma = r1.Cells[4].C, r1.Cells[4].Gamma
	pred, err := svm.CrossValidation(p, param, 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	if acc := svm.Accuracy(p.Y, pred); acc != r1.Cells[4].Accuracy {
		t.Errorf("cell %+v, CrossValidation with its parameters %v", r1.Cells[4], acc)
	}
	if _, err := svm.GridSearch(p, svm.DefaultParam(), nil, gammas, 5, 3, 1); err == nil {
		t.Error("GridSearch accepted no C values")
	}
	bad := svm.DefaultParam()
	if _, err := svm.GridSearch(p, bad, []float64{-1}, nil, 5, 3, 2); err == nil {
		t.Error("GridSearch accepted C = -1")
	}
}

// TestConcurrentPredict shares one model between goroutines (run with
// -race to check that prediction keeps no shared scratch state).
func TestConcurrentPredict(t *testing.T) {
	train := loadProblem(t, td("blobs.train.scale"))
	test := loadProblem(t, td("blobs.test.scale"))
	param := svm.DefaultParam()
	param.Probability = true
	m, err := svm.Train(train, param)
	if err != nil {
		t.Fatal(err)
	}
	want := predictAll(m, test)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			for i, x := range test.X {
				if _, probs := m.PredictProbability(x); len(probs) != 4 {
					errs <- errors.New("PredictProbability lost its probabilities")
					return
				}
				if got := m.Predict(x); got != want[i] {
					errs <- errors.New("concurrent Predict changed a prediction")
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestTinyProblems: very small classes must train (with probabilities),
// cross-validate and predict without trouble.
func TestTinyProblems(t *testing.T) {
	p := &svm.Problem{
		Y: []float64{3, 1, 2, 1, 3, 2},
		X: [][]svm.Node{{{1, 1}}, {{1, -1}, {2, 1}}, {{2, -1}}, {{1, -0.8}, {2, 0.9}}, {{1, 0.9}}, {{2, -0.7}}},
	}
	param := svm.DefaultParam()
	param.Probability = true
	m, err := svm.Train(p, param)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Labels(); !equalFloats(got, []float64{3, 1, 2}, 0) {
		t.Errorf("Labels = %v, want [3 1 2] (first appearance)", got)
	}
	for i, x := range p.X {
		label, probs := m.PredictProbability(x)
		sum := 0.0
		for _, v := range probs {
			sum += v
		}
		if math.Abs(sum-1) > 1e-6 || label == 0 {
			t.Errorf("point %d: label %v, probabilities %v (sum %v)", i, label, probs, sum)
		}
	}
	pred, err := svm.CrossValidation(p, param, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(pred) != p.Len() {
		t.Fatalf("%d CV predictions, want %d", len(pred), p.Len())
	}
	two := &svm.Problem{Y: []float64{-1, 1}, X: [][]svm.Node{{{1, -1}}, {{1, 1}}}}
	m2, err := svm.Train(two, param)
	if err != nil {
		t.Fatal(err)
	}
	if got := m2.Labels(); got[0] != 1 {
		t.Errorf("binary ±1 labels = %v, want +1 first as LIBSVM orders them", got)
	}
	if m2.Predict([]svm.Node{{1, 2}}) != 1 || m2.Predict([]svm.Node{{1, -2}}) != -1 {
		t.Error("two-point model predicts the wrong side")
	}
}

func TestBinaryProbability(t *testing.T) {
	m := loadModel(t, td("urls.b.model"))
	test := loadProblem(t, td("urls.test.scale"))
	for i, x := range test.X {
		_, probs := m.PredictProbability(x)
		if got := m.BinaryProbability(m.Decision(x)); math.Abs(got-probs[0]) > 1e-12 {
			t.Fatalf("point %d: BinaryProbability %v, PredictProbability %v", i, got, probs[0])
		}
	}
	if n := testing.AllocsPerRun(100, func() { m.BinaryProbability(m.Decision(test.X[0])) }); n != 0 {
		t.Errorf("Decision + BinaryProbability allocate %v times, want 0", n)
	}
	if p := loadModel(t, td("urls.model")).BinaryProbability(1); !math.IsNaN(p) {
		t.Errorf("BinaryProbability without probability information = %v, want NaN", p)
	}
}
