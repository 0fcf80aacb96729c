package fuzzy

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind phrases: a third site correction beside the title template and the
// labels (site.go). Manuals name a page's kind with a leading phrase that
// ends in a function word: texinfo's "Functions and Variables for
// Strings", "Introduction to Strings" (the Maxima manual: 106 and 70 of
// its 380 titles). The subject is what follows. The phrase's words
// ("functions", "variables", "introduction") are on too few of the host's
// pages for the in-site frequency to silence them, and single linkage
// chains every "Introduction to …" page into one topic; the separators
// the template needs are absent, and there is no colon for a label.
// A numbered kind ("Chapter 5. Data Definition", PostgreSQL's 76
// chapters) is not cut: measured, it moved PostgreSQL's topics no
// closer to its chapters (README.md).

// maxPhraseWords is the longest kind phrase, in words: "Functions and
// Variables for" has four.
const maxPhraseWords = 4

// minPhraseFollowers is how many different words must follow a kind phrase
// on its host's titles. A phrase always followed by the same word is part
// of a longer one ("Functions and" of "Functions and Variables for"), and
// one followed only by numbers or dates introduces no subject ("SQLite
// Release 3.40.1 On 2022-12-28": the release logs are SQLite's one real
// topic of identical titles).
const minPhraseFollowers = 3

// KindPhrases are the kind phrases of one host's titles: a title's first
// one to four words ending in a function word (one that holds no feature
// word and no digit: a stop word such as "to" or "for") and holding a
// feature word before it, when at least LabelShare of the host's titles
// (and 3) start with it and at least minPhraseFollowers different feature
// words follow it. A number inside is keyed "#" ("Release 3.40.1 On" and
// "Release 3.40.0 On" are one phrase). The zero value has none; a KindPhrases is
// read-only and safe for concurrent use.
type KindPhrases struct {
	tok   Tokenizer
	keys  map[string]bool
	first map[string]bool // the first words of keys, as keys hold them
}

// wordKinds tells the words that hold a feature word (isFeature) and
// writes them as a kind phrase's key holds them (appendKey). It is used
// from one goroutine.
type wordKinds struct {
	tok   Tokenizer
	scan  func(s string, fn func(term string)) // tok's allocation-free path, if it has one (*text.Tokenizer.Scan)
	found bool
	fn    func(term string) // sets found
}

func newWordKinds(tok Tokenizer) *wordKinds {
	k := &wordKinds{tok: tok}
	if sc, ok := tok.(interface {
		Scan(s string, fn func(term string))
	}); ok {
		k.scan = sc.Scan
		k.fn = func(string) { k.found = true }
	}
	return k
}

func (k *wordKinds) isFeature(w string) bool {
	if k.scan == nil {
		return len(k.tok.Tokens(w)) > 0
	}
	k.found = false
	k.scan(w, k.fn)
	return k.found
}

// appendKey appends w to b as a kind phrase's key holds it: "#" for a
// number (a word with a digit and no feature word), else w in lower case.
func (k *wordKinds) appendKey(b []byte, w string) []byte {
	switch {
	case strings.ContainsFunc(w, unicode.IsDigit) && !k.isFeature(w):
		return append(b, '#')
	case strings.IndexFunc(w, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0:
		return append(b, strings.ToLower(w)...)
	}
	for i := range len(w) {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// LearnKindPhrases finds the kind phrases of one host's titles (after
// their title template is stripped), telling feature words by tok.
func LearnKindPhrases(tok Tokenizer, titles []string) KindPhrases {
	words := newWordKinds(tok)
	count := map[string]int{}
	var ws []string
	var buf []byte
	for _, t := range titles {
		ws = appendWords(ws[:0], t)
		var ends [maxPhraseWords + 1]int
		buf, ends = phraseKeys(words, ws, buf[:0])
		for _, e := range ends {
			if e > 0 {
				count[string(buf[:e])]++
			}
		}
	}
	need := max(3, LabelShare*float64(len(titles)))
	for key, n := range count {
		if float64(n) < need {
			delete(count, key)
		}
	}
	p := KindPhrases{tok: tok, keys: map[string]bool{}, first: map[string]bool{}}
	if len(count) == 0 {
		return p
	}
	followers := map[string]map[string]bool{} // of the phrases on enough titles
	for _, t := range titles {
		ws = appendWords(ws[:0], t)
		var ends [maxPhraseWords + 1]int
		buf, ends = phraseKeys(words, ws, buf[:0])
		for k, e := range ends {
			if _, ok := count[string(buf[:e])]; e == 0 || !ok || !words.isFeature(ws[k]) {
				continue
			}
			key := string(buf[:e])
			if followers[key] == nil {
				followers[key] = map[string]bool{}
			}
			followers[key][strings.ToLower(ws[k])] = true
		}
	}
	for key, next := range followers {
		if len(next) >= minPhraseFollowers {
			p.keys[key] = true
			first, _, _ := strings.Cut(key, " ")
			p.first[first] = true
		}
	}
	return p
}

// appendWords appends the words of s (split at white space) to ws, the
// first maxPhraseWords+1 of them: what a kind phrase and the word after
// it can take.
func appendWords(ws []string, s string) []string {
	for w := range strings.FieldsSeq(s) {
		if len(ws) > maxPhraseWords {
			break
		}
		ws = append(ws, w)
	}
	return ws
}

// phraseKeys appends to buf the key of the longest prefix of ws that may
// be a kind phrase and returns, indexed by length (1 to maxPhraseWords,
// and shorter than ws), the length of each prefix's key in buf: 0 where
// the prefix is none.
func phraseKeys(words *wordKinds, ws []string, buf []byte) (_ []byte, ends [maxPhraseWords + 1]int) {
	n := min(maxPhraseWords, len(ws)-1)
	var feature, closing [maxPhraseWords]bool
	last, content := 0, false
	for k := range n {
		feature[k] = words.isFeature(ws[k])
		closing[k] = content && !feature[k] && !strings.ContainsFunc(ws[k], unicode.IsDigit)
		if closing[k] {
			last = k + 1
		}
		content = content || feature[k]
	}
	for k := range last {
		if k > 0 {
			buf = append(buf, ' ')
		}
		buf = words.appendKey(buf, ws[k])
		if closing[k] {
			ends[k+1] = len(buf)
		}
	}
	return buf, ends
}

// Cut returns title without its longest kind phrase and the phrase's
// feature words, or title and nil when it starts with none (or nothing
// with a feature word would be left).
func (p KindPhrases) Cut(title string) (rest string, phrase []string) {
	if len(p.keys) == 0 {
		return title, nil
	}
	var first string
	for w := range strings.FieldsSeq(title) {
		first = w
		break
	}
	words := &wordKinds{tok: p.tok} // no scanning state shared between calls
	buf := words.appendKey(make([]byte, 0, 64), first)
	if !p.first[string(buf)] {
		return title, nil
	}
	ws := strings.Fields(title)
	buf, ends := phraseKeys(words, ws, buf[:0])
	for k := len(ends) - 1; k >= 1; k-- {
		if ends[k] == 0 || !p.keys[string(buf[:ends[k]])] {
			continue
		}
		rest = strings.Join(ws[k:], " ")
		if len(p.tok.Tokens(rest)) == 0 {
			return title, nil
		}
		return rest, p.tok.Tokens(strings.Join(ws[:k], " "))
	}
	return title, nil
}

// kindWords returns the kind words of each of one host's titles, given as
// their feature words after the kind phrase, and the share of the titles
// from which a word is boilerplate (CommonTo, commonRamp): left out here,
// the in-site frequency silences it anyway. A kind word starts (or ends)
// at least LabelShare of the titles of two words or more (and 3), and on
// at least two thirds of them its removal leaves the whole of another
// title of the host: the site names the kind of page it has on a subject
// it has other pages on. The Maxima manual's package chapters "draw-pkg",
// "gentran-pkg" (55 titles, 50 of them beside "Introduction to draw", …)
// have one. A word of a family of names is their subject and stays
// ("SPI_connect", "SPI_finish": 6 of PostgreSQL's 53; git's
// "git-merge-tree" beside "git-merge", 3 of its 6 "…-tree"). siteTitles
// looks for kind words only on hosts with kind phrases, sites that name
// kinds in their titles: elsewhere a two-thirds paradigm is rarer
// evidence (SQLite's syntax diagrams "insert-stmt" beside "INSERT", 20 of
// 29, are left as they are).
func kindWords(titles [][]string, boilerplate float64) [][]string {
	df := map[string]int{}
	for _, ws := range titles {
		for _, w := range ws {
			df[w]++
		}
	}
	boiler := func(w string) bool { return float64(df[w]) >= boilerplate*float64(len(titles)) }
	// ends returns the first and last words of ws that are not
	// boilerplate, and how many words are not.
	ends := func(ws []string) (lo, hi, n int) {
		lo, hi = -1, -1
		for k, w := range ws {
			if !boiler(w) {
				if lo < 0 {
					lo = k
				}
				hi, n = k, n+1
			}
		}
		return lo, hi, n
	}
	need := max(3, LabelShare*float64(len(titles)))
	firstN, lastN := map[string]int{}, map[string]int{}
	for _, ws := range titles {
		if lo, hi, n := ends(ws); n >= 2 {
			firstN[ws[lo]]++
			lastN[ws[hi]]++
		}
	}
	candidates := func(count map[string]int) {
		for w, n := range count {
			if float64(n) < need {
				delete(count, w)
			}
		}
	}
	candidates(firstN)
	candidates(lastN)
	if len(firstN) == 0 && len(lastN) == 0 {
		return nil
	}
	// subject is a title's words that are not boilerplate, without the
	// one at index skip.
	subject := func(ws []string, skip int) string {
		var b strings.Builder
		size := 0
		for _, w := range ws {
			size += len(w) + 1
		}
		b.Grow(size)
		for k, w := range ws {
			if k != skip && !boiler(w) {
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w)
			}
		}
		return b.String()
	}
	whole := make(map[string]bool, len(titles))
	for _, ws := range titles {
		whole[subject(ws, -1)] = true
	}
	firstP, lastP := map[string]int{}, map[string]int{}
	for _, ws := range titles {
		lo, hi, n := ends(ws)
		if n < 2 {
			continue
		}
		if _, ok := firstN[ws[lo]]; ok && whole[subject(ws, lo)] {
			firstP[ws[lo]]++
		}
		if _, ok := lastN[ws[hi]]; ok && whole[subject(ws, hi)] {
			lastP[ws[hi]]++
		}
	}
	kind := func(count, paradigm map[string]int, w string) bool {
		n, ok := count[w]
		return ok && 3*paradigm[w] >= 2*n
	}
	out := make([][]string, len(titles))
	for k, ws := range titles {
		lo, hi, n := ends(ws)
		if n < 2 {
			continue
		}
		if kind(firstN, firstP, ws[lo]) {
			out[k], n = append(out[k], ws[lo]), n-1
		}
		if n >= 2 && kind(lastN, lastP, ws[hi]) {
			out[k] = append(out[k], ws[hi])
		}
	}
	return out
}
