package fpc

import (
	"encoding/binary"
	"slices"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A page's sets keep each element once (Extract sorts them and keeps the
// bottom k distinct), while a page repeats most of them many times: every
// <span class="pre"> of a documentation page gives the same tag.attribute
// element. The walk therefore keeps a set's elements distinct as it finds
// them (distinct: one open-addressing table over the eight sets), so that
// Extract sorts the distinct elements rather than every occurrence, and
// skips a class or id value it met on the page before (attrSeen: the
// elements of an equal tag, attribute and value are in the sets already).
// The features are the same: a set is the sorted distinct elements either
// way (TestExtractMatchesReference).

// distinct is a set of (set index, hash) pairs.
type distinct struct {
	slots []distinctSlot // a power of two long, at most half full
	used  []int32        // the slots taken, for reset
}

type distinctSlot struct {
	h   uint64
	set uint8 // the set's index + 1; 0: empty
}

// minDistinctSlots is the table's size at first.
const minDistinctSlots = 1024

// slotOf spreads a pair over the table's slots (the top bits are taken
// after the multiplication; the mask keeps what the table size needs).
func slotOf(i int, h uint64) uint64 {
	x := (h ^ uint64(i)<<56) * 0x9E3779B97F4A7C15
	return x>>32 ^ x
}

// grow doubles the table (or makes it) and puts the pairs back, each in
// the first free slot from its own: they are distinct already.
func (d *distinct) grow() {
	old := d.slots
	d.slots = make([]distinctSlot, max(minDistinctSlots, 2*len(old)))
	d.used = d.used[:0]
	mask := uint64(len(d.slots) - 1)
	for _, s := range old {
		if s.set == 0 {
			continue
		}
		k := slotOf(int(s.set-1), s.h) & mask
		for d.slots[k].set != 0 {
			k = (k + 1) & mask
		}
		d.slots[k] = s
		d.used = append(d.used, int32(k))
	}
}

// reset empties the table, keeping its room: the slots taken only (the
// table keeps the size of the largest page's sets).
func (d *distinct) reset() {
	for _, k := range d.used {
		d.slots[k] = distinctSlot{}
	}
	d.used = d.used[:0]
}

// put adds hash h to set i unless the page gave it already, or the set
// has k smaller ones (above: the page's set keeps its bottom k only).
// The bound is looked at here, inlined; the table in putNew.
func (w *walker) put(i int, h uint64) {
	if h <= w.above[i&(numSets-1)] {
		w.putNew(i, h)
	}
}

// putNew adds h to set i if the distinct table does not hold it yet. The
// table's probe is written here rather than in a method of distinct, so
// that an element costs one call.
func (w *walker) putNew(i int, h uint64) {
	d := &w.seen
	if 2*(len(d.used)+1) > len(d.slots) {
		d.grow()
	}
	mask := uint64(len(d.slots) - 1)
	tag := uint8(i + 1)
	for k := slotOf(i, h) & mask; ; k = (k + 1) & mask {
		s := &d.slots[k]
		if s.set == 0 {
			s.h, s.set = h, tag
			d.used = append(d.used, int32(k))
			break
		}
		if s.h == h && s.set == tag {
			return
		}
	}
	w.sets[i] = append(w.sets[i], h)
	if len(w.sets[i]) >= 2*setSampleCap[i] {
		w.cut(i)
	}
}

// cut keeps set i's k smallest elements (setSampleCap), as Extract would
// at the end, and lowers its bound above to the largest of them: an
// element above it cannot be among the page's bottom k any more (the k
// kept are smaller and distinct), so put lets it pass without a look-up
// in the distinct table. A Python docs page has thousands of distinct
// links, anchor texts and short texts; past 2k of a set, put looks only
// at the hashes under the bound, and the table and the final selection
// hold fewer. The features are the same (TestSetsMatchReference): the
// elements cut are greater than the k kept, and those under the bound
// are all kept and kept distinct as before.
func (w *walker) cut(i int) {
	k := setSampleCap[i]
	s := w.sets[i]
	selectSmallest(s, k)
	w.sets[i] = s[:k]
	w.above[i&(numSets-1)] = slices.Max(s[:k])
}

// attrSlots is the size of the table of class values met on the page
// (attrSeen), direct-mapped: a value whose slot another took is hashed
// again, which costs time only. (Id values are left out: each names one
// element, and they would push the class values out.)
const attrSlots = 1 << attrBits

// attrEntry is a class value met on the page (gen: the walker's page
// number), with its tag, and the value's words (valWords).
type attrEntry struct {
	lo, hi   uint64
	tag, val string
	gen      uint32
	atom     atom.Atom // the tag's
}

// attrSeen reports whether n's class value val was met on the page with
// n's tag before, and notes it. Values are compared by their words
// (valWords), which hold a value of up to 16 bytes whole: most class
// values are, and those need no call to compare their bytes, nor a read
// of the bytes of the value noted.
func (w *walker) attrSeen(n *html.Node, val string) bool {
	lo, hi := valWords(val)
	x := (lo*0x9E3779B97F4A7C15 ^ hi*0xC2B2AE3D27D4EB4F ^ uint64(len(val))<<32 ^ uint64(len(n.Data))) * 0x165667B19E3779F9
	e := &w.attrs[x>>(64-attrBits)]
	// Equal atoms are equal tag names; tags without one are compared whole.
	if e.gen == w.gen && e.lo == lo && e.hi == hi && len(e.val) == len(val) && e.atom == n.DataAtom &&
		(len(val) <= 16 || e.val == val) && (n.DataAtom != 0 || e.tag == n.Data) {
		return true
	}
	*e = attrEntry{lo, hi, n.Data, val, w.gen, n.DataAtom}
	return false
}

// attrBits is log2(attrSlots).
const attrBits = 9

// valWords returns two words that, with its length, tell a string of up
// to 16 bytes from every other: its first and last eight bytes (they
// overlap below 16), its first and last four below 8, its first, middle
// and last byte below 4 (then every byte). Of a longer string they are
// a digest.
func valWords(s string) (lo, hi uint64) {
	n := len(s)
	b := unsafe.Slice(unsafe.StringData(s), n)
	switch {
	case n >= 8:
		return binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		return uint64(binary.LittleEndian.Uint32(b)), uint64(binary.LittleEndian.Uint32(b[n-4:]))
	case n > 0:
		return uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16, 0
	}
	return 0, 0
}

// nextPage starts a new page's attrSeen table: entries of another
// generation count as empty.
func (w *walker) nextPage() {
	if w.gen++; w.gen == 0 { // wrapped: an entry could be taken for this page's
		w.attrs = [attrSlots]attrEntry{}
		w.gen = 1
	}
}
