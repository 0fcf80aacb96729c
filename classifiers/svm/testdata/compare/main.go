// Command compare trains our SVM and LIBSVM's svm-train on the same scaled
// LIBSVM-format data and prints training time, prediction agreement and
// 10-fold CV accuracy side by side (an evaluation harness, not a test):
//
//	go run ./testdata/gen -urls ../../../shared/data/urls/urls.tsv > /tmp/urls.libsvm
//	svm-scale /tmp/urls.libsvm > /tmp/urls.scale
//	go run ./testdata/compare -data /tmp/urls.scale [-c 1] [-g 0] [-grid -workers 2]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"github.com/crawl-project/crawl/classifiers/svm"
)

func main() {
	data := flag.String("data", "", "scaled LIBSVM-format data")
	c := flag.Float64("c", 1, "C")
	g := flag.Float64("g", 0, "gamma (0: 1/num_features)")
	folds := flag.Int("folds", 10, "cross-validation folds")
	grid := flag.Bool("grid", false, "also run a grid search: C 2^-1..2^7, gamma 2^-5..2^1, step 2^2")
	workers := flag.Int("workers", 2, "grid search workers")
	flag.Parse()
	if *data == "" {
		log.Fatal("compare: -data FILE is required")
	}
	f, err := os.Open(*data)
	if err != nil {
		log.Fatal(err)
	}
	p, err := svm.ReadProblem(f)
	f.Close()
	if err != nil {
		log.Fatal(err)
	}
	param := svm.DefaultParam()
	param.C, param.Gamma = *c, *g
	args := []string{"-c", fmt.Sprint(*c)}
	if *g != 0 {
		args = append(args, "-g", fmt.Sprint(*g))
	}

	start := time.Now()
	m, err := svm.Train(p, param)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("train  ours %v, %d SVs (%d points)\n", time.Since(start), m.NumSV(), p.Len())
	dir, err := os.MkdirTemp("", "svm-compare")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	refModel := filepath.Join(dir, "ref.model")
	start = time.Now()
	if out, err := exec.Command("svm-train", append(args, *data, refModel)...).CombinedOutput(); err != nil {
		log.Fatalf("svm-train: %v\n%s", err, out)
	}
	fmt.Printf("train  svm-train %v (whole process)\n", time.Since(start))
	refOut := filepath.Join(dir, "ref.out")
	if out, err := exec.Command("svm-predict", *data, refModel, refOut).CombinedOutput(); err != nil {
		log.Fatalf("svm-predict: %v\n%s", err, out)
	}
	ref := readLabels(refOut)
	ours := make([]float64, p.Len())
	for i, x := range p.X {
		ours[i] = m.Predict(x)
	}
	fmt.Printf("agree  %.2f%% of %d points with svm-predict\n", 100*svm.Accuracy(ours, ref), len(ref))

	start = time.Now()
	pred, err := svm.CrossValidation(p, param, *folds, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("cv     ours %.2f%% in %v\n", 100*svm.Accuracy(p.Y, pred), time.Since(start))
	start = time.Now()
	out, err := exec.Command("svm-train", append(append([]string{"-v", strconv.Itoa(*folds)}, args...), *data)...).CombinedOutput()
	if err != nil {
		log.Fatalf("svm-train -v: %v\n%s", err, out)
	}
	acc := regexp.MustCompile(`Cross Validation Accuracy = ([0-9.]+)%`).FindSubmatch(out)
	if acc == nil {
		log.Fatalf("no accuracy in svm-train -v output:\n%s", out)
	}
	fmt.Printf("cv     svm-train -v %d %s%% in %v\n", *folds, acc[1], time.Since(start))

	if *grid {
		start = time.Now()
		res, err := svm.GridSearch(p, param, svm.Pow2(-1, 7, 2), svm.Pow2(-5, 1, 2), *folds, 1, *workers)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("grid   %d cells × %d folds on %d workers: %v; best C=%g gamma=%g CV %.2f%%\n",
			len(res.Cells), *folds, *workers, time.Since(start), res.BestC, res.BestGamma, 100*res.BestAccuracy)
	}
}

func readLabels(path string) []float64 {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	var out []float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		v, err := strconv.ParseFloat(sc.Text(), 64)
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	return out
}
