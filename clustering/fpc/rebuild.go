package fpc

import (
	"cmp"
	"slices"
)

// rebuild makes a the accumulator of the pages members (in page order), each
// page's layer cosines measured against c, as reset and addWith of each
// page would. When a was built from the very same pages in the same order
// since its last reset (a.from: an MKmeans round left the cluster as it
// was), only the cosines change: the sums, counts and set elements, pruning
// included, would come out the same, so they are kept and the cosines are
// summed again in the same order, to the same bits; and when the layers
// derive keeps are the same as before, so is the centre, which stays.
func (a *acc) rebuild(pages []*Features, members []int32, c *Features, cfg *Config) {
	if a.holds(members) {
		a.recos(pages, members, c, cfg)
		return
	}
	a.reset()
	a.rebuildLayers(pages, members, c)
	t := countTables.Get().(*countTable)
	for i := range a.Sets {
		a.Sets[i].rebuildSet(pages, members, i, t)
	}
	countTables.Put(t)
	a.rebuilt(members)
}

// holds reports whether a was rebuilt from exactly members since its last
// reset (see rebuild).
func (a *acc) holds(members []int32) bool {
	return a.from != nil && slices.Equal(a.from, members)
}

// recos is rebuild of an accumulator that holds members already: the
// layers' cosines to c summed again, the centre marked stale only when
// the layers derive keeps change.
func (a *acc) recos(pages []*Features, members []int32, c *Features, cfg *Config) {
	kept, ok := a.keptLayers(cfg)
	for d := range a.Layers {
		a.Layers[d].Cos = 0
	}
	for _, i := range members {
		for d, layer := range pages[i].Layers {
			a.Layers[d].Cos += layerCos(layer, c, d)
		}
	}
	if now, _ := a.keptLayers(cfg); !ok || now != kept {
		a.stale()
	}
}

// rebuildLayers adds the layers of members (in page order) to a, just
// reset, their cosines measured against c, and counts them in a.N. It
// touches a.Layers and a.N only, so it may run beside the rebuildSet of
// a's sets.
func (a *acc) rebuildLayers(pages []*Features, members []int32, c *Features) {
	for _, i := range members {
		a.addLayers(pages[i], c)
		a.N++
	}
}

// rebuilt ends a rebuild from members: a holds them, its centre is stale.
func (a *acc) rebuilt(members []int32) {
	a.from = append(a.from[:0:0], members...)
	a.stale()
}

// rebuildAll is MKmeans' update step: each cluster k with members is
// rebuilt from them (rebuild) against centres[k]; the clusters left
// without members come out nil. On procs goroutines, when the clusters
// to rebuild hold rebuildGrain pages or more, the parts of the clusters
// are the tasks: the layers of a cluster rebuilt from new members and
// each of its sets (which touch disjoint fields of the accumulator, each
// computed as the serial rebuild does), or the whole of a cluster whose
// members did not change (recos). The costliest parts go first (by the
// layer entries or set elements they add up), so that the goroutines end
// together: on the Python docs' one cluster, its short texts take 45 % of
// a rebuild, its anchors 20 %, its layers and tag attributes 13 % each.
func rebuildAll(pages []*Features, accs []*acc, members [][]int32, centres []*Features, cfg *Config, procs int) []*acc {
	next := make([]*acc, len(accs))
	n := 0
	for k, m := range members {
		if len(m) > 0 {
			next[k] = accs[k]
			if !accs[k].holds(m) {
				n += len(m)
			}
		}
	}
	if procs <= 1 || n < rebuildGrain {
		for k, a := range next {
			if a != nil {
				a.rebuild(pages, members[k], centres[k], cfg)
			}
		}
		return next
	}
	type part struct{ k, set, cost int } // set: -2 recos, -1 layers, else the set
	var parts []part
	var fresh []int // the clusters rebuilt from new members
	for k, a := range next {
		switch {
		case a == nil:
		case a.holds(members[k]):
			parts = append(parts, part{k, -2, layerEntries(pages, members[k])})
		default:
			a.reset()
			fresh = append(fresh, k)
			parts = append(parts, part{k, -1, layerEntries(pages, members[k])})
			for i := range numSets {
				n := 0
				for _, m := range members[k] {
					n += len(pages[m].Sets[i])
				}
				parts = append(parts, part{k, i, n})
			}
		}
	}
	slices.SortStableFunc(parts, func(x, y part) int { return cmp.Compare(y.cost, x.cost) })
	tasks(procs, len(parts), func(j int) {
		p := parts[j]
		a, m := next[p.k], members[p.k]
		switch p.set {
		case -2:
			a.recos(pages, m, centres[p.k], cfg)
		case -1:
			a.rebuildLayers(pages, m, centres[p.k])
		default:
			t := countTables.Get().(*countTable)
			a.Sets[p.set].rebuildSet(pages, m, p.set, t)
			countTables.Put(t)
		}
	})
	for _, k := range fresh {
		next[k].rebuilt(members[k])
	}
	return next
}

// layerEntries is how many layer entries the pages members have.
func layerEntries(pages []*Features, members []int32) int {
	n := 0
	for _, m := range members {
		for _, l := range pages[m].Layers {
			n += len(l)
		}
	}
	return n
}

// rebuildGrain is the fewest pages of clusters to rebuild that rebuildAll
// shares among goroutines.
const rebuildGrain = 64
