package fuzzy_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/text"
)

func FuzzSplitKeywords(f *testing.F) {
	for _, s := range []string{"", "a, b", "房价，二手房；樓市、新政", "x|y|z", "python golang", "\xff,\x00;", " , ; | "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := fuzzy.SplitKeywords(s)
		seen := map[string]bool{}
		for _, k := range got {
			if k == "" || k != strings.TrimSpace(k) || strings.ContainsAny(k, ",;|\n\t，；、｜") {
				t.Fatalf("SplitKeywords(%q) gave bad phrase %q", s, k)
			}
			if seen[strings.ToLower(k)] {
				t.Fatalf("SplitKeywords(%q) repeats %q", s, k)
			}
			seen[strings.ToLower(k)] = true
		}
	})
}

// FuzzFeatures runs the whole path on arbitrary tag contents, with a plain
// word splitter and with the shared tokeniser: extraction, weighting and
// clustering never panic, every weight is one of the seven
// tag-set weights, and the topics cover every page once.
func FuzzFeatures(f *testing.F) {
	f.Add("Ad sales boost Time Warner profit", "Time Warner, AOL; Google", "Quarterly profits at US media giant", "Dollar gains", "dollar, euro", "")
	f.Add("重慶出臺多項樓市新政", "房價，計價，新政", "業內人士熱議新政影響", "", "\xff\xfe", "\x00")
	shared, err := text.New(text.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, t1, k1, d1, t2, k2, d2 string) {
		allowed := map[float64]bool{}
		for tags := fuzzy.Tags(1); tags < 8; tags++ {
			allowed[(fuzzy.Config{}).Weight(tags)] = true
		}
		docs := []fuzzy.Doc{{ID: 1, Title: t1, Keywords: k1, Description: d1}, {ID: 2, Title: t2, Keywords: k2, Description: d2}}
		for _, tok := range []fuzzy.Tokenizer{wordTokenizer{}, shared} {
			for _, d := range docs {
				fs, err := fuzzy.Features(fuzzy.Extract(tok, d), fuzzy.Config{})
				if err != nil {
					t.Fatal(err)
				}
				for _, ft := range fs {
					if !allowed[ft.Weight] || ft.Word == "" {
						t.Fatalf("feature %+v of %+v", ft, d)
					}
				}
			}
		}
		r, err := fuzzy.Cluster(context.Background(), docs, fuzzy.Config{Threshold: -1}) // default tokeniser
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, tp := range r.Topics() {
			ids = append(ids, tp.Pages...)
		}
		slices.Sort(ids)
		if !slices.Equal(ids, []int64{1, 2}) {
			t.Fatalf("topics cover %v, want [1 2]", ids)
		}
	})
}
