package svm_test

import (
	"bytes"
	"math"
	"os"
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// svm-predict prints probabilities with %g (6 significant digits).
const printedProbTol = 1e-5

// TestGoldenLIBSVMModels loads models written by svm-train and checks that
// we predict exactly what svm-predict predicted with them.
func TestGoldenLIBSVMModels(t *testing.T) {
	cases := []struct{ model, test, predict string }{
		{"urls.model", "urls.test.scale", "urls.predict"},
		{"urls.b.model", "urls.test.scale", "urls.b.predict"},
		{"urls.linear.model", "urls.test.scale", "urls.linear.predict"},
		{"blobs.model", "blobs.test.scale", "blobs.predict"},
		{"blobs.model", "blobs.test.scale", "blobs.votes.predict"},
	}
	for _, c := range cases {
		t.Run(c.predict, func(t *testing.T) {
			m := loadModel(t, td(c.model))
			p := loadProblem(t, td(c.test))
			want := loadPredictions(t, td(c.predict))
			if len(want.probs) == 0 {
				if got := agreement(t, predictAll(m, p), want.labels); got != 1 {
					t.Errorf("agreement with svm-predict = %.4f, want 1", got)
				}
				return
			}
			got := make([]float64, p.Len())
			for i, x := range p.X {
				got[i], _ = m.PredictProbability(x)
			}
			if a := agreement(t, got, want.labels); a != 1 {
				t.Errorf("-b 1 label agreement with svm-predict = %.4f, want 1", a)
			}
			if d := maxProbDiff(t, m, p, want); d > printedProbTol {
				t.Errorf("max |p - p_libsvm| = %g, want <= %g", d, printedProbTol)
			}
		})
	}
}

// TestGoldenTrainMatchesLIBSVM trains on the data svm-train saw and
// compares the models: same support-vector counts, rho within 1e-4 and
// predictions on held-out data agreeing on at least 99.5% of points.
func TestGoldenTrainMatchesLIBSVM(t *testing.T) {
	cases := []struct {
		name, train, test, model, predict string
		param                             func(*svm.Param)
	}{
		{"urls-default", "urls.train.scale", "urls.test.scale", "urls.model", "urls.predict", func(*svm.Param) {}},
		{"urls-linear-weighted", "urls.train.scale", "urls.test.scale", "urls.linear.model", "urls.linear.predict", func(p *svm.Param) {
			p.Kernel, p.C, p.Weights = svm.Linear, 2, map[float64]float64{-1: 3}
		}},
		{"blobs-4class", "blobs.train.scale", "blobs.test.scale", "blobs.model", "blobs.votes.predict", func(p *svm.Param) {
			p.C, p.Gamma = 2, 0.5
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			param := svm.DefaultParam()
			c.param(&param)
			ours, err := svm.Train(loadProblem(t, td(c.train)), param)
			if err != nil {
				t.Fatal(err)
			}
			ref := loadModel(t, td(c.model))
			compareModels(t, ours, ref)
			test := loadProblem(t, td(c.test))
			want := loadPredictions(t, td(c.predict)).labels
			if a := agreement(t, predictAll(ours, test), want); a < 0.995 {
				t.Errorf("agreement with svm-predict = %.4f, want >= 0.995", a)
			}
		})
	}
}

func compareModels(t *testing.T, ours, ref *svm.Model) {
	t.Helper()
	if g, w := ours.Labels(), ref.Labels(); !equalFloats(g, w, 0) {
		t.Fatalf("labels = %v, want %v", g, w)
	}
	if g, w := ours.NumSV(), ref.NumSV(); math.Abs(float64(g-w)) > 0.01*float64(w)+1 {
		t.Errorf("NumSV = %d, svm-train has %d", g, w)
	}
	if g, w := ours.Rho(), ref.Rho(); !equalFloats(g, w, 1e-4) {
		t.Errorf("rho = %v, svm-train has %v", g, w)
	}
}

func equalFloats(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol*math.Max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}

// TestGoldenProbability trains with -b 1 settings and compares the
// probabilities with svm-predict -b 1. Platt's internal 5-fold CV draws its
// folds from a different random stream than LIBSVM, so A and B differ a
// little: we require a mean absolute difference of at most 0.01 and a maximum
// of at most 0.08.
func TestGoldenProbability(t *testing.T) {
	cases := []struct {
		name, train, test, predict string
		c, gamma                   float64
	}{
		{"urls", "urls.train.scale", "urls.test.scale", "urls.b.predict", 4, 0.5},
		{"blobs", "blobs.train.scale", "blobs.test.scale", "blobs.predict", 2, 0.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			param := svm.DefaultParam()
			param.C, param.Gamma, param.Probability = c.c, c.gamma, true
			m, err := svm.Train(loadProblem(t, td(c.train)), param)
			if err != nil {
				t.Fatal(err)
			}
			test := loadProblem(t, td(c.test))
			want := loadPredictions(t, td(c.predict))
			mean, worst := probStats(t, m, test, want)
			t.Logf("probabilities vs svm-predict -b 1: mean |diff| %.4f, max %.4f", mean, worst)
			if mean > 0.01 || worst > 0.08 {
				t.Errorf("probabilities differ from LIBSVM: mean %.4f (want <= 0.01), max %.4f (want <= 0.08)", mean, worst)
			}
		})
	}
}

func probStats(t *testing.T, m *svm.Model, p *svm.Problem, want predictions) (mean, worst float64) {
	t.Helper()
	labels := m.Labels()
	n := 0
	for i, x := range p.X {
		_, probs := m.PredictProbability(x)
		for c, pc := range probs {
			for j, o := range want.order {
				if o == labels[c] {
					d := math.Abs(pc - want.probs[i][j])
					mean += d
					worst = math.Max(worst, d)
					n++
				}
			}
		}
	}
	if n != p.Len()*len(labels) {
		t.Fatalf("matched %d probabilities, want %d", n, p.Len()*len(labels))
	}
	return mean / float64(n), worst
}

// TestGoldenCV checks our 10-fold CV accuracy against svm-train -v 10.
func TestGoldenCV(t *testing.T) {
	cases := []struct {
		name, train, cv string
		c, gamma        float64
	}{
		{"urls", "urls.train.scale", "urls.cv", 1, 0},
		{"blobs", "blobs.train.scale", "blobs.cv", 2, 0.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := loadProblem(t, td(c.train))
			param := svm.DefaultParam()
			param.C, param.Gamma = c.c, c.gamma
			pred, err := svm.CrossValidation(p, param, 10, 1)
			if err != nil {
				t.Fatal(err)
			}
			got, want := 100*svm.Accuracy(p.Y, pred), readFloat(t, td(c.cv))
			t.Logf("10-fold CV accuracy: ours %.2f%%, svm-train -v 10 %.2f%%", got, want)
			if math.Abs(got-want) > 1 {
				t.Errorf("CV accuracy %.2f%%, svm-train -v 10 %.2f%%: more than 1 point apart", got, want)
			}
		})
	}
}

// TestGoldenScaler fits on the training data and compares with the range
// file and the scaled data of svm-scale.
func TestGoldenScaler(t *testing.T) {
	for _, set := range []string{"urls", "blobs"} {
		t.Run(set, func(t *testing.T) {
			raw := loadProblem(t, td(set+".libsvm"))
			n := 1400
			if set == "blobs" {
				n = 400
			}
			train := &svm.Problem{Y: raw.Y[:n], X: raw.X[:n]}
			s := svm.FitScaler(train, -1, 1)
			var got bytes.Buffer
			if err := s.WriteRanges(&got); err != nil {
				t.Fatal(err)
			}
			ref, err := os.ReadFile(td(set + ".range"))
			if err != nil {
				t.Fatal(err)
			}
			fromRef, err := svm.ReadRanges(bytes.NewReader(ref))
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i <= 10; i++ {
				l1, h1, ok1 := s.Range(i)
				l2, h2, ok2 := fromRef.Range(i)
				if l1 != l2 || h1 != h2 || ok1 != ok2 {
					t.Errorf("feature %d: range (%v, %v, %v), svm-scale (%v, %v, %v)", i, l1, h1, ok1, l2, h2, ok2)
				}
			}
			want := loadProblem(t, td(set+".train.scale"))
			checkScaled(t, s.ScaleProblem(train), want)
			rest := &svm.Problem{Y: raw.Y[n:], X: raw.X[n:]}
			checkScaled(t, fromRef.ScaleProblem(rest), loadProblem(t, td(set+".test.scale")))
		})
	}
}

// checkScaled compares scaled data with svm-scale's %g-printed output.
func checkScaled(t *testing.T, got, want *svm.Problem) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Fatalf("%d scaled rows, svm-scale wrote %d", got.Len(), want.Len())
	}
	for i := range got.X {
		g, w := got.X[i], want.X[i]
		if len(g) != len(w) {
			t.Fatalf("row %d: %v, svm-scale %v", i+1, g, w)
		}
		for k := range g {
			if g[k].Index != w[k].Index || math.Abs(g[k].Value-w[k].Value) > 5e-6*math.Max(1, math.Abs(w[k].Value)) {
				t.Fatalf("row %d: %v, svm-scale %v", i+1, g, w)
			}
		}
	}
}
