package svm_test

import (
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// urls2000 returns the 2,000 URL feature vectors of testdata scaled to
// [-1, 1] with ranges fitted on them.
func urls2000(b *testing.B) *svm.Problem {
	raw := loadProblem(b, td("urls.libsvm"))
	if raw.Len() != 2000 {
		b.Fatalf("urls.libsvm has %d rows, want 2000", raw.Len())
	}
	return svm.FitScaler(raw, -1, 1).ScaleProblem(raw)
}

func BenchmarkTrain2000(b *testing.B) {
	p := urls2000(b)
	param := svm.DefaultParam()
	b.ReportAllocs()
	var m *svm.Model
	for b.Loop() {
		var err error
		if m, err = svm.Train(p, param); err != nil {
			b.Fatal(err)
		}
	}
	if acc := svm.Accuracy(p.Y, predictAll(m, p)); acc < 0.95 {
		b.Fatalf("training accuracy %.3f, want >= 0.95", acc)
	}
	b.ReportMetric(float64(m.NumSV()), "SVs")
}

func BenchmarkTrain2000Probability(b *testing.B) {
	p := urls2000(b)
	param := svm.DefaultParam()
	param.Probability = true
	b.ReportAllocs()
	var m *svm.Model
	for b.Loop() {
		var err error
		if m, err = svm.Train(p, param); err != nil {
			b.Fatal(err)
		}
	}
	if !m.HasProbability() {
		b.Fatal("no probability model")
	}
}

// rbfModel is the default RBF model on the 1,400 training URLs, and the
// 600 held-out points as sparse and dense vectors.
func rbfModel(b testing.TB) (*svm.Model, *svm.Problem, [][]float64) {
	m, err := svm.Train(loadProblem(b, td("urls.train.scale")), svm.DefaultParam())
	if err != nil {
		b.Fatal(err)
	}
	test := loadProblem(b, td("urls.test.scale"))
	dense := make([][]float64, test.Len())
	for i, x := range test.X {
		dense[i] = make([]float64, 10)
		for _, n := range x {
			dense[i][n.Index-1] = n.Value
		}
	}
	return m, test, dense
}

// BenchmarkPredictRBF is one binary RBF prediction of a sparse vector.
func BenchmarkPredictRBF(b *testing.B) {
	m, test, _ := rbfModel(b)
	want := predictAll(m, test)
	b.ReportAllocs()
	i, wrong := 0, 0
	for b.Loop() {
		if m.Predict(test.X[i]) != want[i] {
			wrong++
		}
		if i++; i == test.Len() {
			i = 0
		}
	}
	if wrong > 0 {
		b.Fatalf("%d predictions changed", wrong)
	}
	b.ReportMetric(float64(m.NumSV()), "SVs")
}

// BenchmarkPredictDenseRBF is one binary RBF prediction of a dense vector.
func BenchmarkPredictDenseRBF(b *testing.B) {
	m, test, dense := rbfModel(b)
	want := predictAll(m, test)
	b.ReportAllocs()
	i, wrong := 0, 0
	for b.Loop() {
		if m.PredictDense(dense[i]) != want[i] {
			wrong++
		}
		if i++; i == len(dense) {
			i = 0
		}
	}
	if wrong > 0 {
		b.Fatalf("%d predictions changed", wrong)
	}
	b.ReportMetric(float64(m.NumSV()), "SVs")
}

func BenchmarkCrossValidation10(b *testing.B) {
	p := urls2000(b)
	param := svm.DefaultParam()
	b.ReportAllocs()
	var acc float64
	for b.Loop() {
		pred, err := svm.CrossValidation(p, param, 10, 1)
		if err != nil {
			b.Fatal(err)
		}
		acc = svm.Accuracy(p.Y, pred)
	}
	if acc < 0.9 {
		b.Fatalf("CV accuracy %.3f, want >= 0.9", acc)
	}
	b.ReportMetric(100*acc, "cv%")
}
