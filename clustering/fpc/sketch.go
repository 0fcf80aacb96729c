package fpc

import (
	"math"
	"math/bits"
)

// Set features are compared through bitsets ("sketches"): element h sets
// bit h mod m of its set's sketch, and the sizes the smoothed Jaccard needs
// are estimated from bit counts by linear counting (Whang, Vander-Zanden,
// Taylor 1990): n bits set of m estimate −m·ln(1 − n/m) elements, which
// corrects for elements that share a bit. Then |S1| and |S2| come from each
// sketch's own count (taken once, at extraction), |S1∪S2| from the count of
// the ORed sketches (|s1| + |s2| − |s1∧s2|, so one AND and popcount step
// a word) and |S1∩S2| = |S1| + |S2| − |S1∪S2|. Without that correction
// two unrelated pages' class/id sets overlap by about a tenth.
//
// Each set has its own sketch size m (setSketchWords) and sample cap k
// (setSampleCap = 3m/8, the bottom-k elements: a uniform sample, since
// they are hashes; both sides of a comparison are sampled alike, so common
// elements survive in both). The sizes follow how large each set
// typically is and how much it weighs — class/id values are the largest
// (1024 bits), links, anchor and short texts and script files next (512),
// stylesheets (few, but weighty), function and image names (256) — and the shared k/m ratio bounds
// every sketch's load, so that the estimates stay in linear counting's
// accurate range. TestSketchAccuracy measures the error of the sketched
// smoothed Jaccard against the exact one on the testdata page pairs.
var setSketchWords = [numSets]int{
	SetTagAttr:   16,
	SetLinks:     8,
	SetCSS:       4,
	SetJS:        8,
	SetJSFunc:    4,
	SetAnchors:   8,
	SetShortText: 8,
	SetImages:    4,
}

// setWordOff[i] is the first word of set i in a setBits.
var setWordOff = func() (off [numSets + 1]int) {
	for i, n := range setSketchWords {
		off[i+1] = off[i] + n
	}
	return off
}()

// setSampleCap[i] is the bottom-k sample size of set i: 3/8 of its bits.
var setSampleCap = func() (k [numSets]int) {
	for i, n := range setSketchWords {
		k[i] = n * 64 * 3 / 8
	}
	return k
}()

// setBitsWords is the words of all eight sketches (60), rounded up to a
// power of two so that indexes need no bounds checks.
const setBitsWords = 64

// setBits holds the eight sketches back to back, set i in words
// setWordOff[i] to setWordOff[i+1].
type setBits [setBitsWords]uint64

// add sets the bit of hash h in set i's sketch.
func (s *setBits) add(i int, h uint64) {
	b := h % uint64(setSketchWords[i]*64)
	s[(setWordOff[i]+int(b/64))&(setBitsWords-1)] |= 1 << (b % 64)
}

// intersectionsGo returns |a_i∩b_i| for the eight sets, on the sketches:
// the popcounts of the ANDed words, written out for the layout of
// setSketchWords (TestIntersectionsLayout checks the two agree) so that
// the 60 steps run without loop or bounds checks. It is intersections on
// CPUs without POPCNT and on other architectures.
func intersectionsGo(a, b *setBits) (in [numSets]int) {
	in[SetTagAttr] = bits.OnesCount64(a[0]&b[0]) + bits.OnesCount64(a[1]&b[1]) +
		bits.OnesCount64(a[2]&b[2]) + bits.OnesCount64(a[3]&b[3]) +
		bits.OnesCount64(a[4]&b[4]) + bits.OnesCount64(a[5]&b[5]) +
		bits.OnesCount64(a[6]&b[6]) + bits.OnesCount64(a[7]&b[7]) +
		bits.OnesCount64(a[8]&b[8]) + bits.OnesCount64(a[9]&b[9]) +
		bits.OnesCount64(a[10]&b[10]) + bits.OnesCount64(a[11]&b[11]) +
		bits.OnesCount64(a[12]&b[12]) + bits.OnesCount64(a[13]&b[13]) +
		bits.OnesCount64(a[14]&b[14]) + bits.OnesCount64(a[15]&b[15])
	in[SetLinks] = bits.OnesCount64(a[16]&b[16]) + bits.OnesCount64(a[17]&b[17]) +
		bits.OnesCount64(a[18]&b[18]) + bits.OnesCount64(a[19]&b[19]) +
		bits.OnesCount64(a[20]&b[20]) + bits.OnesCount64(a[21]&b[21]) +
		bits.OnesCount64(a[22]&b[22]) + bits.OnesCount64(a[23]&b[23])
	in[SetCSS] = bits.OnesCount64(a[24]&b[24]) + bits.OnesCount64(a[25]&b[25]) +
		bits.OnesCount64(a[26]&b[26]) + bits.OnesCount64(a[27]&b[27])
	in[SetJS] = bits.OnesCount64(a[28]&b[28]) + bits.OnesCount64(a[29]&b[29]) +
		bits.OnesCount64(a[30]&b[30]) + bits.OnesCount64(a[31]&b[31]) +
		bits.OnesCount64(a[32]&b[32]) + bits.OnesCount64(a[33]&b[33]) +
		bits.OnesCount64(a[34]&b[34]) + bits.OnesCount64(a[35]&b[35])
	in[SetJSFunc] = bits.OnesCount64(a[36]&b[36]) + bits.OnesCount64(a[37]&b[37]) +
		bits.OnesCount64(a[38]&b[38]) + bits.OnesCount64(a[39]&b[39])
	in[SetAnchors] = bits.OnesCount64(a[40]&b[40]) + bits.OnesCount64(a[41]&b[41]) +
		bits.OnesCount64(a[42]&b[42]) + bits.OnesCount64(a[43]&b[43]) +
		bits.OnesCount64(a[44]&b[44]) + bits.OnesCount64(a[45]&b[45]) +
		bits.OnesCount64(a[46]&b[46]) + bits.OnesCount64(a[47]&b[47])
	in[SetShortText] = bits.OnesCount64(a[48]&b[48]) + bits.OnesCount64(a[49]&b[49]) +
		bits.OnesCount64(a[50]&b[50]) + bits.OnesCount64(a[51]&b[51]) +
		bits.OnesCount64(a[52]&b[52]) + bits.OnesCount64(a[53]&b[53]) +
		bits.OnesCount64(a[54]&b[54]) + bits.OnesCount64(a[55]&b[55])
	in[SetImages] = bits.OnesCount64(a[56]&b[56]) + bits.OnesCount64(a[57]&b[57]) +
		bits.OnesCount64(a[58]&b[58]) + bits.OnesCount64(a[59]&b[59])
	return in
}

// lcEntry is the linear-count estimate −m·ln(1 − n/m) of a bit count n of
// an m-bit sketch (n = m, a full sketch, is estimated as n = m − ½), and
// 1/(estimate + 1), the smoothed Jaccard's divisor when the count is a
// union's.
type lcEntry struct{ size, inv float64 }

// lcSlots is the size of lcTable: a power of two, so that its indexes need
// no bounds checks.
const lcSlots = 2048

// lcTable holds the entries for every bit count of each sketch size, the
// table of set i from lcBase[i] (sets of one size share it).
var lcTable, lcBase = func() (t [lcSlots]lcEntry, base [numSets]int) {
	var start [17]int // by sketch words; 0: not laid out yet
	next := 0
	for i, w := range setSketchWords {
		if start[w] == 0 {
			start[w] = next + 1
			m := float64(w * 64)
			for n := range w*64 + 1 {
				size := -m * math.Log1p(-min(float64(n), m-0.5)/m)
				t[next+n] = lcEntry{size, 1 / (size + 1)}
			}
			next += w*64 + 1
		}
		base[i] = start[w] - 1
	}
	if next > lcSlots {
		panic("fpc: lcSlots too small for setSketchWords")
	}
	return t, base
}()

// setLC returns the lcTable entry of n bits set in set i's sketch.
func setLC(i, n int) *lcEntry { return &lcTable[(lcBase[i&(numSets-1)]+n)&(lcSlots-1)] }

// sketch fills f.bits, f.nbits, f.sizes and f.lcAt from f.Sets and f.layers from
// f.Layers: the compact forms the similarities read.
func (f *Features) sketch() {
	f.index()
	f.bits = setBits{}
	for i, s := range f.Sets {
		for _, h := range s {
			f.bits.add(i, h)
		}
	}
	f.nbits = intersections(&f.bits, &f.bits)
	for i, n := range f.nbits {
		f.sizes[i] = setLC(i, n).size
		f.lcAt[i] = lcBase[i] + n
	}
}
