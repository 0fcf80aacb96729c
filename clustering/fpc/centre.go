package fpc

import (
	"slices"
)

// acc accumulates the members of a cluster so its centre can be derived
// and updated incrementally, without keeping the member pages.
type acc struct {
	N        int
	LayerSum []map[uint64]float64 // per depth: Σ tag frequency
	LayerCos []float64            // per depth: Σ cosine of members to the centre when they joined
	LayerN   []int                // per depth: members that have this depth
	SetCount [numSets]map[uint64]int

	centre *Features // derived; nil when stale
}

// maxSetElems bounds each set accumulator, so memory per cluster is
// bounded: past it, the rarest elements are forgotten (those seen in 1
// member, then 2, …) until at most 3/4 of the bound remain. A centre keeps
// only elements of more than SetKeep of the members, which a pruned
// element, far rarer than the survivors, could rarely have become.
const maxSetElems = 2048

func prune(m map[uint64]int) {
	if len(m) <= maxSetElems {
		return
	}
	for k := 1; len(m) > maxSetElems*3/4; k++ {
		for e, n := range m {
			if n <= k {
				delete(m, e)
			}
		}
	}
}

func newAcc() *acc {
	a := &acc{}
	for i := range a.SetCount {
		a.SetCount[i] = map[uint64]int{}
	}
	return a
}

// sized returns an empty accumulator whose set maps have room for what a
// holds: MKmeans rebuilds each cluster every round from about the same
// pages, and growing the maps from empty dominated its cost.
func (a *acc) sized() *acc {
	b := &acc{}
	for i, m := range a.SetCount {
		b.SetCount[i] = make(map[uint64]int, len(m))
	}
	return b
}

// add folds page f into the accumulator. The per-layer cosine to the
// current centre is what decides later whether a layer stays in the centre
// (def. 2); for the first member it is 1.
func (a *acc) add(f *Features, cfg *Config) {
	c := a.centre
	if a.N > 0 && c == nil {
		c = a.derive(cfg)
	}
	a.addWith(f, c)
}

// addWith folds page f into the accumulator, measuring its layer cosines
// against centre c (nil: 1 per layer, as for a first member). MKmeans rebuilds
// its clusters each round against the centres of the round before, so a
// cluster of n pages costs n additions, not n centre derivations.
func (a *acc) addWith(f *Features, c *Features) {
	for d, layer := range f.Layers {
		for len(a.LayerSum) <= d {
			a.LayerSum = append(a.LayerSum, map[uint64]float64{})
			a.LayerCos = append(a.LayerCos, 0)
			a.LayerN = append(a.LayerN, 0)
		}
		for _, tf := range layer {
			a.LayerSum[d][tf.Tag] += tf.Freq
		}
		cos := 1.0
		if c != nil {
			cos = 0
			if d < len(c.Layers) && c.Layers[d] != nil {
				cos = cosLayer(layer, c.Layers[d])
			}
		}
		a.LayerCos[d] += cos
		a.LayerN[d]++
	}
	for i, s := range f.Sets {
		for _, e := range s {
			a.SetCount[i][e]++
		}
		prune(a.SetCount[i])
	}
	a.N++
	a.centre = nil
}

// merge folds b into a.
func (a *acc) merge(b *acc) {
	for d := range b.LayerSum {
		for len(a.LayerSum) <= d {
			a.LayerSum = append(a.LayerSum, map[uint64]float64{})
			a.LayerCos = append(a.LayerCos, 0)
			a.LayerN = append(a.LayerN, 0)
		}
		for t, v := range b.LayerSum[d] {
			a.LayerSum[d][t] += v
		}
		a.LayerCos[d] += b.LayerCos[d]
		a.LayerN[d] += b.LayerN[d]
	}
	for i := range b.SetCount {
		for e, n := range b.SetCount[i] {
			a.SetCount[i][e] += n
		}
		prune(a.SetCount[i])
	}
	a.N += b.N
	a.centre = nil
}

// derive returns the centre (def. 2, 3, 5): per-depth mean tag frequencies,
// a layer kept when it is present in at least half the members and their
// average cosine to it is at least cfg.LayerKeep; set elements present in
// more than cfg.SetKeep of the members.
func (a *acc) derive(cfg *Config) *Features {
	if a.centre != nil {
		return a.centre
	}
	c := &Features{Layers: make([][]tagFreq, len(a.LayerSum))}
	for d, m := range a.LayerSum {
		if a.LayerN[d]*2 < a.N || a.LayerCos[d]/float64(a.LayerN[d]) < cfg.LayerKeep {
			continue // dropped: an unstable layer
		}
		layer := make([]tagFreq, 0, len(m))
		for t, v := range m {
			layer = append(layer, tagFreq{t, v / float64(a.LayerN[d])})
		}
		slices.SortFunc(layer, func(x, y tagFreq) int { return cmpU64(x.Tag, y.Tag) })
		c.Layers[d] = unit(layer)
	}
	for i, m := range a.SetCount {
		var s []uint64
		for e, n := range m {
			if float64(n) > cfg.SetKeep*float64(a.N) {
				s = append(s, e)
			}
		}
		if i == SetTagAttr {
			slices.Sort(s) // the fingerprints take its smallest hashes
		}
		c.Sets[i] = s // the other centre sets are only sketched: unsorted
	}
	c.sketch()
	a.centre = c
	return c
}
