package dedup

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"
)

// referenceSimHash is SimHash as its comment defines it, written the plain
// way: one signed counter per bit, plus the weight for a set bit and minus
// it for a clear one. SimHash sums only the set bits; both must agree on
// every input.
func referenceSimHash(text string) (uint64, bool) {
	counts := map[uint64]int32{} // the words and shingles are not what this checks
	if words := shingleCounts(text, counts); words < MinWords {
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

func TestSimHashMatchesReference(t *testing.T) {
	texts := []string{
		"The quick brown fox jumps over the lazy dog again and again",
		strings.Repeat("score line 1 2 3 ", 400) + "and a closing sentence with words enough",
		strings.Repeat("the same three words ", 7),
		"Ünïcödé wörds ünd mörë wörds für däs tëst hïer ünd dört",
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
