package dedup

import (
	"math/bits"
	"sync"
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
// ok is false when text has fewer than MinWords words. Safe for
// concurrent use.
func SimHash(text string) (fp uint64, ok bool) { return SimHashOf(text) }

// SimHashOf is the SimHash of texts joined by spaces, without joining
// them (a page's title and text, say).
func SimHashOf(texts ...string) (fp uint64, ok bool) {
	s, _ := scratchPool.Get().(*scratch)
	if s == nil {
		s = &scratch{}
	}
	defer s.release()
	s.words = s.words[:0]
	for _, t := range texts {
		s.words = appendWordHashes(s.words, t)
	}
	if len(s.words) < MinWords {
		return 0, false
	}
	s.countShingles()
	// Counter i is (weight of the shingles with bit i set) minus (weight
	// of the others) = 2·set[i] − total, so only set bits are summed.
	var set bitCounters
	total := int64(0)
	if s.zero > 0 { // the shingle hashed to 0 sets no bit
		total += int64(bits.Len32(uint32(s.zero)))
	}
	for i, h := range s.keys {
		if h != 0 {
			w := uint32(bits.Len32(uint32(s.counts[i]))) // 1 + ⌊log2 n⌋, integer so the sum is exact in any order
			set.add(h, w)
			total += int64(w)
		}
	}
	set.flush()
	for i := range 64 {
		if 2*set.sum[i] > total {
			fp |= 1 << i
		}
	}
	return fp, true
}

// scratch is one SimHash's buffers: the words' hashes and a table of
// shingle counts, kept in scratchPool between calls.
type scratch struct {
	words  []uint64 // the text's word hashes, in order
	keys   []uint64 // the table's shingle hashes, 0 for an empty slot
	counts []int32  // the table's counts, beside keys
	zero   int32    // how often the shingle hashed to 0 (the empty slot's key) occurs
}

var scratchPool sync.Pool

// maxKeptWords bounds the buffers a scratch keeps for the next call: a
// huge page's do not stay in the pool.
const maxKeptWords = 1 << 16

func (s *scratch) release() {
	if cap(s.words) <= maxKeptWords && cap(s.keys) <= 4*maxKeptWords {
		scratchPool.Put(s)
	}
}

// countShingles counts each distinct shingle of s.words in s.keys and
// s.counts: open addressing with linear probing on the shingle hash itself
// (mixed, so its low bits index the table), at most half full.
func (s *scratch) countShingles() {
	n := len(s.words) - ShingleSize + 1 // shingles
	size := 1 << bits.Len(uint(2*n-1))  // the power of two ≥ 2n
	if cap(s.keys) < size {
		s.keys, s.counts = make([]uint64, size), make([]int32, size)
	} else {
		s.keys, s.counts = s.keys[:size], s.counts[:size]
		clear(s.keys)
		clear(s.counts)
	}
	s.zero = 0
	mask := uint64(size - 1)
	w := s.words
	for j := ShingleSize - 1; j < len(w); j++ {
		h := shingle(w[j+1-ShingleSize : j+1])
		if h == 0 {
			s.zero++
			continue
		}
		i := h & mask
		for s.keys[i] != 0 && s.keys[i] != h {
			i = (i + 1) & mask
		}
		s.keys[i] = h
		s.counts[i]++
	}
}

// shingle combines ShingleSize word hashes in text order (the oldest
// first).
func shingle(words []uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, w := range words[:ShingleSize] {
		h = mix(h ^ w)
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

// appendWordHashes appends to dst the FNV-1a hash of each lower-cased
// word of text (a run of letters and digits; each rune's bytes from the
// lowest, so an ASCII letter is its lower-case byte), and numberWord for
// each word of ASCII digits only. ASCII is read through asciiWord, other
// runes through package unicode.
func appendWordHashes(dst []uint64, text string) []uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h, in, digits := uint64(offset), false, true
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			i++
			if l := asciiWord[c]; l != 0 {
				digits = digits && c-'0' < 10
				h = (h ^ uint64(l)) * prime
				in = true
				continue
			}
		} else {
			r, n := utf8.DecodeRuneInString(text[i:])
			i += n
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				digits = false
				for r = unicode.ToLower(r); r > 0; r >>= 8 {
					h = (h ^ uint64(r&0xff)) * prime
				}
				in = true
				continue
			}
		}
		if in {
			if digits {
				h = numberWord
			}
			dst = append(dst, h)
			h, in, digits = offset, false, true
		}
	}
	if in {
		if digits {
			h = numberWord
		}
		dst = append(dst, h)
	}
	return dst
}

// asciiWord maps an ASCII letter or digit to its lower-case byte, any
// other ASCII byte to 0 (unicode.IsLetter, IsDigit and ToLower on ASCII).
var asciiWord = func() (t [utf8.RuneSelf]byte) {
	for c := range byte(utf8.RuneSelf) {
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			t[c] = c
		case 'A' <= c && c <= 'Z':
			t[c] = c + 'a' - 'A'
		}
	}
	return t
}()

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
