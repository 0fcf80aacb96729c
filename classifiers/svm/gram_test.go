package svm_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// modelBytes returns m in LIBSVM's model format.
func modelBytes(t *testing.T, m *svm.Model) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// trainBothWays returns the model files of Train and of TrainWithGram
// with g on the same problem.
func trainBothWays(t *testing.T, p *svm.Problem, param svm.Param, g *svm.Gram) (plain, viaGram []byte) {
	t.Helper()
	m, err := svm.Train(p, param)
	if err != nil {
		t.Fatal(err)
	}
	mg, err := svm.TrainWithGram(p, param, g)
	if err != nil {
		t.Fatal(err)
	}
	return modelBytes(t, m), modelBytes(t, mg)
}

// foldOf returns the instances of p outside fold f of k (round robin), as
// a grid search's training sets are picked: the same vectors, not copies.
func foldOf(p *svm.Problem, f, k int) *svm.Problem {
	var out svm.Problem
	for i := range p.Y {
		if i%k != f {
			out.Y = append(out.Y, p.Y[i])
			out.X = append(out.X, p.X[i])
		}
	}
	return &out
}

// TestTrainWithGramIdentical trains on subsets of one problem through a
// Gram and plainly: the model files must be identical byte for byte, for
// several kernels, C values, probability and a tiny cache.
func TestTrainWithGramIdentical(t *testing.T) {
	p := loadProblem(t, td("urls.train.scale"))
	cases := []struct {
		name   string
		mutate func(*svm.Param)
	}{
		{"rbf", func(*svm.Param) {}},
		{"rbf-c8-gamma0.5", func(q *svm.Param) { q.C, q.Gamma = 8, 0.5 }},
		{"rbf-tiny-cache", func(q *svm.Param) { q.C, q.Gamma, q.CacheMB = 32, 0.25, 0.01 }},
		{"rbf-probability", func(q *svm.Param) { q.Probability = true }},
		{"rbf-weighted", func(q *svm.Param) { q.Weights = map[float64]float64{1: 3} }},
		{"linear", func(q *svm.Param) { q.Kernel = svm.Linear }},
		{"poly", func(q *svm.Param) { q.Kernel, q.Gamma, q.Coef0, q.Degree = svm.Poly, 0.1, 1, 2 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			param := svm.DefaultParam()
			param.Gamma = 1.0 / float64(p.MaxIndex())
			tc.mutate(&param)
			g, err := svm.NewGram(p.X, param, 1<<30, 2)
			if err != nil {
				t.Fatal(err)
			}
			for f := range 3 {
				sub := foldOf(p, f, 3)
				if a, b := trainBothWays(t, sub, param, g); !bytes.Equal(a, b) {
					t.Fatalf("fold %d: model through the Gram differs from Train's (%d vs %d bytes)", f, len(b), len(a))
				}
			}
		})
	}
}

// TestTrainWithGramSparse gives the data a feature index so large that
// neither the Gram nor the training keep dense rows: the RBF training then
// computes its columns with math.Exp and must not take the Gram's values,
// and the model must still be Train's.
func TestTrainWithGramSparse(t *testing.T) {
	p := loadProblem(t, td("urls.train.scale"))
	wide := &svm.Problem{Y: p.Y, X: make([][]svm.Node, p.Len())}
	for i, x := range p.X {
		wide.X[i] = append(append([]svm.Node(nil), x...), svm.Node{Index: 1 << 20, Value: float64(i%3) - 1})
	}
	param := svm.DefaultParam()
	param.Gamma = 0.05
	g, err := svm.NewGram(wide.X, param, 1<<30, 2)
	if err != nil {
		t.Fatal(err)
	}
	sub := foldOf(wide, 1, 4)
	if a, b := trainBothWays(t, sub, param, g); !bytes.Equal(a, b) {
		t.Fatal("sparse data: model through the Gram differs from Train's")
	}
}

func TestGramErrors(t *testing.T) {
	p := loadProblem(t, td("urls.train.scale"))
	param := svm.DefaultParam()
	param.Gamma = 0.1
	if _, err := svm.NewGram(p.X, param, svm.GramBytes(p.Len())-1, 1); !errors.Is(err, svm.ErrGramTooLarge) {
		t.Fatalf("over budget: err %v, want ErrGramTooLarge", err)
	}
	if _, err := svm.NewGram(nil, param, 1<<30, 1); err == nil {
		t.Fatal("no vectors: no error")
	}
	g, err := svm.NewGram(p.X[:300], param, 1<<30, 1)
	if err != nil {
		t.Fatal(err)
	}
	other := param
	other.Gamma = 0.2
	sub := &svm.Problem{Y: p.Y[:300], X: p.X[:300]}
	if _, err := svm.TrainWithGram(sub, other, g); err == nil {
		t.Fatal("other gamma: no error")
	}
	copied := &svm.Problem{Y: p.Y[:300], X: make([][]svm.Node, 300)}
	for i, x := range p.X[:300] {
		copied.X[i] = append([]svm.Node(nil), x...)
	}
	if _, err := svm.TrainWithGram(copied, param, g); err == nil {
		t.Fatal("vectors not in the matrix: no error")
	}
	if err := g.SetKernel(other, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := svm.TrainWithGram(sub, other, g); err != nil {
		t.Fatalf("after SetKernel: %v", err)
	}
	g.Release()
	g.Release()
	if _, err := svm.TrainWithGram(sub, other, g); err == nil {
		t.Fatal("after Release: no error")
	}
	if err := g.SetKernel(param, 1); err == nil {
		t.Fatal("SetKernel after Release: no error")
	}
}
