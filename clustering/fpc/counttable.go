package fpc

import (
	"math/bits"
	"slices"
	"sync"
)

// MKmeans rebuilds a cluster's set accumulators from its members each
// round the membership changed (acc.rebuild): page after page, each set's
// elements counted and the rarest pruned past maxSetElems. Merging every
// page into a sorted accumulator costs a search per element and a move of
// the elements after each new one (half of a documentation page's
// elements are new to the cluster). countTable counts them in a hash
// table instead and sorts the survivors once at the end. The result is the
// same: pruning keeps the elements whose count is above the smallest k
// that leaves at most 3/4 of maxSetElems, which depends on the counts at
// that point only, not on how they are laid out.

// countTable counts set elements: open addressing, linear probing.
type countTable struct {
	slots []countSlot // a power of two long, at most half full
	used  []int32     // the slots taken
	keep  []countSlot // scratch for prune
	// buckets is sorted's scratch: where each bucket starts in the output.
	buckets []int32
}

type countSlot struct {
	e uint64
	n uint32 // 0: empty
}

var countTables = sync.Pool{New: func() any { return &countTable{slots: make([]countSlot, 8192)} }}

func (t *countTable) inc(e uint64, n uint32) {
	if 2*(len(t.used)+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for k := (e * 0x9E3779B97F4A7C15 >> 32) & mask; ; k = (k + 1) & mask {
		s := &t.slots[k]
		if s.n == 0 {
			s.e, s.n = e, n
			t.used = append(t.used, int32(k))
			return
		}
		if s.e == e {
			s.n += n
			return
		}
	}
}

// incAll counts each element of es once (inc(e, 1) for each in turn).
// The table is grown first to hold them all (the counts, not the table's
// layout, decide what is kept), and the loop holds the table in locals:
// a page's elements are counted without a call each.
func (t *countTable) incAll(es []uint64) {
	for 2*(len(t.used)+len(es)) > len(t.slots) {
		t.grow()
	}
	slots, used := t.slots, t.used
	mask := uint64(len(slots) - 1)
	for _, e := range es {
		for k := (e * 0x9E3779B97F4A7C15 >> 32) & mask; ; k = (k + 1) & mask {
			s := &slots[k]
			if s.n == 0 {
				s.e, s.n = e, 1
				used = append(used, int32(k))
				break
			}
			if s.e == e {
				s.n++
				break
			}
		}
	}
	t.used = used
}

// grow doubles the table and puts the counts back.
func (t *countTable) grow() {
	t.keep = t.keep[:0]
	for _, k := range t.used {
		t.keep = append(t.keep, t.slots[k])
	}
	t.slots = make([]countSlot, 2*len(t.slots))
	t.used = t.used[:0]
	for _, s := range t.keep {
		t.inc(s.e, s.n)
	}
}

// clear empties the table, keeping its room.
func (t *countTable) clear() {
	for _, k := range t.used {
		t.slots[k] = countSlot{}
	}
	t.used = t.used[:0]
}

// prune is setAcc.prune on the table: past maxSetElems elements, those
// counted k times or fewer are forgotten, for the smallest k ≥ 1 that
// leaves at most 3/4 of maxSetElems. The survivors of k = 1 are gathered
// in the pass that counts them (k = 1 is what a page's prune takes) and
// those of each next k from them, in the table's order; the table is then
// filled with them again in that order.
func (t *countTable) prune() {
	if len(t.used) <= maxSetElems {
		return
	}
	t.keep = t.keep[:0]
	for _, i := range t.used {
		if s := t.slots[i]; s.n > 1 {
			t.keep = append(t.keep, s)
		}
	}
	for k := uint32(2); len(t.keep) > maxSetElems*3/4; k++ {
		kept := t.keep[:0]
		for _, s := range t.keep {
			if s.n > k {
				kept = append(kept, s)
			}
		}
		t.keep = kept
	}
	t.clear()
	for _, s := range t.keep {
		t.inc(s.e, s.n)
	}
}

// rebuildSet makes s the accumulator of set i of the pages members, as
// reset and add then prune of each page in turn would, counting in t
// (empty; left empty).
func (s *setAcc) rebuildSet(pages []*Features, members []int32, i int, t *countTable) {
	for _, m := range members {
		t.incAll(pages[m].Sets[i])
		t.prune()
	}
	s.elems, s.counts = t.sorted(s.elems[:0], s.counts[:0])
	t.clear()
}

// sorted appends the table's elements in increasing order to elems and
// their counts to counts. The elements are hashes, so a bucket sort by
// their top bits into about as many buckets as elements leaves most
// buckets with one or two, which an insertion sort of the pairs orders: a
// few steps an element, where sorting the elements and looking their
// counts up again took a comparison sort and a probe each. (The top bits
// of FNV-1a hashes of short strings are not spread so well: a bucket that
// holds many is sorted first, by a comparison sort of its pairs.)
func (t *countTable) sorted(elems []uint64, counts []uint32) ([]uint64, []uint32) {
	n := len(t.used)
	if n < 2 {
		for _, k := range t.used {
			elems, counts = append(elems, t.slots[k].e), append(counts, t.slots[k].n)
		}
		return elems, counts
	}
	width := bits.Len(uint(n)) // 2^width buckets > n
	shift := uint(64-width) & 63
	end := slices.Grow(t.buckets[:0], 1<<width+1)[:1<<width+1]
	clear(end)
	for _, k := range t.used {
		end[t.slots[k].e>>shift+1]++
	}
	crowded := false
	for b := 1; b < len(end); b++ {
		crowded = crowded || end[b] > crowdedBucket
		end[b] += end[b-1]
	}
	elems = slices.Grow(elems, n)[:n]
	counts = slices.Grow(counts, n)[:n]
	for _, k := range t.used { // end[b]: where bucket b's next element goes, then its end
		s := t.slots[k]
		b := s.e >> shift
		elems[end[b]], counts[end[b]] = s.e, s.n
		end[b]++
	}
	t.buckets = end
	if crowded {
		for b, from := 0, int32(0); b < len(end)-1; b++ {
			if end[b]-from > crowdedBucket {
				t.sortPairs(elems[from:end[b]], counts[from:end[b]])
			}
			from = end[b]
		}
	}
	insertionSortPairs(elems, counts)
	return elems, counts
}

// crowdedBucket is how many elements sorted sorts in one bucket by an
// insertion sort, which costs the square of a bucket.
const crowdedBucket = 16

// sortPairs sorts elems, distinct, in increasing order, moving counts
// alongside, by a comparison sort of the pairs (in t.keep).
func (t *countTable) sortPairs(elems []uint64, counts []uint32) {
	t.keep = t.keep[:0]
	for i, e := range elems {
		t.keep = append(t.keep, countSlot{e, counts[i]})
	}
	slices.SortFunc(t.keep, func(x, y countSlot) int { return cmpU64(x.e, y.e) })
	for i, s := range t.keep {
		elems[i], counts[i] = s.e, s.n
	}
}

// insertionSortPairs sorts elems, distinct, in increasing order, moving
// counts alongside; each element is already in its bucket, so it moves
// past its bucket's others only.
func insertionSortPairs(elems []uint64, counts []uint32) {
	for i := 1; i < len(elems); i++ {
		e, c := elems[i], counts[i]
		j := i
		for ; j > 0 && elems[j-1] > e; j-- {
			elems[j], counts[j] = elems[j-1], counts[j-1]
		}
		elems[j], counts[j] = e, c
	}
}
