package text

import (
	_ "embed"
	"slices"
	"strings"
	"unicode/utf8"
)

// The stop-word lists, one entry per line, '#' comments (see each file's
// header for its source).
var (
	//go:embed stopwords/en.txt
	enStopWords string
	//go:embed stopwords/zh_words.txt
	zhStopWords string
	//go:embed stopwords/zh_chars.txt
	zhStopChars string
)

// eachLine calls fn for every non-empty, non-comment line of list.
func eachLine(list string, fn func(string)) {
	for line := range strings.Lines(list) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		fn(line)
	}
}

// loadWords builds one set from the given lists.
func loadWords(lists ...string) map[string]struct{} {
	m := make(map[string]struct{}, 512)
	for _, l := range lists {
		eachLine(l, func(w string) { m[w] = struct{}{} })
	}
	return m
}

// loadChars builds the set of single characters of a list.
func loadChars(list string) map[rune]struct{} {
	m := make(map[rune]struct{}, 32)
	eachLine(list, func(w string) {
		if r, size := utf8.DecodeRuneInString(w); size == len(w) {
			m[r] = struct{}{}
		}
	})
	return m
}

// StopWords returns the stop words of language lang ("auto", "en", "zh",
// "ja", "ko"; "" means "auto"), sorted, or an error for an unknown language.
// It is meant for inspection and for packages that filter terms they did not
// get from a Tokenizer.
func StopWords(lang string) ([]string, error) {
	t, err := New(Config{Language: lang})
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(t.stops))
	for w := range t.stops {
		out = append(out, w)
	}
	slices.Sort(out)
	return out, nil
}
