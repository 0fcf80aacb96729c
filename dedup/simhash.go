package dedup

import (
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// ShingleSize is the number of consecutive words in a shingle.
const ShingleSize = 3

// MinWords is the fewest words a text needs for a meaningful SimHash:
// below it SimHash reports ok false (two near-empty pages are not
// near-duplicates in any useful sense).
const MinWords = 8

// SimHash returns the 64-bit SimHash of text: each distinct shingle of
// ShingleSize consecutive words (lower-cased runs of letters and digits,
// every number counted as the same word) is hashed to 64 bits and adds its
// weight to the counters of the bits its hash has set and subtracts it
// from the others; bit i of the result is set when counter i ends
// positive. A shingle occurring n times weighs 1 + ⌊log2 n⌋: repeated
// boilerplate (score lines, table rows) counts, but cannot drown the text.
// ok is false when text has fewer than MinWords words.
func SimHash(text string) (fp uint64, ok bool) {
	var win [ShingleSize]uint64 // hashes of the last words, a ring
	words := 0
	counts := make(map[uint64]int32, len(text)/16)
	forEachWord(text, func(h uint64) {
		win[words%ShingleSize] = h
		words++
		if words >= ShingleSize {
			counts[shingle(win, words)]++
		}
	})
	if words < MinWords {
		return 0, false
	}
	var v [64]int32
	for h, n := range counts {
		add(&v, h, int32(bits.Len32(uint32(n)))) // 1 + ⌊log2 n⌋, integer so the sum is exact in any order
	}
	for i := range 64 {
		if v[i] > 0 {
			fp |= 1 << i
		}
	}
	return fp, true
}

// shingle combines the ring's words in text order (the oldest first).
func shingle(win [ShingleSize]uint64, words int) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for i := range ShingleSize {
		h = mix(h ^ win[(words+i)%ShingleSize])
	}
	return h
}

func add(v *[64]int32, h uint64, w int32) {
	for i := range 64 {
		if h&(1<<i) != 0 {
			v[i] += w
		} else {
			v[i] -= w
		}
	}
}

// numberWord is the hash every all-digit word gets: numbers (dates, page
// counters, ids) are what near-duplicate pages differ in, not their text.
const numberWord = 0x6e756d626572

// forEachWord calls fn with the FNV-1a hash of each lower-cased word, and
// numberWord for each word of digits only.
func forEachWord(text string, fn func(uint64)) {
	const offset, prime = 14695981039346656037, 1099511628211
	h, in, digits := uint64(offset), false, true
	end := func() {
		if digits {
			h = numberWord
		}
		fn(h)
		h, in, digits = offset, false, true
	}
	for i := 0; i < len(text); {
		r, n := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[i:])
		}
		i += n
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			digits = digits && '0' <= r && r <= '9'
			r = unicode.ToLower(r)
			for ; r > 0; r >>= 8 {
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

// mix is the splitmix64 finaliser: every input bit moves every output bit.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Distance is the Hamming distance of two fingerprints.
func Distance(a, b uint64) int { return bits.OnesCount64(a ^ b) }
