package fuzzy_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/crawl-project/crawl/clustering/fuzzy"
)

// wordTokenizer splits on anything but letters and digits and lower-cases:
// a stand-in that keeps these tests independent of the shared tokeniser.
type wordTokenizer struct{ stop map[string]bool }

func (w wordTokenizer) Tokens(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !w.stop[f] {
			out = append(out, f)
		}
	}
	return out
}

func TestSplitKeywords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   ", nil},
		{"house prices, london ,  market ", []string{"house prices", "london", "market"}},
		{"python golang crawler", []string{"python", "golang", "crawler"}},
		{"a;b|c", []string{"a", "b", "c"}},
		{"房价，二手房；樓市、新政｜北京", []string{"房价", "二手房", "樓市", "新政", "北京"}},
		{"房价 二手房", []string{"房价", "二手房"}},
		{"News, news, NEWS,,, ;", []string{"News"}},
		{"one\ntwo\tthree", []string{"one", "two", "three"}},
		{"tab\tand  spaces, x", []string{"tab", "and spaces", "x"}},
		{"\xff\xfe, ok", []string{"\xff\xfe", "ok"}},
	} {
		if got := fuzzy.SplitKeywords(c.in); !slices.Equal(got, c.want) {
			t.Errorf("SplitKeywords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestExtractAndFeatures(t *testing.T) {
	tok := wordTokenizer{stop: map[string]bool{"the": true, "of": true}}
	d := fuzzy.Doc{
		Title:       "The price of houses: houses rise",
		Keywords:    "house prices, houses; rise",
		Description: "Houses in London",
	}
	tw := fuzzy.Extract(tok, d)
	want := fuzzy.TagWords{
		Title:       []string{"price", "houses", "rise"},
		Keywords:    []string{"house", "prices", "houses", "rise"},
		Description: []string{"houses", "in", "london"},
	}
	if !slices.Equal(tw.Title, want.Title) || !slices.Equal(tw.Keywords, want.Keywords) || !slices.Equal(tw.Description, want.Description) {
		t.Fatalf("Extract = %q, want %q", tw, want)
	}
	fs, err := fuzzy.Features(tw, fuzzy.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ln := math.Log
	wantW := map[string]float64{
		"house": ln(4), "houses": ln(10) + ln(4) + ln(2), "in": ln(2), "london": ln(2),
		"price": ln(10), "prices": ln(4), "rise": ln(10) + ln(4),
	}
	if len(fs) != len(wantW) {
		t.Fatalf("Features = %v, want %d words", fs, len(wantW))
	}
	for k, f := range fs {
		if k > 0 && fs[k-1].Word >= f.Word {
			t.Errorf("Features not sorted: %q before %q", fs[k-1].Word, f.Word)
		}
		if math.Abs(f.Weight-wantW[f.Word]) > 1e-12 {
			t.Errorf("weight of %q = %v, want %v", f.Word, f.Weight, wantW[f.Word])
		}
	}
	// c = 1 ignores a tag: description-only words vanish.
	fs, _ = fuzzy.Features(tw, fuzzy.Config{DescriptionWeight: 1, KeywordsWeight: 5})
	for _, f := range fs {
		if f.Word == "london" || f.Word == "in" {
			t.Errorf("word %q kept with DescriptionWeight 1", f.Word)
		}
		if f.Word == "prices" && math.Abs(f.Weight-ln(5)) > 1e-12 {
			t.Errorf("prices weight %v with KeywordsWeight 5, want ln 5", f.Weight)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		cfg   fuzzy.Config
		field string
	}{
		{fuzzy.Config{TitleWeight: 0.5}, "TitleWeight"},
		{fuzzy.Config{KeywordsWeight: math.NaN()}, "KeywordsWeight"},
		{fuzzy.Config{DescriptionWeight: math.Inf(1)}, "DescriptionWeight"},
		{fuzzy.Config{Threshold: 1.5}, "Threshold"},
		{fuzzy.Config{Threshold: math.NaN()}, "Threshold"},
		{fuzzy.Config{TopWords: -1}, "TopWords"},
		{fuzzy.Config{Workers: -2}, "Workers"},
		{fuzzy.Config{SiteMinPages: -1}, "SiteMinPages"},
		{fuzzy.Config{TemplateShare: 1.5}, "TemplateShare"},
		{fuzzy.Config{CommonFrom: math.NaN()}, "CommonFrom"},
		{fuzzy.Config{CommonTo: -0.1}, "CommonTo"},
		{fuzzy.Config{CommonFrom: 0.5, CommonTo: 0.5}, "CommonFrom"},
		{fuzzy.Config{MaxTopicShare: 2}, "MaxTopicShare"},
		{fuzzy.Config{Cohesive: math.Inf(1)}, "Cohesive"},
	} {
		err := c.cfg.Validate()
		if !errors.Is(err, fuzzy.ErrConfig) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("Validate(%+v) = %v, want ErrConfig naming %s", c.cfg, err, c.field)
		}
	}
	if err := (fuzzy.Config{Threshold: -1}).Validate(); err != nil {
		t.Errorf("negative Threshold: %v, want nil (cut at 0)", err)
	}
}

func TestMatrixErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		rows [][]fuzzy.Entry
		want string
	}{
		{"negative column", [][]fuzzy.Entry{{{Col: -1, Weight: 1}}}, "row 0: negative column"},
		{"repeated column", [][]fuzzy.Entry{nil, {{Col: 3, Weight: 1}, {Col: 3, Weight: 2}}}, "row 1: column 3 repeated"},
		{"negative weight", [][]fuzzy.Entry{{{Col: 0, Weight: -1}}}, "weight -1"},
		{"NaN weight", [][]fuzzy.Entry{{{Col: 0, Weight: math.NaN()}}}, "weight NaN"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := fuzzy.NewMatrix(c.rows)
			if !errors.Is(err, fuzzy.ErrInput) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("NewMatrix = %v, want ErrInput containing %q", err, c.want)
			}
		})
	}
	for _, c := range []struct {
		name string
		r    [][]float64
	}{
		{"not square", [][]float64{{1, 0}, {0}}},
		{"out of range", [][]float64{{1, 2}, {2, 1}}},
		{"asymmetric", [][]float64{{1, 0.2}, {0.3, 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := fuzzy.FromSimilarity(c.r); !errors.Is(err, fuzzy.ErrInput) {
				t.Errorf("FromSimilarity(%v) = %v, want ErrInput", c.r, err)
			}
		})
	}
}

func TestEmptyPagesAreSingletons(t *testing.T) {
	m, err := fuzzy.DenseMatrix([][]float64{{0, 0}, {1, 2}, {}, {1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]int{{0, 0}, {0, 1}, {2, 2}, {2, 3}} {
		if got := m.Similarity(c[0], c[1]); got != 0 {
			t.Errorf("Similarity(%d, %d) = %v, want 0 (no words)", c[0], c[1], got)
		}
	}
	if got := m.Similarity(1, 3); got != 1 {
		t.Errorf("Similarity(1, 3) = %v, want 1", got)
	}
	d, err := fuzzy.FromSimilarity([][]float64{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Cut(0); len(got) != 3 {
		t.Errorf("Cut(0) of unrelated pages = %v, want 3 singletons", got)
	}
}
