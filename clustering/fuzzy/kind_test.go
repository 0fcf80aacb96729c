package fuzzy_test

import (
	"context"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/text"
)

func newTextTokenizer(t testing.TB) fuzzy.Tokenizer {
	t.Helper()
	tok, err := text.New(text.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestKindPhrases(t *testing.T) {
	titles := []string{
		"Functions and Variables for Strings",
		"Functions and Variables for Lists",
		"Functions and Variables for Sets",
		"Introduction to Strings",
		"Introduction to Lists",
		"Introduction to Sets",
		"Strings",
		"Chapter 5. Data Definition",
		"Chapter 6. Data Manipulation",
		"Chapter 7. Queries",
		"Chapter 11. Indexes",
		"SQLite Release 3.40.1 On 2022-12-28",
		"SQLite Release 3.40.0 On 2022-11-16",
		"SQLite Release 3.39.4 On 2022-09-29",
		"Notes on parsing",
		"Notes on printing",
	}
	kp := fuzzy.LearnKindPhrases(newTextTokenizer(t), titles)
	for _, c := range []struct {
		in, rest string
		phrase   []string
	}{
		{titles[0], "Strings", []string{"functions", "variables"}},
		{"Introduction to Arrays", "Arrays", []string{"introduction"}},
		{"Chapter 12. Full Text Search", "Chapter 12. Full Text Search", nil}, // a number closes no kind phrase
		{titles[11], titles[11], nil},                                         // only dates follow "SQLite Release # On"
		{"Functions and Operators", "Functions and Operators", nil},           // "Functions and" is always followed by "Variables"
		{"Notes on style", "Notes on style", nil},                             // on 2 titles, fewer than 3
		{"Introduction to 42", "Introduction to 42", nil},                     // nothing would be left
		{"Strings", "Strings", nil},
	} {
		t.Run(c.in, func(t *testing.T) {
			rest, phrase := kp.Cut(c.in)
			if rest != c.rest || !slices.Equal(phrase, c.phrase) {
				t.Errorf("Cut = %q, %q; want %q, %q", rest, phrase, c.rest, c.phrase)
			}
		})
	}
}

func TestKindWords(t *testing.T) {
	titles := [][]string{
		{"draw", "pkg", "manual"}, {"draw", "manual"},
		{"ezunits", "pkg", "manual"}, {"ezunits", "manual"},
		{"finance", "pkg", "manual"}, {"finance", "manual"},
		{"spi", "connect", "manual"}, {"spi", "finish", "manual"}, {"spi", "exec", "manual"}, {"connect", "manual"},
	}
	got := fuzzy.KindWords(titles, 0.4) // "manual", on every title, is boilerplate
	want := [][]string{{"pkg"}, nil, {"pkg"}, nil, {"pkg"}, nil, nil, nil, nil, nil}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("KindWords = %q, want %q (the rest of 1 of 3 \"spi …\" titles is another title: a family of names)", got, want)
	}
}

// loadMaxima reads testdata/maxima-titles.tsv: the 380 pages of a crawl
// of the Maxima manual, in fetch order, with each page's texinfo chapter.
// The manual's keywords and description repeat its title (texinfo writes
// all three), so the pages get it in all three tags, as the crawl does.
func loadMaxima(t *testing.T) (docs []fuzzy.Doc, chapter map[int64]string) {
	t.Helper()
	b, err := os.ReadFile("testdata/maxima-titles.tsv")
	if err != nil {
		t.Fatal(err)
	}
	chapter = map[int64]string{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		fs := strings.Split(line, "\t")
		if len(fs) != 3 {
			t.Fatalf("maxima-titles.tsv line %d has %d fields, want 3", i+2, len(fs))
		}
		id := int64(i + 1)
		docs = append(docs, fuzzy.Doc{ID: id, Host: "maxima.test:80", Title: fs[2], Keywords: fs[2], Description: fs[2]})
		chapter[id] = fs[1]
	}
	return docs, chapter
}

// TestMaximaKindPhrases clusters the Maxima manual, whose titles name a
// page's kind before its subject ("Functions and Variables for Strings",
// 106 of 380 titles; "Introduction to Strings", 70) or after it
// ("draw-pkg", 55). Without the kind phrases and words single linkage
// chained them into two topics at the cap of 25% (95 and 79 pages) that
// mixed Strings, Numbers, Integration, Gentran, …: purity against the
// texinfo chapters 0.37. Now a subject's pages make its topic, the
// largest holds 40 pages (10.5%) and the purity is 0.68.
func TestMaximaKindPhrases(t *testing.T) {
	docs, chapter := loadMaxima(t)
	if len(docs) != 380 {
		t.Fatalf("%d pages in maxima-titles.tsv, want 380", len(docs))
	}
	r, err := fuzzy.Cluster(context.Background(), docs, fuzzy.Config{})
	if err != nil {
		t.Fatal(err)
	}
	topics, un := r.Grouped()
	largest, majority, in := 0, 0, 0
	for _, tp := range topics {
		largest = max(largest, len(tp.Pages))
		n := map[string]int{}
		for _, id := range tp.Pages {
			n[chapter[id]]++
		}
		majority += slices.Max(slices.Collect(maps.Values(n)))
		in += len(tp.Pages)
	}
	purity := float64(majority) / float64(in)
	t.Logf("%d topics, %d unclustered, largest %d, purity %.3f (%d of %d)", len(topics), len(un), largest, purity, majority, in)
	if 100*largest > 15*len(docs) {
		t.Errorf("largest topic %d of %d pages, want at most 15%%", largest, len(docs))
	}
	if purity < 0.6 {
		t.Errorf("topic purity against the texinfo chapters %.3f, want ≥ 0.6", purity)
	}
	topic := r.Assignments()
	size := map[int64]int{}
	for _, tp := range topics {
		size[tp.ID] = len(tp.Pages)
	}
	byTitle := map[string]int64{}
	for _, d := range docs {
		byTitle[strings.TrimSuffix(d.Title, " (Maxima 5.46.0 Manual)")] = d.ID
	}
	for _, subject := range [][]string{
		{"Strings", "Introduction to Strings", "Functions and Variables for Strings"},
		{"Sets", "Introduction to Sets", "Functions and Variables for Sets"},
		{"draw-pkg", "Introduction to draw", "Functions and Variables for draw"},
		{"finance-pkg", "Introduction to finance", "Functions and Variables for finance"},
	} {
		want := topic[byTitle[subject[0]]]
		for _, title := range subject {
			if got := topic[byTitle[title]]; got == 0 || got != want || size[got] > 5 {
				t.Errorf("%q in topic %d of %d pages, want the topic of %q (%d), of at most 5", title, got, size[got], subject[0], want)
			}
		}
	}
}

func FuzzKindPhrases(f *testing.F) {
	f.Add("Functions and Variables for Strings", "Introduction to Lists")
	f.Add("Chapter 5. Data", "to to to 1")
	f.Add("\xff and \x00", " for  ")
	tok, err := text.New(text.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		kp := fuzzy.LearnKindPhrases(tok, []string{a, b, a, b, a, b + " x1", a + " y2", a + " z3"})
		for _, s := range []string{a, b, a + " w4"} {
			rest, phrase := kp.Cut(s)
			if phrase == nil && rest != s {
				t.Errorf("Cut(%q) = %q without a phrase", s, rest)
			}
			if phrase != nil && len(tok.Tokens(rest)) == 0 {
				t.Errorf("Cut(%q) = %q, %q: no feature word left", s, rest, phrase)
			}
		}
	})
}
