package svm_test

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

func TestReadProblem(t *testing.T) {
	p, err := svm.ReadProblem(strings.NewReader("+1 1:0.5 3:-2\n\n-1\n2 2:1e-3\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := &svm.Problem{
		Y: []float64{1, -1, 2},
		X: [][]svm.Node{{{1, 0.5}, {3, -2}}, nil, {{2, 1e-3}}},
	}
	var got, exp bytes.Buffer
	if err := svm.WriteProblem(&got, p); err != nil {
		t.Fatal(err)
	}
	if err := svm.WriteProblem(&exp, want); err != nil {
		t.Fatal(err)
	}
	if got.String() != exp.String() {
		t.Errorf("ReadProblem = %q, want %q", got.String(), exp.String())
	}
}

func TestReadProblemErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"x 1:1\n", "line 1: label"},
		{"1 1:1\n1 1:a\n", "line 2"},
		{"1 2:1 1:1\n", "does not increase"},
		{"1 0:1\n", "positive integer"},
		{"1 -3:1\n", "positive integer"},
		{"1 1:NaN\n", "not finite"},
		{"1 1:1 2\n", "want index:value"},
		{"Inf 1:1\n", "not finite"},
		{"1 1:1e999\n", "bad number"},
	}
	for _, c := range cases {
		_, err := svm.ReadProblem(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadProblem(%q) error = %v, want one containing %q", c.in, err, c.want)
		}
	}
}

func TestWriteProblemRejectsInvalid(t *testing.T) {
	bad := []*svm.Problem{
		{Y: []float64{1}, X: nil},
		{Y: []float64{1}, X: [][]svm.Node{{{2, 1}, {2, 1}}}},
		{Y: []float64{1}, X: [][]svm.Node{{{0, 1}}}},
	}
	for i, p := range bad {
		if err := svm.WriteProblem(&bytes.Buffer{}, p); err == nil {
			t.Errorf("case %d: WriteProblem accepted an invalid problem", i)
		}
	}
}

func TestModelRoundTrip(t *testing.T) {
	train := loadProblem(t, td("blobs.train.scale"))
	test := loadProblem(t, td("blobs.test.scale"))
	param := svm.DefaultParam()
	param.Probability = true
	m, err := svm.Train(train, param)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.model")
	if err := m.SaveModel(path); err != nil {
		t.Fatal(err)
	}
	back := loadModel(t, path)
	var a, b bytes.Buffer
	if err := m.Write(&a); err != nil {
		t.Fatal(err)
	}
	if err := back.Write(&b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatal("model changed in a write/read round trip")
	}
	for i, x := range test.X {
		l1, d1 := m.PredictValues(x)
		l2, d2 := back.PredictValues(x)
		_, p1 := m.PredictProbability(x)
		_, p2 := back.PredictProbability(x)
		if l1 != l2 || !equalFloats(d1, d2, 0) || !equalFloats(p1, p2, 0) {
			t.Fatalf("point %d: reloaded model predicts %v %v %v, original %v %v %v", i, l2, d2, p2, l1, d1, p1)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("SaveModel left %d files, want only the model", len(entries))
	}
	if err := m.SaveModel(filepath.Join(t.TempDir(), "missing", "m.model")); err == nil {
		t.Error("SaveModel into a missing directory succeeded")
	}
}

func TestReadModelErrors(t *testing.T) {
	good, err := os.ReadFile(td("urls.model"))
	if err != nil {
		t.Fatal(err)
	}
	g := string(good)
	cases := []struct{ name, in, want string }{
		{"empty", "", "missing SV"},
		{"garbage", "hello world\n", "unknown header"},
		{"one-class", strings.Replace(g, "c_svc", "one_class", 1), "unsupported svm_type"},
		{"kernel", strings.Replace(g, "kernel_type rbf", "kernel_type magic", 1), "unknown kernel_type"},
		{"nr_class", strings.Replace(g, "nr_class 2", "nr_class 3", 1), "rho values"},
		{"total_sv", strings.Replace(g, "total_sv 243", "total_sv 244", 1), "nr_sv sums"},
		{"truncated", g[:len(g)/2], "support vectors"},
		{"bad-sv", strings.Replace(g, "SV\n", "SV\nabc 1:2\n", 1), "coefficient 1"},
		{"dup", strings.Replace(g, "nr_class 2", "nr_class 2\nnr_class 2", 1), "duplicate"},
		{"no-rho", strings.Replace(g, "rho", "probA", 1), "missing rho"},
		{"probA-only", strings.Replace(g, "label 1 -1", "label 1 -1\nprobA 1", 1), "probB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := svm.ReadModel(strings.NewReader(c.in))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ReadModel error = %v, want one containing %q", err, c.want)
			}
		})
	}
	if _, err := svm.LoadModel(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadModel(missing) error = %v, want os.ErrNotExist", err)
	}
}

func TestReadRangesErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", `missing "x"`},
		{"x\n", "missing lower"},
		{"x\n-1\n", "two numbers"},
		{"x\n-1 1\n1 2\n", "index min max"},
		{"x\n-1 1\n0 1 2\n", "bad feature index"},
		{"x\n-1 1\n2 1 2\n1 1 2\n", "does not increase"},
		{"x\n-1 1\n1 3 2\n", "min 3 > max 2"},
		{"y\n0 1\n", "truncated y"},
		{"y\n0 1\n1\nx\n-1 1\n", "line 3"},
	}
	for _, c := range cases {
		_, err := svm.ReadRanges(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadRanges(%q) error = %v, want one containing %q", c.in, err, c.want)
		}
	}
}

func TestRangesYSection(t *testing.T) {
	in := "y\n0 1\n10 20\nx\n-1 1\n1 0 4\n3 2 2\n"
	s, err := svm.ReadRanges(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ScaleLabel(15); got != 0.5 {
		t.Errorf("ScaleLabel(15) = %v, want 0.5", got)
	}
	got := s.Scale([]svm.Node{{1, 1}, {3, 2}, {7, 9}})
	want := []svm.Node{{1, -0.5}}
	if len(got) != 1 || got[0] != want[0] {
		t.Errorf("Scale = %v, want %v (feature 3 has min == max, 7 has no range)", got, want)
	}
	dense := []float64{4, 5, 6}
	s.ScaleDense(dense)
	if dense[0] != 1 || dense[1] != 0 || dense[2] != 0 {
		t.Errorf("ScaleDense = %v, want [1 0 0]", dense)
	}
	var b bytes.Buffer
	if err := s.WriteRanges(&b); err != nil {
		t.Fatal(err)
	}
	if want := "y\n0 1\n10 20\nx\n-1 1\n1 0 4\n"; b.String() != want {
		t.Errorf("WriteRanges = %q, want %q", b.String(), want)
	}
}

// TestHugeIndices: feature indices near the int range must not overflow
// the dense fast paths.
func TestHugeIndices(t *testing.T) {
	const big = math.MaxInt>>1 + 1 // 1<<62 on 64-bit systems
	model := "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 2\nrho 0\nlabel 1 -1\nnr_sv 1 1\nSV\n" +
		"1 " + strconv.Itoa(big) + ":1\n-1 1:1\n"
	m, err := svm.ReadModel(strings.NewReader(model))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Predict([]svm.Node{{big, 1}}); got != 1 {
		t.Errorf("Predict = %v, want 1", got)
	}
	p := &svm.Problem{Y: []float64{1, -1}, X: [][]svm.Node{{{big, 1}}, {{1, 1}}}}
	tm, err := svm.Train(p, svm.DefaultParam())
	if err != nil {
		t.Fatal(err)
	}
	if got := tm.Predict([]svm.Node{{1, 1}}); got != -1 {
		t.Errorf("Predict = %v, want -1", got)
	}
	s := svm.FitScaler(p, -1, 1)
	if got := s.Scale([]svm.Node{{big, 1}}); len(got) != 2 {
		t.Errorf("Scale = %v, want both features", got)
	}
}

// TestScaleDenseMatchesScale: ranges with gaps (features 2 and 5 have none,
// 4 has min == max), dense vectors shorter and longer than the ranges.
func TestScaleDenseMatchesScale(t *testing.T) {
	s, err := svm.ReadRanges(strings.NewReader("x\n-1 1\n1 0 4\n3 -2 2\n4 7 7\n6 1 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 2, 3, 5, 6, 9} {
		dense := make([]float64, n)
		var sparse []svm.Node
		for i := range dense {
			dense[i] = float64(i) - 1.5
			sparse = append(sparse, svm.Node{Index: i + 1, Value: dense[i]})
		}
		want := make([]float64, n)
		for _, nd := range s.Scale(sparse) {
			if nd.Index <= n { // Scale also scales absent features as 0
				want[nd.Index-1] = nd.Value
			}
		}
		s.ScaleDense(dense)
		for i := range dense {
			if dense[i] != want[i] {
				t.Errorf("%d features: ScaleDense = %v, Scale gives %v", n, dense, want)
				break
			}
		}
	}
}
