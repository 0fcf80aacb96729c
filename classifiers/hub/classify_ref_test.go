package hub

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// refModel is the shipped bundle read the plain way, for a reference
// decision that shares no code with the svm package's fast path.
type refModel struct {
	gamma, rho   float64
	hubFirst     bool // label 1 (hub) is the model's first class
	coef         []float64
	sv           []map[int]float64 // LIBSVM index → value
	lower, upper float64
	ranges       map[int][2]float64 // LIBSVM index → min, max
}

func readRefModel(t *testing.T) *refModel {
	t.Helper()
	m := &refModel{ranges: map[int][2]float64{}}
	inSV := false
	for _, line := range readLines(t, "model/"+ModelFile) {
		f := strings.Fields(line)
		switch {
		case inSV:
			m.coef = append(m.coef, parseF(t, f[0]))
			sv := map[int]float64{}
			for _, kv := range f[1:] {
				k, v, _ := strings.Cut(kv, ":")
				sv[int(parseF(t, k))] = parseF(t, v)
			}
			m.sv = append(m.sv, sv)
		case f[0] == "SV":
			inSV = true
		case f[0] == "gamma":
			m.gamma = parseF(t, f[1])
		case f[0] == "rho":
			m.rho = parseF(t, f[1])
		case f[0] == "label":
			m.hubFirst = f[1] == "1"
		case f[0] == "kernel_type" && f[1] != "rbf":
			t.Fatalf("shipped model kernel %s, the reference knows rbf only", f[1])
		}
	}
	lines := readLines(t, "model/"+RangeFile)
	if lines[0] != "x" {
		t.Fatalf("%s: want an x section first, got %q", RangeFile, lines[0])
	}
	b := strings.Fields(lines[1])
	m.lower, m.upper = parseF(t, b[0]), parseF(t, b[1])
	for _, line := range lines[2:] {
		f := strings.Fields(line)
		m.ranges[int(parseF(t, f[0]))] = [2]float64{parseF(t, f[1]), parseF(t, f[2])}
	}
	return m
}

// decision is Σ coef·exp(−γ·|x − sv|²) − rho for the raw vector v, scaled
// as svm-scale scales (missing and range-less features 0), positive for hub.
func (m *refModel) decision(v Vector) float64 {
	var x [NumFeatures + 1]float64 // LIBSVM index
	for i, raw := range v {
		r, ok := m.ranges[i+1]
		switch {
		case !ok || math.IsNaN(raw):
		case raw == r[0]:
			x[i+1] = m.lower
		case raw == r[1]:
			x[i+1] = m.upper
		default:
			x[i+1] = m.lower + (m.upper-m.lower)*(raw-r[0])/(r[1]-r[0])
		}
	}
	var sum float64
	for s, sv := range m.sv {
		var d2 float64
		for j := 1; j <= NumFeatures; j++ {
			d := x[j] - sv[j]
			d2 += d * d
		}
		sum += m.coef[s] * math.Exp(-m.gamma*d2)
	}
	if !m.hubFirst {
		return m.rho - sum
	}
	return sum - m.rho
}

// TestDecisionMatchesReference pins the shipped classifier's decision on
// every URL of testdata/urls.tsv to the plain computation from the model
// files: the same label, and the value within 1e-9 relative.
func TestDecisionMatchesReference(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	ref := readRefModel(t)
	tabs := c.Tables()
	worst := 0.0
	for _, line := range readLines(t, "testdata/urls.tsv")[1:] {
		u := URLInfo{URL: strings.Split(line, "\t")[1], Depth: -1}
		want := ref.decision(refExtract(u, &tabs))
		got := c.Decision(u)
		rel := math.Abs(got-want) / max(math.Abs(want), 1e-6)
		worst = max(worst, rel)
		if rel > 1e-9 || (got > 0) != (want > 0) {
			t.Errorf("Decision(%q) = %v, reference %v", u.URL, got, want)
		}
	}
	t.Logf("worst relative difference %.3g", worst)
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			lines = append(lines, s)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func parseF(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
