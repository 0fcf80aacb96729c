package fpc

import "math/bits"

// sketchBits is the size of the bitset a set feature is compared through:
// element h sets bit h mod sketchBits. Sets and their intersections are
// counted on the bitsets (a set's own count once, at extraction), so a
// set similarity is 16 AND and popcount steps instead of a merge of two sorted lists of up to setSample hashes.
// Two different elements share a bit with probability 1/1024: a page's
// typical set (tens to a few hundred elements) loses a few per cent of its
// elements to collisions, and unrelated sets gain about as much overlap —
// the price of a page-pair similarity that costs under a microsecond.
const sketchBits = 1024

const sketchWords = sketchBits / 64

// sketch is a set feature as a bitset.
type sketch [sketchWords]uint64

func newSketch(s []uint64) sketch {
	var k sketch
	for _, h := range s {
		b := h % sketchBits
		k[b/64] |= 1 << (b % 64)
	}
	return k
}

// and returns |a∩b| on the bitsets.
func (a *sketch) and(b *sketch) int {
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] & b[i])
	}
	return n
}

func (a *sketch) count() int {
	n := 0
	for _, w := range a {
		n += bits.OnesCount64(w)
	}
	return n
}

// sketch fills f.bits and f.counts from f.Sets.
func (f *Features) sketch() {
	for i, s := range f.Sets {
		f.bits[i] = newSketch(s)
		f.counts[i] = int32(f.bits[i].count())
	}
}
