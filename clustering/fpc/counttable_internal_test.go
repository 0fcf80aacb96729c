package fpc

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRebuildSetMatchesAdd holds setAcc.rebuildSet (counting in a hash
// table, pruning there, one sort at the end) to what MKmeans did before:
// add then prune, page after page, from an empty accumulator. Pages of
// 384 elements drawn from pools of several sizes, so that some sets stay
// under maxSetElems and others are pruned many times, at several levels
// of k.
func TestRebuildSetMatchesAdd(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	t1 := countTables.Get().(*countTable)
	defer countTables.Put(t1)
	for _, pool := range []int{50, 1000, 2500, 6000, 100_000} {
		for _, npages := range []int{1, 7, 60, 200} {
			pages := make([]*Features, npages)
			for p := range pages {
				seen := map[uint64]bool{}
				var s []uint64
				for len(s) < min(384, pool) {
					e := uint64(r.IntN(pool)) * 0x9E3779B97F4A7C15 // spread, 0 included
					if !seen[e] {
						seen[e] = true
						s = append(s, e)
					}
				}
				slices.Sort(s)
				pages[p] = &Features{}
				pages[p].Sets[SetLinks] = s
			}
			members := make([]int32, 0, npages)
			for p := range pages {
				if r.IntN(4) > 0 {
					members = append(members, int32(p))
				}
			}
			var want setAcc
			for _, m := range members {
				want.add(pages[m].Sets[SetLinks], nil)
				want.prune()
			}
			got := setAcc{elems: []uint64{1, 2, 3}, counts: []uint32{4, 5, 6}}
			got.rebuildSet(pages, members, SetLinks, t1)
			if !slices.Equal(got.elems, want.elems) || !slices.Equal(got.counts, want.counts) {
				t.Fatalf("pool %d, %d pages: rebuildSet gives %d elements, add and prune %d", pool, npages, len(got.elems), len(want.elems))
			}
			if len(t1.used) != 0 {
				t.Fatal("the count table was not left empty")
			}
		}
	}
}

// refPrune is countTable.prune as it was: one pass counting the survivors
// of each k, then one gathering them.
func (t *countTable) refPrune() {
	if len(t.used) <= maxSetElems {
		return
	}
	for k := uint32(1); ; k++ {
		left := 0
		for _, i := range t.used {
			if t.slots[i].n > k {
				left++
			}
		}
		if left > maxSetElems*3/4 {
			continue
		}
		t.keep = t.keep[:0]
		for _, i := range t.used {
			if s := t.slots[i]; s.n > k {
				t.keep = append(t.keep, s)
			}
		}
		t.clear()
		for _, s := range t.keep {
			t.inc(s.e, s.n)
		}
		return
	}
}

// TestPruneMatchesReference holds prune to refPrune: the same elements
// and counts in the same slots, in the same order, whatever k it takes
// (counts spread from 1 to many).
func TestPruneMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 13))
	for round := range 200 {
		got, want := &countTable{slots: make([]countSlot, 8192)}, &countTable{slots: make([]countSlot, 8192)}
		n := maxSetElems + 1 + r.IntN(3000)
		spread := 1 + r.IntN(1+round%12)
		for range n {
			e, c := r.Uint64(), uint32(1+r.IntN(spread))
			got.inc(e, c)
			want.inc(e, c)
		}
		got.prune()
		want.refPrune()
		if !slices.Equal(got.used, want.used) || !slices.Equal(got.slots, want.slots) {
			t.Fatalf("round %d (%d elements, counts 1 to %d): prune leaves %d, the reference %d", round, n, spread, len(got.used), len(want.used))
		}
	}
}

// TestSortedMatchesLookup holds countTable.sorted (a bucket sort of the
// elements with their counts) to sortedByLookup (a comparison sort, the
// counts looked up again): hashes spread evenly, a table too small to
// spread (0 to 3 elements), and small integers that crowd one bucket.
func TestSortedMatchesLookup(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{0, 1, 2, 3, 50, 700, 2048, 5000} {
		for _, crowd := range []bool{false, true} {
			tab := &countTable{slots: make([]countSlot, 8192)}
			for range n {
				e := r.Uint64()
				if crowd {
					e = uint64(r.IntN(4 * n))
				}
				tab.inc(e, uint32(1+r.IntN(9)))
			}
			ge, gc := tab.sorted([]uint64{9}[:0], nil)
			we, wc := tab.sortedByLookup(nil, nil)
			if !slices.Equal(ge, we) || !slices.Equal(gc, wc) || !slices.IsSorted(ge) {
				t.Fatalf("%d elements (crowded %v): sorted differs from sortedByLookup", n, crowd)
			}
		}
	}
}

// sortedByLookup is what rebuildSet did before sorted: a comparison sort
// of the elements, each count then found in the table again.
func (t *countTable) sortedByLookup(elems []uint64, counts []uint32) ([]uint64, []uint32) {
	for _, k := range t.used {
		elems = append(elems, t.slots[k].e)
	}
	slices.Sort(elems)
	counts = slices.Grow(counts, len(elems))[:len(elems)]
	mask := uint64(len(t.slots) - 1)
	for j, e := range elems {
		k := (e * 0x9E3779B97F4A7C15 >> 32) & mask
		for t.slots[k].e != e || t.slots[k].n == 0 {
			k = (k + 1) & mask
		}
		counts[j] = t.slots[k].n
	}
	return elems, counts
}
