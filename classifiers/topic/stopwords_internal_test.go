package topic

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl/text"
)

// TestIsStopWordAsTokenizer checks the model's stop-word table against
// its tokeniser's IsStopWord, for every language: on each stop word, on
// each with a letter changed or added, and on every term of the HTML
// test pages.
func TestIsStopWordAsTokenizer(t *testing.T) {
	pages, err := filepath.Glob("testdata/html/*.html")
	if err != nil || len(pages) == 0 {
		t.Fatalf("test pages: %v, %d", err, len(pages))
	}
	tok, err := text.New(text.Config{KeepStopWords: true})
	if err != nil {
		t.Fatal(err)
	}
	var terms []string
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		terms = append(terms, tok.Tokens(string(b))...)
	}
	if len(terms) < 1000 {
		t.Fatalf("%d terms in the test pages", len(terms))
	}
	for _, lang := range []string{"", text.LangAuto, text.LangEnglish, text.LangChinese, text.LangJapanese, text.LangKorean} {
		m, err := newModel(Config{Language: lang})
		if err != nil {
			t.Fatal(err)
		}
		stops, err := text.StopWords(lang)
		if err != nil {
			t.Fatal(err)
		}
		check := func(w string) {
			if got, want := m.isStopWord(w), m.tok.IsStopWord(w); got != want {
				t.Fatalf("language %q: isStopWord(%q) = %v, the tokeniser says %v", lang, w, got, want)
			}
		}
		for _, w := range stops {
			check(w)
			check(w + "x")
			check("x" + w[1:])
		}
		for _, w := range terms {
			check(w)
		}
	}
}
