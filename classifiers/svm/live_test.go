package svm_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// libsvm runs LIBSVM's command-line tools in a scratch directory.
type libsvm struct {
	t   *testing.T
	dir string
}

// needLIBSVM returns the tools, or skips the test when they are missing,
// unless CRAWL_REQUIRE_LIBSVM=1 (as in CI), where missing tools fail it.
func needLIBSVM(t *testing.T) *libsvm {
	t.Helper()
	for _, tool := range []string{"svm-train", "svm-predict", "svm-scale"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CRAWL_REQUIRE_LIBSVM") == "1" {
				t.Fatalf("CRAWL_REQUIRE_LIBSVM=1 but %s is not on PATH: %v", tool, err)
			}
			t.Skipf("%s not on PATH (install libsvm-tools; golden tests still ran)", tool)
		}
	}
	return &libsvm{t: t, dir: t.TempDir()}
}

func (l *libsvm) path(name string) string { return filepath.Join(l.dir, name) }

// run runs a tool in l.dir and returns its stdout; stdout goes to the file
// named by out when out is not empty.
func (l *libsvm) run(out string, name string, args ...string) string {
	l.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = l.dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		l.t.Fatalf("%s %v: %v\n%s", name, args, err, stderr.String())
	}
	if out != "" {
		l.write(out, stdout.Bytes())
	}
	return stdout.String()
}

func (l *libsvm) write(name string, b []byte) {
	l.t.Helper()
	if err := os.WriteFile(l.path(name), b, 0o644); err != nil {
		l.t.Fatal(err)
	}
}

func (l *libsvm) writeProblem(name string, p *svm.Problem) {
	l.t.Helper()
	var b bytes.Buffer
	if err := svm.WriteProblem(&b, p); err != nil {
		l.t.Fatal(err)
	}
	l.write(name, b.Bytes())
}

var cvAccuracy = regexp.MustCompile(`Cross Validation Accuracy = ([0-9.]+)%`)

// liveCase is one data set and parameter setting run through both SVMs.
type liveCase struct {
	name       string
	raw        string // LIBSVM-format file in testdata
	nTrain     int    // the first nTrain rows train, the rest test
	args       []string
	param      func(*svm.Param)
	wantMinAcc float64 // sanity floor on held-out accuracy
}

func TestLiveAgainstLIBSVM(t *testing.T) {
	cases := []liveCase{
		{"urls-rbf-default", "urls.libsvm", 1400, nil, func(*svm.Param) {}, 0.9},
		{"urls-rbf-c8-g2", "urls.libsvm", 1400, []string{"-c", "8", "-g", "2"}, func(p *svm.Param) { p.C, p.Gamma = 8, 2 }, 0.9},
		{"urls-linear-w", "urls.libsvm", 1400, []string{"-t", "0", "-w-1", "2"}, func(p *svm.Param) {
			p.Kernel, p.Weights = svm.Linear, map[float64]float64{-1: 2}
		}, 0.85},
		{"urls-poly", "urls.libsvm", 1400, []string{"-t", "1", "-d", "2", "-r", "1"}, func(p *svm.Param) {
			p.Kernel, p.Degree, p.Coef0 = svm.Poly, 2, 1
		}, 0.85},
		{"urls-sigmoid", "urls.libsvm", 1400, []string{"-t", "3", "-g", "0.05"}, func(p *svm.Param) {
			p.Kernel, p.Gamma = svm.Sigmoid, 0.05
		}, 0.85},
		{"blobs-4class", "blobs.libsvm", 400, []string{"-c", "2", "-g", "0.5"}, func(p *svm.Param) { p.C, p.Gamma = 2, 0.5 }, 0.7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runLiveCase(t, c) })
	}
}

func runLiveCase(t *testing.T, c liveCase) {
	l := needLIBSVM(t)
	raw := loadProblem(t, td(c.raw))
	l.writeProblem("train.raw", &svm.Problem{Y: raw.Y[:c.nTrain], X: raw.X[:c.nTrain]})
	l.writeProblem("test.raw", &svm.Problem{Y: raw.Y[c.nTrain:], X: raw.X[c.nTrain:]})

	// Same scaled data on both sides: svm-scale's output.
	l.run("train", "svm-scale", "-s", "range", "train.raw")
	l.run("test", "svm-scale", "-r", "range", "test.raw")
	train, test := loadProblem(t, l.path("train")), loadProblem(t, l.path("test"))

	param := svm.DefaultParam()
	c.param(&param)
	start := time.Now()
	ours, err := svm.Train(train, param)
	if err != nil {
		t.Fatal(err)
	}
	ourTime := time.Since(start)
	start = time.Now()
	l.run("", "svm-train", append(c.args, "train", "ref.model")...)
	refTime := time.Since(start)
	t.Logf("training on %d points: ours %v, svm-train %v (process included); SVs ours %d", train.Len(), ourTime, refTime, ours.NumSV())

	// svm-train's model: loads here and predicts as svm-predict does.
	l.run("", "svm-predict", "test", "ref.model", "ref.out")
	refPred := loadPredictions(t, l.path("ref.out")).labels
	refModel := loadModel(t, l.path("ref.model"))
	if a := agreement(t, predictAll(refModel, test), refPred); a < 0.995 {
		t.Errorf("svm-train's model predicted here agrees with svm-predict on %.4f, want >= 0.995", a)
	}
	// Our model: agrees with svm-predict on svm-train's.
	ourPred := predictAll(ours, test)
	a := agreement(t, ourPred, refPred)
	t.Logf("agreement with svm-predict: %.2f%% of %d held-out points; accuracy ours %.2f%%, LIBSVM %.2f%%",
		100*a, test.Len(), 100*svm.Accuracy(test.Y, ourPred), 100*svm.Accuracy(test.Y, refPred))
	if a < 0.995 {
		t.Errorf("agreement with svm-predict = %.4f, want >= 0.995", a)
	}
	if acc := svm.Accuracy(test.Y, ourPred); acc < c.wantMinAcc {
		t.Errorf("held-out accuracy %.4f, want >= %.2f", acc, c.wantMinAcc)
	}
	// Our model file: svm-predict loads it and gives our predictions.
	if err := ours.SaveModel(l.path("our.model")); err != nil {
		t.Fatal(err)
	}
	l.run("", "svm-predict", "test", "our.model", "our.out")
	if a := agreement(t, loadPredictions(t, l.path("our.out")).labels, ourPred); a != 1 {
		t.Errorf("svm-predict with our model agrees with our predictions on %.4f, want 1", a)
	}
	// 10-fold CV accuracy within 1 point of svm-train -v 10.
	out := l.run("", "svm-train", append(append([]string{"-v", "10"}, c.args...), "train")...)
	m := cvAccuracy.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no CV accuracy in svm-train -v 10 output:\n%s", out)
	}
	refCV, _ := strconv.ParseFloat(m[1], 64)
	pred, err := svm.CrossValidation(train, param, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	ourCV := 100 * svm.Accuracy(train.Y, pred)
	t.Logf("10-fold CV accuracy: ours %.2f%%, svm-train -v 10 %.2f%%", ourCV, refCV)
	if math.Abs(ourCV-refCV) > 1 {
		t.Errorf("CV accuracy ours %.2f%%, svm-train -v 10 %.2f%%: more than 1 point apart", ourCV, refCV)
	}
}

// TestLiveScaleRanges checks that range files move both ways: svm-scale -r
// with our ranges scales as we do, and our ReadRanges of svm-scale's file
// scales as svm-scale does.
func TestLiveScaleRanges(t *testing.T) {
	l := needLIBSVM(t)
	raw := loadProblem(t, td("urls.libsvm"))
	train := &svm.Problem{Y: raw.Y[:1400], X: raw.X[:1400]}
	test := &svm.Problem{Y: raw.Y[1400:], X: raw.X[1400:]}
	l.writeProblem("train.raw", train)
	l.writeProblem("test.raw", test)
	for _, bounds := range [][2]float64{{-1, 1}, {0, 1}} {
		t.Run(fmt.Sprintf("[%g,%g]", bounds[0], bounds[1]), func(t *testing.T) {
			lo, up := fmt.Sprint(bounds[0]), fmt.Sprint(bounds[1])
			l.run("ref.train", "svm-scale", "-l", lo, "-u", up, "-s", "ref.range", "train.raw")
			ours := svm.FitScaler(train, bounds[0], bounds[1])
			checkScaled(t, ours.ScaleProblem(train), loadProblem(t, l.path("ref.train")))

			var b bytes.Buffer
			if err := ours.WriteRanges(&b); err != nil {
				t.Fatal(err)
			}
			l.write("our.range", b.Bytes())
			l.run("ref.test", "svm-scale", "-r", "our.range", "test.raw")
			checkScaled(t, ours.ScaleProblem(test), loadProblem(t, l.path("ref.test")))

			f, err := os.Open(l.path("ref.range"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			theirs, err := svm.ReadRanges(f)
			if err != nil {
				t.Fatal(err)
			}
			checkScaled(t, theirs.ScaleProblem(test), loadProblem(t, l.path("ref.test")))
		})
	}
}

// TestLiveProbability compares -b 1 probabilities: ours against
// svm-predict -b 1 on svm-train -b 1's model (mean |diff| <= 0.01,
// max <= 0.08; the Platt CV folds are random in both), and svm-predict -b 1
// on our model file against our PredictProbability (<= 1e-5, the %g
// printing precision).
func TestLiveProbability(t *testing.T) {
	cases := []liveCase{
		{"urls", "urls.libsvm", 1400, []string{"-c", "4", "-g", "0.5"}, func(p *svm.Param) { p.C, p.Gamma = 4, 0.5 }, 0},
		{"blobs", "blobs.libsvm", 400, []string{"-c", "2", "-g", "0.5"}, func(p *svm.Param) { p.C, p.Gamma = 2, 0.5 }, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := needLIBSVM(t)
			raw := loadProblem(t, td(c.raw))
			l.writeProblem("train.raw", &svm.Problem{Y: raw.Y[:c.nTrain], X: raw.X[:c.nTrain]})
			l.writeProblem("test.raw", &svm.Problem{Y: raw.Y[c.nTrain:], X: raw.X[c.nTrain:]})
			l.run("train", "svm-scale", "-s", "range", "train.raw")
			l.run("test", "svm-scale", "-r", "range", "test.raw")
			train, test := loadProblem(t, l.path("train")), loadProblem(t, l.path("test"))
			l.run("", "svm-train", append(append([]string{"-b", "1"}, c.args...), "train", "ref.model")...)
			l.run("", "svm-predict", "-b", "1", "test", "ref.model", "ref.out")

			param := svm.DefaultParam()
			c.param(&param)
			param.Probability = true
			ours, err := svm.Train(train, param)
			if err != nil {
				t.Fatal(err)
			}
			mean, worst := probStats(t, ours, test, loadPredictions(t, l.path("ref.out")))
			t.Logf("probabilities vs svm-predict -b 1: mean |diff| %.4f, max %.4f", mean, worst)
			if mean > 0.01 || worst > 0.08 {
				t.Errorf("probabilities: mean |diff| %.4f (want <= 0.01), max %.4f (want <= 0.08)", mean, worst)
			}
			if err := ours.SaveModel(l.path("our.model")); err != nil {
				t.Fatal(err)
			}
			l.run("", "svm-predict", "-b", "1", "test", "our.model", "our.out")
			if d := maxProbDiff(t, ours, test, loadPredictions(t, l.path("our.out"))); d > printedProbTol {
				t.Errorf("svm-predict -b 1 on our model differs from PredictProbability by %g, want <= %g", d, printedProbTol)
			}
		})
	}
}

// TestLiveNuSVCModel loads a nu-SVC model from svm-train -s 1 (same
// decision function form) and predicts as svm-predict does.
func TestLiveNuSVCModel(t *testing.T) {
	l := needLIBSVM(t)
	train := loadProblem(t, td("blobs.train.scale"))
	l.writeProblem("train", train)
	l.run("", "svm-train", "-s", "1", "-n", "0.3", "train", "nu.model")
	l.run("", "svm-predict", "train", "nu.model", "nu.out")
	m := loadModel(t, l.path("nu.model"))
	if a := agreement(t, predictAll(m, train), loadPredictions(t, l.path("nu.out")).labels); a != 1 {
		t.Errorf("nu-SVC model: agreement with svm-predict %.4f, want 1", a)
	}
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte("svm_type nu_svc\n")) {
		t.Errorf("rewritten nu-SVC model starts %q", b.String()[:20])
	}
}
