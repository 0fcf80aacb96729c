package fpc

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/net/html"
)

// The eight set features, in order.
const (
	SetTagAttr   = iota // tag.attribute=value, e.g. div.class=post
	SetLinks            // link URLs (path only, no query)
	SetCSS              // stylesheet file names
	SetJS               // script file names
	SetJSFunc           // JavaScript function names
	SetAnchors          // anchor texts
	SetShortText        // short text nodes (≤ 24 bytes)
	SetImages           // image file names
	numSets
)

// maxDepth bounds the layered vector; deeper nodes count in the last layer.
const maxDepth = 48

// Features are the nine features of one page.
type Features struct {
	Layers [][]tagFreq       // per depth: tag-name frequencies, sorted by tag, unit length
	Sets   [numSets][]uint64 // sorted hashed set elements
	bits   setBits           // the same sets as bitsets, for the similarities
	nbits  [numSets]int      // bits set in each set's bitset
	sizes  [numSets]float64  // each set's size as estimated from its bitset
	lcAt   [numSets]int      // lcBase + nbits: lcTable indexes start here
	layers layerIndex        // Layers as bitmasks and packed weights
	mem    centreMem         // a centre's: the arrays Layers and Sets are cut from
}

// centreMem holds the arrays a centre's layers and sets are cut from, for
// the accumulator to derive its next centre in them (centre.go).
type centreMem struct {
	tfs   []tagFreq
	elems []uint64
}

// unit scales a layer to unit length: the cosine of two layers is then
// their dot product (the frequencies keep their proportions; cosine does
// not see the scale).
func unit(layer []tagFreq) []tagFreq {
	var n float64
	for _, x := range layer {
		n += x.Freq * x.Freq
	}
	if n == 0 {
		return layer
	}
	n = math.Sqrt(n)
	for i := range layer {
		layer[i].Freq /= n
	}
	return layer
}

type tagFreq struct {
	Tag  uint64
	Freq float64
}

// Extract computes the features of a parsed page in one walk of its tree.
// The layers share one allocation, and so do the sets.
func Extract(doc *html.Node) *Features {
	w := walkers.Get().(*walker)
	defer walkers.Put(w)
	defer w.reset()
	w.nextPage()
	w.walk(doc, 0)
	n := 0
	for d := range w.depths {
		n += w.depths[d].distinct()
	}
	tfs := make([]tagFreq, n)
	f := &Features{Layers: make([][]tagFreq, len(w.depths))}
	for d := range w.depths {
		k := w.depths[d].distinct()
		w.depths[d].layer(tfs[:k])
		f.Layers[d] = unit(tfs[:k:k])
		tfs = tfs[k:]
	}
	n = 0
	var sets [numSets][]uint64 // views of w.sets, which keep their room
	for i, s := range w.sets { // distinct already (walker.put)
		sets[i] = smallestSorted(s, setSampleCap[i])
		n += len(sets[i])
	}
	elems := make([]uint64, n)
	for i, s := range sets {
		if len(s) > 0 {
			f.Sets[i] = elems[:len(s):len(s)]
			elems = elems[copy(elems, s):]
		}
	}
	f.sketch()
	return f
}

// ExtractAll extracts the features of many pages on all cores.
func ExtractAll(docs []*html.Node) []*Features {
	out := make([]*Features, len(docs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(docs)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(docs); i = int(next.Add(1)) - 1 {
				out[i] = Extract(docs[i])
			}
		})
	}
	wg.Wait()
	return out
}

// fnvOffset is the FNV-1a 64-bit offset basis.
const fnvOffset = uint64(14695981039346656037)

// fnvPrime is the FNV-1a 64-bit prime.
const fnvPrime = 1099511628211

// hashString is FNV-1a 64 of s, without allocating.
func hashString(s string) uint64 { return fnvAdd(fnvOffset, s) }

// fnvAdd continues the FNV-1a hash h over s, so hashing the parts of a
// string in turn gives the hash of the whole.
func fnvAdd(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// smallestSorted is bottomK of s sorted, s holding distinct hashes: when
// s has more than k, its k smallest are selected first (selectSmallest) and
// only they are sorted, not the whole set.
func smallestSorted(s []uint64, k int) []uint64 {
	if len(s) > k {
		selectSmallest(s, k)
		s = s[:k]
	}
	slices.Sort(s)
	return bottomK(s, k)
}

// selectSmallest reorders s so that its k smallest elements (0 < k <
// len(s)) come first, in no order: quickselect, the pivot the median of
// the first, middle and last elements of the part left.
func selectSmallest(s []uint64, k int) {
	lo, hi := 0, len(s)-1
	for hi-lo > 16 {
		mid := lo + (hi-lo)/2
		if s[mid] < s[lo] {
			s[mid], s[lo] = s[lo], s[mid]
		}
		if s[hi] < s[lo] {
			s[hi], s[lo] = s[lo], s[hi]
		}
		if s[hi] < s[mid] {
			s[hi], s[mid] = s[mid], s[hi]
		}
		p := s[mid] // s[lo] ≤ p ≤ s[hi]
		i, j := lo, hi
		for i <= j { // Hoare's partition: s[lo:i] ≤ p ≤ s[j+1:hi+1]
			for s[i] < p {
				i++
			}
			for s[j] > p {
				j--
			}
			if i <= j {
				s[i], s[j] = s[j], s[i]
				i, j = i+1, j-1
			}
		}
		switch {
		case k <= j: // the k smallest are all in s[lo:j+1]
			hi = j
		case k >= i: // s[:i] are among the k smallest
			lo = i
		default: // j < k < i: s[:k] holds the k smallest
			return
		}
	}
	// A short part left: sort it, its first elements fill s[:k].
	slices.Sort(s[lo : hi+1])
}

// bottomK keeps a sorted set's k smallest hashes (setSampleCap, sketch.go):
// a uniform sample of the elements, since they are hashes, so a page with
// thousands of links costs no more to compare than one with a few hundred.
func bottomK(s []uint64, k int) []uint64 {
	if len(s) > k {
		return s[:k:k]
	}
	return s
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
