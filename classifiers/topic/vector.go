package topic

import (
	"math"
	"slices"
	"unsafe"
)

// maxKeptText bounds the joined text a scratch keeps between pages.
const maxKeptText = 1 << 20

// Vector is a sparse, L2-normalised term vector in the feature space of the
// Model that made it; vectors of different models do not mix. The zero
// Vector (a page with no feature term) has cosine 0 with everything.
type Vector struct {
	idx []int32   // feature indexes, ascending
	val []float64 // weights, Σ val² = 1
	// words is every word of the text, hashed (relevance, relevance.go);
	// only in the vectors of page contents (Model.Vector).
	words bag
}

// Len returns how many feature terms the vector holds.
func (v Vector) Len() int { return len(v.idx) }

// scratch is the reusable working memory of one vectorisation.
type scratch struct {
	counts  []float64 // dense, len = number of features, all zero between uses
	touched []int32
	table   *termTable
	words   []uint32 // every word's hash, when collecting (collect)
	sortBuf []uint32 // bagOfTmp's buffer
	collect bool
	add     func(term string) // counts a term; bound to this scratch once
	hash    uint32            // the wordHash of the term add was last given
	text    []byte            // vectorOfTexts' joined texts

	// A new link's word features (Hook.linkText): the feature ids of its
	// words after prefix, and the functions that add them, bound once.
	linkIDs []uint32
	prefix  string
	addLink func(term string)
	addStem func(term string)
}

func newScratch(table *termTable) *scratch {
	sc := &scratch{counts: make([]float64, len(table.terms)), table: table}
	sc.add = func(t string) {
		h := wordHash(t) // one hash for the word's id and its feature
		sc.hash = h
		if sc.collect {
			sc.words = append(sc.words, h&wordMask)
		}
		tb := sc.table
		j := h & tb.mask
		if tb.slots[j].idx < 0 { // most words: not a feature, an empty slot
			return
		}
		i, ok := tb.findFrom(t, h, j)
		if !ok {
			return
		}
		if sc.counts[i] == 0 {
			sc.touched = append(sc.touched, i)
		}
		sc.counts[i]++
	}
	return sc
}

// termTable maps a feature term to its index by the term's wordHash, the
// hash every word of a page gets for its relevance id anyway: an open
// addressing table at most a quarter full, so that most words of a page,
// which are not features, cost one probe of an empty slot and no string
// hashing or comparison.
type termTable struct {
	slots []termSlot
	mask  uint32
	terms []string
}

type termSlot struct {
	hash uint32
	idx  int32 // -1: empty
}

func newTermTable(terms []string) *termTable {
	n := 16
	for n < 4*len(terms) {
		n *= 2
	}
	t := &termTable{slots: make([]termSlot, n), mask: uint32(n - 1), terms: terms}
	for i := range t.slots {
		t.slots[i].idx = -1
	}
	for i, term := range terms {
		h := wordHash(term)
		j := h & t.mask
		for t.slots[j].idx >= 0 {
			j = (j + 1) & t.mask
		}
		t.slots[j] = termSlot{hash: h, idx: int32(i)}
	}
	return t
}

// find returns the index of term, whose wordHash is h.
func (t *termTable) find(term string, h uint32) (int32, bool) {
	return t.findFrom(term, h, h&t.mask)
}

// findFrom is find from slot j, h's first.
func (t *termTable) findFrom(term string, h, j uint32) (int32, bool) {
	for ; ; j = (j + 1) & t.mask {
		sl := t.slots[j]
		if sl.idx < 0 {
			return 0, false
		}
		if sl.hash == h && t.terms[sl.idx] == term {
			return sl.idx, true
		}
	}
}

// vector builds the normalised vector of s in m's feature space. It scans
// with stop words kept (they are never features) and without building a
// slice of terms. With words, the vector also carries the bag of every
// word of s (relevance; stop words included: their document frequency
// gives them no weight).
func (m *Model) vector(s string, words bool) Vector {
	sc := m.pool.Get().(*scratch)
	sc.collect = words
	m.scan.Scan(s, sc.add)
	v := m.gather(sc)
	if words {
		v.words, sc.sortBuf = bagOfTmp(sc.words, sc.sortBuf)
		sc.words = sc.words[:0]
	}
	m.pool.Put(sc)
	return v
}

// vectorOfTexts is vector of texts joined by spaces, each handed to the
// yield function texts calls. They are joined in the scratch's buffer,
// not a new string, and scanned at once (one Scan a text would give the
// same terms, no term crossing a space, but a lowering buffer each).
func (m *Model) vectorOfTexts(texts func(yield func(string)), words bool) Vector {
	sc := m.pool.Get().(*scratch)
	sc.collect = words
	buf := sc.text[:0]
	texts(func(s string) {
		if len(buf) > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, s...)
	})
	m.scan.Scan(unsafe.String(unsafe.SliceData(buf), len(buf)), sc.add) // terms are not kept past add
	sc.text = buf[:0]
	if cap(buf) > maxKeptText {
		sc.text = nil
	}
	v := m.gather(sc)
	if words {
		v.words, sc.sortBuf = bagOfTmp(sc.words, sc.sortBuf)
		sc.words = sc.words[:0]
	}
	m.pool.Put(sc)
	return v
}

// gather turns the counts of sc into a weighted, normalised Vector and
// resets sc.
func (m *Model) gather(sc *scratch) Vector {
	slices.Sort(sc.touched)
	v := Vector{idx: make([]int32, len(sc.touched)), val: make([]float64, len(sc.touched))}
	var ss float64
	for k, i := range sc.touched {
		w := sc.counts[i]
		if m.idf != nil {
			w *= m.idf[i]
		}
		sc.counts[i] = 0
		v.idx[k], v.val[k] = i, w
		ss += w * w
	}
	sc.touched = sc.touched[:0]
	if ss == 0 {
		return Vector{}
	}
	inv := 1 / math.Sqrt(ss)
	for k := range v.val {
		v.val[k] *= inv
	}
	return v
}

// dot is the dot product of a sparse and a dense vector.
func dot(v Vector, d []float64) float64 {
	var s float64
	for k, i := range v.idx {
		s += v.val[k] * d[i]
	}
	return s
}

// norm is the L2 norm of a dense vector.
func norm(d []float64) float64 {
	var s float64
	for _, x := range d {
		s += x * x
	}
	return math.Sqrt(s)
}

// cosDense is the cosine of two dense vectors (0 when one is zero).
func cosDense(a, b []float64) float64 {
	na, nb := norm(a), norm(b)
	if na == 0 || nb == 0 {
		return 0
	}
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s / (na * nb)
}

// dense returns v as a dense vector of n features.
func (v Vector) dense(n int) []float64 {
	d := make([]float64, n)
	for k, i := range v.idx {
		d[i] = v.val[k]
	}
	return d
}
