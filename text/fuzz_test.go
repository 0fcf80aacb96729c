package text_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawl-project/crawl/text"
)

// FuzzTokens checks, for arbitrary bytes (invalid UTF-8 included), that
// Tokens never panics, returns only non-empty, valid UTF-8 terms without
// spaces, that AppendTokens agrees with it, and that no kept term is a stop
// word.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{
		"", "The Quick brown fox", "足球比赛是好的", "don't stop the player’s",
		"\xff\xfe\xc3", "サッカー 축구", "a’", "'s", "x'", "Éric\u0301", "123 4a5",
		"\U00020000\U00020001", "ab\xe4\xb8", strings.Repeat("Ａ", 40),
	} {
		f.Add(s)
	}
	tokenizers := []*text.Tokenizer{}
	for _, cfg := range []text.Config{{}, {Stem: true}, {KeepStopWords: true, KeepNumbers: true}, {Language: "en"}} {
		tokenizers = append(tokenizers, mustNew(f, cfg))
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tk := range tokenizers {
			toks := tk.Tokens(s)
			for _, tok := range toks {
				if tok == "" || !utf8.ValidString(tok) || strings.ContainsAny(tok, " \t\n") {
					t.Fatalf("Tokens(%q) has bad term %q", s, tok)
				}
				if !tk.Config().KeepStopWords && !tk.Config().Stem && tk.IsStopWord(tok) {
					t.Fatalf("Tokens(%q) kept stop word %q", s, tok)
				}
			}
			var scanned []string
			tk.Scan(s, func(term string) { scanned = append(scanned, strings.Clone(term)) })
			if !slices.Equal(scanned, toks) {
				t.Fatalf("Scan(%q) = %q, Tokens %q", s, scanned, toks)
			}
			again := tk.AppendTokens([]string{"x"}, s)
			if len(again) != len(toks)+1 {
				t.Fatalf("AppendTokens(%q) = %d terms, Tokens %d", s, len(again)-1, len(toks))
			}
		}
	})
}
