package svm_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// Train an RBF C-SVC on LIBSVM-format data, scale with svm-scale semantics
// and predict.
func Example() {
	data := `+1 1:10 2:1
+1 1:12 2:2
+1 1:11 2:1
-1 1:40 2:6
-1 1:45 2:5
-1 1:38 2:7
`
	p, err := svm.ReadProblem(strings.NewReader(data))
	if err != nil {
		panic(err)
	}
	scaler := svm.FitScaler(p, -1, 1)
	model, err := svm.Train(scaler.ScaleProblem(p), svm.DefaultParam())
	if err != nil {
		panic(err)
	}
	for _, x := range [][]svm.Node{{{1, 9}, {2, 1}}, {{1, 42}, {2, 6}}} {
		fmt.Println(model.Predict(scaler.Scale(x)))
	}
	fmt.Println("labels", model.Labels(), "support vectors", model.NumSV())
	// Output:
	// 1
	// -1
	// labels [1 -1] support vectors 4
}

// Models are written in LIBSVM's text format, readable by svm-predict.
func ExampleModel_Write() {
	p := &svm.Problem{
		Y: []float64{1, -1},
		X: [][]svm.Node{{{1, 1}}, {{1, -1}}},
	}
	param := svm.DefaultParam()
	param.Kernel = svm.Linear
	m, err := svm.Train(p, param)
	if err != nil {
		panic(err)
	}
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		panic(err)
	}
	fmt.Print(b.String())
	// Output:
	// svm_type c_svc
	// kernel_type linear
	// nr_class 2
	// total_sv 2
	// rho 0
	// label 1 -1
	// nr_sv 1 1
	// SV
	// 0.5 1:1
	// -0.5 1:-1
}

// Scalers save and load svm-scale range files.
func ExampleScaler_WriteRanges() {
	p := &svm.Problem{
		Y: []float64{1, 2, 3},
		X: [][]svm.Node{{{1, 0}, {2, 5}}, {{1, 10}, {2, 5}}, {{1, 5}, {3, 2}}},
	}
	s := svm.FitScaler(p, 0, 1)
	var b bytes.Buffer
	if err := s.WriteRanges(&b); err != nil {
		panic(err)
	}
	fmt.Print(b.String())
	fmt.Println(s.Scale([]svm.Node{{1, 2.5}, {2, 5}}))
	// Output:
	// x
	// 0 1
	// 1 0 10
	// 2 0 5
	// 3 0 2
	// [{1 0.25} {2 1}]
}

// GridSearch runs cross-validation for every (C, gamma) in parallel.
func ExampleGridSearch() {
	p := &svm.Problem{}
	for i := range 40 {
		v := float64(i%20) / 10
		y := 1.0
		if i%20 >= 10 {
			y = -1
		}
		p.Y = append(p.Y, y)
		p.X = append(p.X, []svm.Node{{1, v}, {2, float64(i%3) / 3}})
	}
	res, err := svm.GridSearch(p, svm.DefaultParam(), svm.Pow2(-1, 3, 2), svm.Pow2(-2, 0, 1), 5, 1, 2)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d cells, best accuracy %.2f\n", len(res.Cells), res.BestAccuracy)
	// Output:
	// 9 cells, best accuracy 0.97
}
