package fpc

import (
	"cmp"
	"math"
	"slices"
	"sync/atomic"
)

// The incremental merge (algorithm 3) depends on the order pages arrive
// in: MKmeans seeds a centre with the first page of a batch that no centre
// so far is D-similar to, a batch's sub-clusters join whichever stored
// cluster they meet first above Alpha, and a cluster's centre drifts as it
// grows (a set keeps the elements most of its members share, so a large
// mixed cluster's centre shrinks and, by eq. 8, becomes similar to almost
// every page). Pages near a threshold then land in different clusters in
// two crawls of one site (measured: adjusted Rand index 0.10–0.50 between
// shuffled orders of the PostgreSQL documentation, 0.71–0.73 on git's).
//
// Recluster removes the dependence at the end of a crawl: it clusters the
// pages again, with the same algorithm and batch size, in an order fixed
// by the pages themselves (sorted by a digest of their features), so that
// the same set of pages gives the same partition whatever order it was
// fetched in. The new clusters take the ids of the old clusters they share
// most pages with (one to one), so that most pages keep their cluster.

// Digest is a 64-bit FNV-1a hash of a page's features (its layers' tags
// and frequencies and its eight sets): the key of the canonical order.
// Pages with equal digests have equal features, so their relative order
// does not change a clustering.
func Digest(f *Features) uint64 {
	h := fnvOffset
	mix := func(v uint64) { h = fnvWord(h, v) }
	for d, layer := range f.Layers {
		mix(uint64(d))
		for _, tf := range layer {
			mix(uint64(tf.Tag))
			mix(math.Float64bits(tf.Freq))
		}
	}
	for i, s := range f.Sets {
		mix(uint64(1<<32 + i))
		for _, e := range s {
			mix(e)
		}
	}
	return h
}

// fnvWord continues the FNV-1a hash h over the eight bytes of v, low
// byte first, written out (no loop).
func fnvWord(h, v uint64) uint64 {
	h = (h ^ v&0xff) * fnvPrime
	h = (h ^ v>>8&0xff) * fnvPrime
	h = (h ^ v>>16&0xff) * fnvPrime
	h = (h ^ v>>24&0xff) * fnvPrime
	h = (h ^ v>>32&0xff) * fnvPrime
	h = (h ^ v>>40&0xff) * fnvPrime
	h = (h ^ v>>48&0xff) * fnvPrime
	return (h ^ v>>56) * fnvPrime
}

// CanonicalOrder returns the indexes of pages sorted by Digest.
func CanonicalOrder(pages []*Features) []int { return canonicalOrder(pages, 1) }

// canonicalOrder is CanonicalOrder with the Digests computed on up to
// procs goroutines, in contiguous parts of digestGrain pages or more (each
// page's Digest is its own: the keys come out the same).
func canonicalOrder(pages []*Features, procs int) []int {
	keys := make([]uint64, len(pages))
	order := make([]int, len(pages))
	chunks(procs, len(pages), digestGrain, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			keys[i], order[i] = Digest(pages[i]), i
		}
	})
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	return order
}

// digestGrain is the pages of a part of canonicalOrder: 3–6 µs a page on
// the documentation sites, so 100–200 µs a part; the caller takes parts
// while the other goroutines' threads wake, so one that wakes late only
// takes fewer.
const digestGrain = 32

// Recluster replaces c's clusters by a clustering of pages in canonical
// order, in batches of batch pages (≤ 0: one batch), and returns each
// page's new cluster. prev holds each page's cluster so far (0: none);
// a new cluster takes the id of the old cluster it shares most pages with
// (pairs taken by decreasing overlap, each id once), others get fresh ids.
// Every new cluster is reported by Changed, the old ids no cluster took
// by Removed. It runs on every core (parallel.go), with the result of a
// serial run.
func (c *Clusterer) Recluster(pages []*Features, prev []int64, batch int) []int64 {
	if batch <= 0 {
		batch = max(1, len(pages))
	}
	procs := c.reclusterProcs
	if procs <= 0 {
		procs = finalProcs()
	}
	fresh := New(c.cfg)
	order := canonicalOrder(pages, procs)
	sorted := make([]*Features, len(pages))
	for k, i := range order {
		sorted[k] = pages[i]
	}
	tmp := make([]int64, len(pages))
	for k, id := range fresh.addBatches(sorted, batch, procs) {
		tmp[order[k]] = id
	}
	ids := c.matchIDs(tmp, prev)
	for id, cl := range c.clusters {
		c.ix.remove(id, cl.fp)
		if _, kept := ids.back[id]; !kept {
			c.removed[id] = true
		}
	}
	clear(c.clusters)
	clear(c.changed)
	for tid, cl := range fresh.clusters {
		id := ids.to[tid]
		c.clusters[id] = cl
		c.ix.add(id, cl.fp)
		c.changed[id] = true
		c.nextID = max(c.nextID, id+1)
	}
	out := make([]int64, len(pages))
	for i, t := range tmp {
		out[i] = ids.to[t]
	}
	return out
}

// addBatches is AddBatch of pages in batches of batch pages, in turn, on
// up to procs goroutines: MKmeans of a batch depends on its pages alone,
// not on the clusters so far, so the batches' MKmeans run side by side
// (each a task, taken in order), and the caller merges each batch's
// clusters into c in the batches' order as they come: what AddBatch of
// each batch in turn gives. A single batch gets the goroutines for its own
// loops (rebuildAll, assignAll) instead.
func (c *Clusterer) addBatches(pages []*Features, batch, procs int) []int64 {
	n := (len(pages) + batch - 1) / batch
	if procs <= 1 || n <= 1 {
		var out []int64
		for k := 0; k < len(pages); k += batch {
			assign, accs := mkmeans(pages[k:min(len(pages), k+batch)], &c.cfg, procs)
			out = append(out, c.mergeBatch(assign, accs)...)
		}
		return out
	}
	type result struct {
		assign []int
		accs   []*acc
		done   chan struct{}
	}
	res := make([]result, n)
	for k := range res {
		res[k].done = make(chan struct{})
	}
	inner := max(1, procs/n)
	var next atomic.Int64
	var caught panicked
	for range min(procs, n) {
		go func() {
			for k := int(next.Add(1)) - 1; k < n; k = int(next.Add(1)) - 1 {
				r := &res[k]
				func() {
					defer close(r.done)
					defer caught.recover()
					r.assign, r.accs = mkmeans(pages[k*batch:min(len(pages), (k+1)*batch)], &c.cfg, inner)
				}()
			}
		}()
	}
	out := make([]int64, 0, len(pages))
	for k := range res {
		<-res[k].done
		caught.repanic() // on the caller's goroutine (parallel.go)
		out = append(out, c.mergeBatch(res[k].assign, res[k].accs)...)
		res[k] = result{}
	}
	return out
}

// idMap maps the fresh clustering's ids to final ids (to) and marks the
// old ids taken (back).
type idMap struct {
	to   map[int64]int64
	back map[int64]int64
}

// matchIDs pairs fresh ids with old ones by decreasing overlap (ties by
// the smaller ids), one to one; unmatched fresh ids get ids after every
// id in use.
func (c *Clusterer) matchIDs(fresh, prev []int64) idMap {
	type pair struct{ f, p int64 }
	overlap := map[pair]int{}
	for i, f := range fresh {
		if i < len(prev) && prev[i] != 0 {
			overlap[pair{f, prev[i]}]++
		}
	}
	pairs := make([]pair, 0, len(overlap))
	for p := range overlap {
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if d := cmp.Compare(overlap[b], overlap[a]); d != 0 {
			return d
		}
		if d := cmp.Compare(a.f, b.f); d != 0 {
			return d
		}
		return cmp.Compare(a.p, b.p)
	})
	m := idMap{to: map[int64]int64{}, back: map[int64]int64{}}
	for _, p := range pairs {
		if _, done := m.to[p.f]; done {
			continue
		}
		if _, taken := m.back[p.p]; taken {
			continue
		}
		m.to[p.f], m.back[p.p] = p.p, p.f
	}
	next := c.nextID
	for _, p := range prev {
		next = max(next, p+1)
	}
	var left []int64
	for _, f := range fresh {
		if _, ok := m.to[f]; !ok {
			left = append(left, f)
		}
	}
	slices.Sort(left)
	for _, f := range slices.Compact(left) {
		m.to[f] = next
		next++
	}
	return m
}

// Removed returns the ids of clusters Recluster dropped since the last
// call, in order, for the caller to delete from its store, and forgets
// them.
func (c *Clusterer) Removed() []int64 {
	ids := make([]int64, 0, len(c.removed))
	for id := range c.removed {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	clear(c.removed)
	return ids
}
