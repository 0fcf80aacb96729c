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
	counts := make(map[uint64]int32, len(text)/16)
	if words := shingleCounts(text, counts); words < MinWords {
		return 0, false
	}
	// Counter i is (weight of the shingles with bit i set) minus (weight
	// of the others) = 2·set[i] − total, so only set bits are summed.
	var set bitCounters
	total := int64(0)
	for h, n := range counts {
		w := uint32(bits.Len32(uint32(n))) // 1 + ⌊log2 n⌋, integer so the sum is exact in any order
		set.add(h, w)
		total += int64(w)
	}
	set.flush()
	for i := range 64 {
		if 2*set.sum[i] > total {
			fp |= 1 << i
		}
	}
	return fp, true
}

// shingleCounts counts in counts how often each distinct shingle of text
// occurs, by hash, and returns the number of words in text.
func shingleCounts(text string, counts map[uint64]int32) int {
	var win [ShingleSize]uint64 // hashes of the last words, a ring
	n := 0
	forEachWord(text, func(h uint64) {
		win[n%ShingleSize] = h
		n++
		if n >= ShingleSize {
			counts[shingle(win, n)]++
		}
	})
	return n
}

// shingle combines the ring's words in text order (the oldest first).
func shingle(win [ShingleSize]uint64, words int) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for i := range ShingleSize {
		h = mix(h ^ win[(words+i)%ShingleSize])
	}
	return h
}

// bitCounters sums, per bit of a 64-bit hash, the weights of the hashes
// that have it set. It adds a hash in 8 steps instead of 64: byte k of the
// hash selects, from spread, a word whose 8 byte lanes are that byte's 8
// bits, and lanes[k] accumulates it times the weight. A lane holds at most
// 255, so the lanes are flushed into sum before the pending weight could
// pass that.
type bitCounters struct {
	lanes   [8]uint64
	pending uint32 // weight added to the lanes since the last flush
	sum     [64]int64
}

// spread[b] has byte lane j set to 1 when bit j of b is set.
var spread = func() (t [256]uint64) {
	for b := range 256 {
		for j := range 8 {
			if b&(1<<j) != 0 {
				t[b] |= 1 << (8 * j)
			}
		}
	}
	return t
}()

// add adds w (at most 255) to the counter of every bit h has set.
func (c *bitCounters) add(h uint64, w uint32) {
	if c.pending+w > 255 {
		c.flush()
	}
	c.pending += w
	for k := range 8 {
		c.lanes[k] += spread[byte(h>>(8*k))] * uint64(w)
	}
}

// flush moves the lanes' counts into sum: lane j of lanes[k] counts bit
// 8k+j.
func (c *bitCounters) flush() {
	for k, l := range c.lanes {
		for j := range 8 {
			c.sum[8*k+j] += int64(byte(l >> (8 * j)))
		}
		c.lanes[k] = 0
	}
	c.pending = 0
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
