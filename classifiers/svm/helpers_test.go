package svm_test

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

func loadProblem(t testing.TB, path string) *svm.Problem {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := svm.ReadProblem(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func loadModel(t testing.TB, path string) *svm.Model {
	t.Helper()
	m, err := svm.LoadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// predictions is an svm-predict output file: one label a line, with -b 1 a
// "labels …" header and per-class probabilities after each label.
type predictions struct {
	order  []float64 // class order of the probability columns
	labels []float64
	probs  [][]float64
}

func loadPredictions(t testing.TB, path string) predictions {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out predictions
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "labels" {
			out.order = parseAll(t, fields[1:])
			continue
		}
		vals := parseAll(t, fields)
		out.labels = append(out.labels, vals[0])
		if len(vals) > 1 {
			out.probs = append(out.probs, vals[1:])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func parseAll(t testing.TB, fields []string) []float64 {
	t.Helper()
	out := make([]float64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatalf("parse %q: %v", f, err)
		}
		out[i] = v
	}
	return out
}

func readFloat(t testing.TB, path string) float64 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

// agreement returns the fraction of equal labels.
func agreement(t testing.TB, a, b []float64) float64 {
	t.Helper()
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("comparing %d labels with %d", len(a), len(b))
	}
	return svm.Accuracy(a, b)
}

func predictAll(m *svm.Model, p *svm.Problem) []float64 {
	out := make([]float64, p.Len())
	for i, x := range p.X {
		out[i] = m.Predict(x)
	}
	return out
}

// maxProbDiff compares our probabilities with svm-predict's, columns
// matched by label.
func maxProbDiff(t testing.TB, m *svm.Model, p *svm.Problem, want predictions) float64 {
	t.Helper()
	labels := m.Labels()
	col := make([]int, len(labels))
	for i, l := range labels {
		col[i] = -1
		for j, o := range want.order {
			if o == l {
				col[i] = j
			}
		}
		if col[i] < 0 {
			t.Fatalf("label %v missing from svm-predict header %v", l, want.order)
		}
	}
	worst := 0.0
	for i, x := range p.X {
		_, probs := m.PredictProbability(x)
		if len(probs) != len(labels) {
			t.Fatalf("PredictProbability gave %d probabilities, want %d", len(probs), len(labels))
		}
		for c, pc := range probs {
			worst = math.Max(worst, math.Abs(pc-want.probs[i][col[c]]))
		}
	}
	return worst
}

func td(name string) string { return filepath.Join("testdata", name) }
