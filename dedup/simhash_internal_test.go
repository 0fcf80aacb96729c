package dedup

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"
	"unicode"
)

// referenceSimHash is SimHash as its comment defines it, written the plain
// way: words split and lower-cased by package unicode alone, shingles
// counted in a map, and one signed counter per bit, plus the weight for a
// set bit and minus it for a clear one. SimHash reads ASCII through a
// table, counts in its own table and sums only the set bits; both must
// agree on every input.
func referenceSimHash(text string) (uint64, bool) {
	counts := map[uint64]int32{}
	if words := referenceShingleCounts(text, counts); words < MinWords {
		return 0, false
	}
	var v [64]int64
	for h, n := range counts {
		w := int64(bits.Len32(uint32(n)))
		for i := range 64 {
			if h&(1<<i) != 0 {
				v[i] += w
			} else {
				v[i] -= w
			}
		}
	}
	var fp uint64
	for i := range 64 {
		if v[i] > 0 {
			fp |= 1 << i
		}
	}
	return fp, true
}

// referenceShingleCounts counts in counts how often each distinct
// shingle of text occurs, by hash, and returns the number of words.
func referenceShingleCounts(text string, counts map[uint64]int32) int {
	var win [ShingleSize]uint64 // hashes of the last words, a ring
	n := 0
	referenceWords(text, func(h uint64) {
		win[n%ShingleSize] = h
		n++
		if n >= ShingleSize {
			h := uint64(0x9e3779b97f4a7c15)
			for i := range ShingleSize {
				h = mix(h ^ win[(n+i)%ShingleSize])
			}
			counts[h]++
		}
	})
	return n
}

// referenceWords calls fn with the FNV-1a hash of each lower-cased word
// (each rune's bytes from the lowest), and numberWord for each word of
// digits only.
func referenceWords(text string, fn func(uint64)) {
	const offset, prime = 14695981039346656037, 1099511628211
	h, in, digits := uint64(offset), false, true
	end := func() {
		if digits {
			h = numberWord
		}
		fn(h)
		h, in, digits = offset, false, true
	}
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			digits = digits && '0' <= r && r <= '9'
			for r = unicode.ToLower(r); r > 0; r >>= 8 {
				h = (h ^ uint64(r&0xff)) * prime
			}
			in = true
			continue
		}
		if in {
			end()
		}
	}
	if in {
		end()
	}
}

func TestSimHashMatchesReference(t *testing.T) {
	texts := []string{
		"The quick brown fox jumps over the lazy dog again and again",
		strings.Repeat("score line 1 2 3 ", 400) + "and a closing sentence with words enough",
		strings.Repeat("the same three words ", 7),
		"Ünïcödé wörds ünd mörë wörds für däs tëst hïer ünd dört",
		"MiXeD CaSe Words 2024 and 12ab with snake_case x-y ٣٤ digits \xff\xfe broken UTF-8 ÄÖÜ Straße İstanbul ǅ end",
		"one two three four five six seven", // MinWords - 1 words
		"1 2 3 4 5 6 7 8 9 10 11 12",        // numbers only: one word repeated
	}
	var many strings.Builder // over 255 distinct shingles: the lanes flush mid-text
	for i := range 3000 {
		fmt.Fprintf(&many, "w%d x%d ", i*7919%1000, i%13)
	}
	texts = append(texts, many.String())
	for i := range 200 {
		texts = append(texts, strings.Repeat("word"+strings.Repeat("x", i%17)+" other text here ", 1+i))
	}
	for _, s := range texts {
		got, ok := SimHash(s)
		want, wantOK := referenceSimHash(s)
		if got != want || ok != wantOK {
			t.Errorf("SimHash(%.40q…) = %016x %v, reference %016x %v", s, got, ok, want, wantOK)
		}
	}
}

func FuzzSimHashReference(f *testing.F) {
	f.Add("The quick brown fox jumps over the lazy dog again and again")
	f.Add(strings.Repeat("a b c ", 50))
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := SimHash(s)
		want, wantOK := referenceSimHash(s)
		if got != want || ok != wantOK {
			t.Fatalf("SimHash(%q) = %016x %v, reference %016x %v", s, got, ok, want, wantOK)
		}
	})
}

// TestSimHashOfMatchesJoined: SimHashOf(a, b, …) is SimHash of the texts
// joined by spaces, words at the joins included.
func TestSimHashOfMatchesJoined(t *testing.T) {
	parts := [][]string{
		{"Title of the page", "and its text with words enough to count here"},
		{"", "one two three four five six seven eight"},
		{"word", "split", "across", "parts", "of", "the", "text", "here", "again"},
		{"ünïcödé títle", "wörds 123 and 4 5 6 more words follow here"},
		{"a", ""},
	}
	for _, p := range parts {
		got, ok := SimHashOf(p...)
		want, wantOK := SimHash(strings.Join(p, " "))
		if got != want || ok != wantOK {
			t.Errorf("SimHashOf(%q) = %016x %v, SimHash of the joined text %016x %v", p, got, ok, want, wantOK)
		}
	}
}

func FuzzSimHashOf(f *testing.F) {
	f.Add("The quick brown", "fox jumps over the lazy dog again and again")
	f.Fuzz(func(t *testing.T, a, b string) {
		got, ok := SimHashOf(a, b)
		want, wantOK := referenceSimHash(a + " " + b)
		if got != want || ok != wantOK {
			t.Fatalf("SimHashOf(%q, %q) = %016x %v, reference of the joined text %016x %v", a, b, got, ok, want, wantOK)
		}
	})
}
