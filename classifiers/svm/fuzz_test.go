package svm_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/svm"
)

func seedFiles(f *testing.F, names ...string) {
	for _, n := range names {
		b, err := os.ReadFile(td(n))
		if err != nil {
			f.Fatal(err)
		}
		if len(b) > 4096 { // keep seeds small: head of the file
			f.Add(b[:4096])
		}
		f.Add(b)
	}
}

// FuzzReadModel: never panics; an accepted model writes, reads back to the
// same text and predicts without panicking.
func FuzzReadModel(f *testing.F) {
	seedFiles(f, "urls.b.model", "urls.linear.model")
	for _, s := range []string{"", "SV\n", "svm_type c_svc\nkernel_type rbf\nnr_class 2\ntotal_sv 0\nrho 0\nlabel 1 2\nnr_sv 0 0\nSV\n",
		"svm_type c_svc\nkernel_type polynomial\ndegree 99999\nnr_class 2\ntotal_sv 1\nrho 0\nlabel 1 2\nnr_sv 1 0\nSV\n1 9999999:1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := svm.ReadModel(bytes.NewReader(data))
		if err != nil {
			if m != nil {
				t.Fatal("non-nil model with an error")
			}
			return
		}
		var a, b bytes.Buffer
		if err := m.Write(&a); err != nil {
			t.Fatal(err)
		}
		back, err := svm.ReadModel(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatalf("model we wrote does not read back: %v\n%s", err, a.String())
		}
		if err := back.Write(&b); err != nil || a.String() != b.String() {
			t.Fatalf("write/read round trip changed the model (%v)", err)
		}
		x := []svm.Node{{1, 0.5}, {2, -1}, {5, 2}}
		m.Predict(x)
		m.PredictValues(x)
		m.PredictProbability(x)
		m.PredictDense([]float64{0.5, -1, 0, 0, 2})
	})
}

// FuzzReadProblem: never panics; an accepted problem is valid and survives
// a write/read round trip.
func FuzzReadProblem(f *testing.F) {
	seedFiles(f, "blobs.test.scale")
	for _, s := range []string{"", "1\n", "+1 1:2 3:4\n-1 2:1e-300\n", "1 1:1 1:1", "1 2:3:4", "nan 1:1", "1 99999999999999999999:1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := svm.ReadProblem(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted an invalid problem: %v", err)
		}
		var a, b bytes.Buffer
		if err := svm.WriteProblem(&a, p); err != nil {
			t.Fatal(err)
		}
		back, err := svm.ReadProblem(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatalf("problem we wrote does not read back: %v", err)
		}
		if err := svm.WriteProblem(&b, back); err != nil || a.String() != b.String() {
			t.Fatalf("round trip changed the problem (%v)", err)
		}
		svm.FitScaler(p, -1, 1).ScaleProblem(p)
	})
}

// FuzzReadRanges: never panics; accepted ranges round-trip and scale.
func FuzzReadRanges(f *testing.F) {
	seedFiles(f, "urls.range", "blobs.range")
	for _, s := range []string{"", "x\n", "x\n0 1\n", "y\n0 1\n2 3\nx\n-1 1\n1 0 1\n", "x\n-1 1\n9999999999 0 1\n", "x\n1 -1\n1 5 5\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := svm.ReadRanges(bytes.NewReader(data))
		if err != nil {
			if s != nil {
				t.Fatal("non-nil scaler with an error")
			}
			return
		}
		var a, b bytes.Buffer
		if err := s.WriteRanges(&a); err != nil {
			t.Fatal(err)
		}
		back, err := svm.ReadRanges(strings.NewReader(a.String()))
		if err != nil {
			t.Fatalf("ranges we wrote do not read back: %v\n%s", err, a.String())
		}
		if err := back.WriteRanges(&b); err != nil || a.String() != b.String() {
			t.Fatalf("round trip changed the ranges (%v)", err)
		}
		s.Scale([]svm.Node{{1, 3}, {4, -2}})
		s.ScaleDense([]float64{1, 2, 3})
	})
}
