package fuzzy_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/crawl-project/crawl/clustering/fuzzy"
)

// paperExample is testdata/fuzzy-example.json: the worked example of paper 002.
type paperExample struct {
	Documents  map[string]string              `json:"documents"`
	TagWords   map[string]map[string][]string `json:"tag_words"`
	WeightRule map[string]any                 `json:"weight_rule_as_printed"`
	T          [][]float64                    `json:"T_as_printed"`
	TNote      string                         `json:"T_note"`
	R          [][]float64                    `json:"R_as_printed"`
	RNote      string                         `json:"R_note"`
	Partitions map[string][][]string          `json:"partitions_from_printed_R"`
}

func loadPaper(t *testing.T) paperExample {
	t.Helper()
	b, err := os.ReadFile("testdata/fuzzy-example.json")
	if err != nil {
		t.Fatal(err)
	}
	var p paperExample
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.T) != 6 || len(p.R) != 6 || len(p.Partitions) != 7 {
		t.Fatalf("example has %d rows of T, %d of R, %d partitions; want 6, 6, 7", len(p.T), len(p.R), len(p.Partitions))
	}
	return p
}

// TestPaperSimilarity computes R from the printed weight matrix T and
// compares it with the printed R (±0.015) and with the unrounded values the
// JSON's R_note lists for the non-zero upper triangle (±0.00005).
func TestPaperSimilarity(t *testing.T) {
	p := loadPaper(t)
	m, err := fuzzy.DenseMatrix(p.T)
	if err != nil {
		t.Fatal(err)
	}
	// R_note: "... gives 0.0653 ... / 0.1321: the printed R is that, ..."
	unrounded := numbers(regexp.MustCompile(`gives ([^:]*):`).FindString(p.RNote), `0\.\d{4}`)
	if len(unrounded) != 11 {
		t.Fatalf("R_note lists %d unrounded values, want 11", len(unrounded))
	}
	k, worst := 0, 0.0
	for i := range 6 {
		for j := range 6 {
			got := m.Similarity(i, j)
			if i == j {
				continue // the printed diagonal is 1 by definition; tested below
			}
			worst = max(worst, math.Abs(got-p.R[i][j]))
			if want := p.R[i][j]; math.Abs(got-want) > 0.015 {
				t.Errorf("r[T%d][T%d] = %.4f, printed %.2f (off by more than 0.015)", i+1, j+1, got, want)
			}
			if j > i && p.R[i][j] > 0 {
				if want := unrounded[k]; math.Abs(got-want) > 0.00005 {
					t.Errorf("r[T%d][T%d] = %.5f, R_note says %.4f", i+1, j+1, got, want)
				}
				k++
			}
		}
		if got := m.Similarity(i, i); got != 1 {
			t.Errorf("r[T%d][T%d] = %v, want 1", i+1, i+1, got)
		}
	}
	t.Logf("largest |computed − printed| off the diagonal: %.4f", worst)
}

// TestPaperPartitions cuts the maximum spanning tree of the printed R at the
// paper's seven levels and compares with its printed partitions.
func TestPaperPartitions(t *testing.T) {
	p := loadPaper(t)
	d, err := fuzzy.FromSimilarity(p.R)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Edges()) != 5 {
		t.Fatalf("spanning tree of 6 texts has %d edges, want 5", len(d.Edges()))
	}
	for level, want := range p.Partitions {
		r, err := strconv.ParseFloat(level, 64)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("r="+level, func(t *testing.T) {
			got := names(d.Cut(r))
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("Cut(%v) = %v, printed %v", r, got, want)
			}
			if d.Count(r) != len(want) {
				t.Errorf("Count(%v) = %d, want %d", r, d.Count(r), len(want))
			}
		})
	}
}

// TestPaperSpanFromWeights checks the sparse path (inverted index + Prim on
// the weights) against the dense path on the all-pairs R computed from T:
// same partitions at every level, and the R_note's remark that unrounded
// values cut edges 4-5 at 0.24 and 3-4 at 0.36.
func TestPaperSpanFromWeights(t *testing.T) {
	p := loadPaper(t)
	m, err := fuzzy.DenseMatrix(p.T)
	if err != nil {
		t.Fatal(err)
	}
	sparse, err := fuzzy.Span(context.Background(), m, 1)
	if err != nil {
		t.Fatal(err)
	}
	dense, err := fuzzy.FromSimilarity(allPairs(m))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sparse.Levels(), dense.Levels()) {
		t.Fatalf("Levels: sparse %v, dense %v", sparse.Levels(), dense.Levels())
	}
	for _, r := range append(dense.Levels(), 0, 0.24, 0.36, 1) {
		if got, want := sparse.Cut(r), dense.Cut(r); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("Cut(%v): sparse %v, dense %v", r, got, want)
		}
	}
	for _, c := range []struct {
		r    float64
		want [][]string
	}{
		{0.24, [][]string{{"T1"}, {"T2"}, {"T3", "T4"}, {"T5"}, {"T6"}}},
		{0.36, [][]string{{"T1"}, {"T2"}, {"T3"}, {"T4"}, {"T5"}, {"T6"}}},
	} {
		if got := names(sparse.Cut(c.r)); !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("unrounded Cut(%v) = %v, want %v", c.r, got, c.want)
		}
	}
}

// TestPaperWeightRule rebuilds T from the tag words with the default
// coefficients (10, 4, 2). It must equal the printed T except in the cells
// the T_note names, where it must give the rule's value instead.
func TestPaperWeightRule(t *testing.T) {
	p := loadPaper(t)
	type cell struct{ doc, word int }
	exceptions := map[cell]float64{}
	for _, m := range regexp.MustCompile(`T(\d)/X(\d+) printed ([\d.]+), rule gives ([\d.]+)`).FindAllStringSubmatch(p.TNote, -1) {
		doc, _ := strconv.Atoi(m[1])
		word, _ := strconv.Atoi(m[2])
		rule, _ := strconv.ParseFloat(m[4], 64)
		exceptions[cell{doc - 1, word - 1}] = rule
	}
	if len(exceptions) != 3 {
		t.Fatalf("T_note names %d exceptions, want 3", len(exceptions))
	}
	for i := range 6 {
		tw := p.TagWords["T"+strconv.Itoa(i+1)]
		fs, err := fuzzy.Features(fuzzy.TagWords{Title: tw["title"], Keywords: tw["keywords"], Description: tw["description"]}, fuzzy.Config{})
		if err != nil {
			t.Fatal(err)
		}
		row := make([]float64, 19)
		for _, f := range fs {
			j, _ := strconv.Atoi(f.Word[1:])
			row[j-1] = f.Weight
		}
		for j, got := range row {
			want, exc := exceptions[cell{i, j}]
			if !exc {
				want = p.T[i][j]
			}
			if math.Abs(got-want) > 0.0005 {
				t.Errorf("T%d/X%d = %.3f, want %.3f (exception %v)", i+1, j+1, got, want, exc)
			}
		}
	}
	for name, v := range p.WeightRule {
		want, ok := v.(float64)
		if !ok {
			continue // the note
		}
		var tags fuzzy.Tags
		for _, m := range regexp.MustCompile(`title|keywords|description`).FindAllString(name, -1) {
			tags |= map[string]fuzzy.Tags{"title": fuzzy.InTitle, "keywords": fuzzy.InKeywords, "description": fuzzy.InDescription}[m]
		}
		if got := (fuzzy.Config{}).Weight(tags); math.Abs(got-want) > 0.0005 {
			t.Errorf("Weight(%s) = %.4f, printed %.3f", name, got, want)
		}
	}
}

// names turns clusters of 0-based indexes into the paper's T1…T6 names.
func names(clusters [][]int) [][]string {
	out := make([][]string, len(clusters))
	for k, c := range clusters {
		for _, i := range c {
			out[k] = append(out[k], "T"+strconv.Itoa(i+1))
		}
	}
	return out
}

func numbers(s, pattern string) []float64 {
	var out []float64
	for _, m := range regexp.MustCompile(pattern).FindAllString(s, -1) {
		f, _ := strconv.ParseFloat(m, 64)
		out = append(out, f)
	}
	return out
}

// allPairs returns the dense similarity matrix of m by brute force.
func allPairs(m *fuzzy.Matrix) [][]float64 {
	r := make([][]float64, m.Len())
	for i := range r {
		r[i] = make([]float64, m.Len())
		for j := range r[i] {
			r[i][j] = m.Similarity(i, j)
		}
	}
	return r
}
