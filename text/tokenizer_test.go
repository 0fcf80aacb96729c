package text_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawl-project/crawl/text"
)

func mustNew(t testing.TB, cfg text.Config) *text.Tokenizer {
	t.Helper()
	tk, err := text.New(cfg)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	return tk
}

func TestTokens(t *testing.T) {
	tests := []struct {
		name string
		cfg  text.Config
		in   string
		want []string
	}{
		{"empty", text.Config{}, "", nil},
		{"lower and stop words", text.Config{}, "The Quick brown FOX jumps over the lazy dog",
			[]string{"quick", "brown", "fox", "jumps", "lazy", "dog"}},
		{"split on punctuation", text.Config{}, "world-class e-mail: football,rugby;tennis",
			[]string{"world", "class", "mail", "football", "rugby", "tennis"}},
		{"contractions are stop words", text.Config{}, "Don't panic, it’s fine",
			[]string{"panic", "fine"}},
		{"possessive cut", text.Config{}, "Claxton's medal and the player’s boots",
			[]string{"claxton", "medal", "player", "boots"}},
		{"numbers dropped by default", text.Config{}, "won 7.96 seconds in 2005 over 60m",
			[]string{"won", "seconds", "60m"}},
		{"numbers kept", text.Config{KeepNumbers: true}, "in 2005 and 7",
			[]string{"2005"}},
		{"keep stop words", text.Config{KeepStopWords: true}, "The cat is on the mat",
			[]string{"the", "cat", "is", "on", "the", "mat"}},
		{"stem", text.Config{Stem: true}, "Running runners ran quickly; connections connected",
			[]string{"run", "runner", "ran", "quick", "connect", "connect"}},
		{"accented latin", text.Config{}, "Éric Cantona à Manchester: ÉTÉ",
			[]string{"éric", "cantona", "manchester", "été"}},
		{"chinese bigrams", text.Config{}, "足球比赛",
			[]string{"足球", "球比", "比赛"}},
		{"chinese stop chars and words", text.Config{}, "我们的足球比赛是好的",
			[]string{"足球", "球比", "比赛"}},
		{"single CJK char kept", text.Config{}, "A 队 wins", []string{"队", "wins"}},
		{"single CJK stop char dropped", text.Config{}, "x 的 y", nil},
		{"CJK split by punctuation", text.Config{}, "体育，新闻", []string{"体育", "新闻"}},
		{"mixed scripts", text.Config{}, "NBA总决赛Game 7",
			[]string{"nba", "总决", "决赛", "game"}},
		{"japanese", text.Config{Language: "ja"}, "サッカー", []string{"サッ", "ッカ", "カー"}},
		{"korean", text.Config{Language: "ko"}, "축구 경기", []string{"축구", "경기"}},
		{"english list only for en", text.Config{Language: "en"}, "我们 play", []string{"我们", "play"}},
		{"invalid utf8 separates", text.Config{}, "foot\xffball \xc3", []string{"foot", "ball"}},
		{"one letter words dropped", text.Config{}, "x y z ab", []string{"ab"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tk := mustNew(t, tc.cfg)
			got := tk.Tokens(tc.in)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Tokens(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestScanTransientTerms(t *testing.T) {
	tk := mustNew(t, text.Config{})
	in := "Football CLUBS Été plain words"
	var got []string
	tk.Scan(in, func(term string) { got = append(got, strings.Clone(term)) })
	if want := tk.Tokens(in); !slices.Equal(got, want) {
		t.Errorf("Scan(%q) = %q, want %q", in, got, want)
	}
}

func TestNewUnknownLanguage(t *testing.T) {
	_, err := text.New(text.Config{Language: "fr"})
	if err == nil || !strings.Contains(err.Error(), `"fr"`) {
		t.Fatalf("New(fr) error = %v, want one naming the language", err)
	}
}

func TestAppendTokensReusesDst(t *testing.T) {
	tk := mustNew(t, text.Config{})
	dst := []string{"keep"}
	dst = tk.AppendTokens(dst, "football match")
	if want := []string{"keep", "football", "match"}; !slices.Equal(dst, want) {
		t.Fatalf("AppendTokens = %q, want %q", dst, want)
	}
}

func TestStopWords(t *testing.T) {
	for _, lang := range []string{"", "auto", "en", "zh", "ja", "ko"} {
		words, err := text.StopWords(lang)
		if err != nil {
			t.Fatalf("StopWords(%q): %v", lang, err)
		}
		if !slices.Contains(words, "the") || !slices.IsSorted(words) {
			t.Errorf("StopWords(%q) lacks \"the\" or is unsorted", lang)
		}
		hasZh := slices.Contains(words, "我们")
		if wantZh := lang == "" || lang == "auto" || lang == "zh"; hasZh != wantZh {
			t.Errorf("StopWords(%q) has 我们 = %v, want %v", lang, hasZh, wantZh)
		}
	}
	if _, err := text.StopWords("xx"); err == nil {
		t.Error("StopWords(xx) = nil error, want one")
	}
}

// TestRealArticles checks invariants on real BBC articles: every term is
// lower-case, valid UTF-8, not a stop word, and the sport article's top
// terms are about sport.
func TestRealArticles(t *testing.T) {
	tk := mustNew(t, text.Config{})
	files, err := filepath.Glob("testdata/bbc/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		toks := tk.Tokens(string(b))
		if len(toks) < 50 {
			t.Errorf("%s: %d tokens, want ≥ 50", f, len(toks))
		}
		for _, tok := range toks {
			if tok != strings.ToLower(tok) || !utf8.ValidString(tok) || tk.IsStopWord(tok) {
				t.Errorf("%s: bad token %q", f, tok)
			}
		}
	}
	b, _ := os.ReadFile("testdata/bbc/sport-001.txt")
	counts := map[string]int{}
	for _, tok := range tk.Tokens(string(b)) {
		counts[tok]++
	}
	for _, w := range []string{"claxton", "medal", "hurdles"} {
		if counts[w] < 2 {
			t.Errorf("sport-001: count(%q) = %d, want ≥ 2", w, counts[w])
		}
	}
}

func TestConcurrentStem(t *testing.T) {
	tk := mustNew(t, text.Config{Stem: true})
	b, err := os.ReadFile("testdata/bbc/tech-001.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := tk.Tokens(string(b))
	done := make(chan []string)
	for range 4 {
		go func() { done <- tk.Tokens(string(b)) }()
	}
	for range 4 {
		if got := <-done; !slices.Equal(got, want) {
			t.Fatal("concurrent Tokens differ")
		}
	}
}
