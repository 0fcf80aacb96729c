package fpc

import "slices"

// acc accumulates the members of a cluster so its centre can be derived
// and updated incrementally, without keeping the member pages. Everything
// in it is kept sorted by tag or element hash, so folding in a page or
// another cluster is a linear merge of sorted slices and the centre comes
// out sorted; the sums are added in the same order as members arrive
// whatever the layout, so the centre does not depend on it.
//
// A centre returned by derive stays valid until the accumulator changes
// (add, merge, reset) and is derived again: that derive rebuilds the
// stale centre in place, so that deriving a changed cluster allocates
// nothing. No caller keeps a centre beyond that (MKmeans reads the centres
// of the round before while it rebuilds the clusters, before it derives
// them again).
type acc struct {
	N      int
	Layers []layerAcc      // per depth
	Sets   [numSets]setAcc // per set feature

	centre *Features // derived; nil when stale
	spare  *Features // the stale centre, whose memory the next derive reuses

	// from: within one MKmeans run, the pages (batch indexes, in order)
	// the accumulator holds exactly, added by rebuild since its last
	// reset; nil otherwise (see rebuild).
	from []int32
	// sims: within one MKmeans run, the similarity of each page of the
	// batch to the centre, once assignAll measured them; emptied when the
	// centre goes stale.
	sims []float64
}

// layerAcc accumulates one depth of the members' layered vectors.
type layerAcc struct {
	N   int       // members that have this depth
	Cos float64   // Σ cosine of the members to the centre when they joined
	Sum []tagFreq // Σ tag frequency, sorted by tag
}

// setAcc counts, for each element of one set feature, the members that
// hold it: elems sorted, counts[i] the count of elems[i] (uint32: a
// stored cluster has at most MaxInt32 members, see codec.go).
type setAcc struct {
	elems  []uint64
	counts []uint32
}

// maxSetElems bounds each set accumulator, so memory per cluster is
// bounded: past it, the rarest elements are forgotten (those seen in 1
// member, then 2, …) until at most 3/4 of the bound remain. A centre keeps
// only elements of more than SetKeep of the members, which a pruned
// element, far rarer than the survivors, could rarely have become.
const maxSetElems = 2048

func (s *setAcc) prune() {
	if len(s.elems) <= maxSetElems {
		return
	}
	for k := uint32(1); len(s.elems) > maxSetElems*3/4; k++ {
		n := 0
		for i, e := range s.elems {
			if s.counts[i] > k {
				s.elems[n], s.counts[n] = e, s.counts[i]
				n++
			}
		}
		s.elems, s.counts = s.elems[:n], s.counts[:n]
	}
}

// add adds the sorted, distinct elements elems, each with its count from
// counts, or 1 each when counts is nil. A page holds far fewer elements
// than a big cluster's accumulator (54 against 505 on average in the
// Python docs' crawl), so elements are found by galloping (steps that
// double, then binary search), not by stepping through s. One pass adds
// the counts of the elements s holds, in place, and notes where each
// element s lacks goes; a pass from the back then moves the elements
// between those places up at once (copy) and puts the new ones in, in
// the grown slices. elems at least a quarter as long as s (another
// cluster's accumulator in acc.merge, or a page into a small cluster)
// are merged in step by step instead (addMerge).
func (s *setAcc) add(elems []uint64, counts []uint32) {
	if len(elems) >= len(s.elems)/mergeRatio {
		s.addMerge(elems, counts)
		return
	}
	var atBuf, jBuf [freshBuf]int32 // where fresh element jBuf[f] goes in s: atBuf[f]
	fresh, i := 0, 0
	for j, e := range elems {
		i = gallop(s.elems, i, e)
		if i < len(s.elems) && s.elems[i] == e {
			s.counts[i] += countOf(counts, j)
			i++
			continue
		}
		if fresh < freshBuf {
			atBuf[fresh], jBuf[fresh] = int32(i), int32(j)
		}
		fresh++
	}
	if fresh == 0 {
		return
	}
	n := len(s.elems)
	se := slices.Grow(s.elems, fresh)[:n+fresh]
	sc := slices.Grow(s.counts, fresh)[:n+fresh]
	i, k := n, n+fresh // se[:i] not moved yet, se[k:] in place
	put := func(at, j int) {
		m := i - at
		copy(se[k-m:k], se[at:i])
		copy(sc[k-m:k], sc[at:i])
		k -= m + 1
		se[k], sc[k] = elems[j], countOf(counts, j)
		i = at
	}
	if fresh <= freshBuf {
		for f := fresh - 1; f >= 0; f-- {
			put(int(atBuf[f]), int(jBuf[f]))
		}
	} else { // more than the notes hold: search each place again
		for j := len(elems) - 1; k > i; j-- {
			if at := gallop(se[:i], 0, elems[j]); at == i || se[at] != elems[j] {
				put(at, j)
			}
		}
	}
	s.elems, s.counts = se, sc
}

// mergeRatio: add merges elems in step by step (addMerge) when s holds at
// most this many times as many elements, where galloping over s saves
// no steps.
const mergeRatio = 4

// addMerge is add by a merge of the two sorted lists: one pass adds the
// counts of the elements s holds in place and counts the others, and a
// pass from the back puts those in, in the grown slices.
func (s *setAcc) addMerge(elems []uint64, counts []uint32) {
	fresh := 0
	se, sc := s.elems, s.counts
	for i, j := 0, 0; j < len(elems); {
		switch e := elems[j]; {
		case i < len(se) && se[i] < e:
			i++
		case i < len(se) && se[i] == e:
			sc[i] += countOf(counts, j)
			i, j = i+1, j+1
		default:
			fresh, j = fresh+1, j+1
		}
	}
	if fresh == 0 {
		return
	}
	n := len(se)
	se = slices.Grow(se, fresh)[:n+fresh]
	sc = slices.Grow(sc, fresh)[:n+fresh]
	i, k := n-1, n+fresh-1 // se[k+1:] in place; below k, se[:i+1] and elems[:j+1] left
	for j := len(elems) - 1; k > i; k-- {
		switch {
		case i >= 0 && se[i] > elems[j]:
			se[k], sc[k] = se[i], sc[i]
			i--
		case i >= 0 && se[i] == elems[j]: // counted already
			se[k], sc[k] = se[i], sc[i]
			i, j = i-1, j-1
		default:
			se[k], sc[k] = elems[j], countOf(counts, j)
			j--
		}
	}
	s.elems, s.counts = se, sc
}

// freshBuf is how many new elements add notes the places of (on the
// stack); past it, it searches them again.
const freshBuf = 512

// countOf is counts[j], or 1 when counts is nil.
func countOf(counts []uint32, j int) uint32 {
	if counts == nil {
		return 1
	}
	return counts[j]
}

// gallop returns the first index at or after from of the sorted s whose
// element is at least e (len(s) when none is), searching at steps that
// double from from, then by halving the last step.
func gallop(s []uint64, from int, e uint64) int {
	if from >= len(s) || s[from] >= e {
		return from
	}
	lo, step := from, 1 // s[lo] < e
	for lo+step < len(s) && s[lo+step] < e {
		lo += step
		step *= 2
	}
	hi := min(len(s), lo+step) // s[hi] ≥ e, or hi = len(s)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if s[mid] < e {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// addLayer returns sum with the sorted, distinct tag frequencies of add
// added, the same way as setAcc.add (a tag new to sum gets 0 + its
// frequency, as a map entry would). The tags of add that sum holds, up to
// the first it does not (all of them once a cluster's layers have seen
// its template's tags), are added in place in one pass; the rest, from
// that tag on, are merged in from the end.
func addLayer(sum, add []tagFreq) []tagFreq {
	i, j := 0, 0
	for i < len(sum) && j < len(add) {
		if sum[i].Tag < add[j].Tag {
			i++
			continue
		}
		if sum[i].Tag > add[j].Tag {
			break // add[j] is new to sum
		}
		sum[i].Freq += add[j].Freq
		i, j = i+1, j+1
	}
	if j == len(add) {
		return sum
	}
	j0 := j // sum[:i] are below add[j0:], which need no more of them
	fresh := 0
	for j < len(add) {
		switch {
		case i < len(sum) && sum[i].Tag < add[j].Tag:
			i++
		case i < len(sum) && sum[i].Tag == add[j].Tag:
			i, j = i+1, j+1
		default:
			fresh, j = fresh+1, j+1
		}
	}
	n := len(sum)
	out := slices.Grow(sum, fresh)[:n+fresh]
	i, k := n-1, n+fresh-1
	for j := len(add) - 1; j >= j0; k-- {
		switch {
		case i >= 0 && out[i].Tag > add[j].Tag:
			out[k] = out[i]
			i--
		case i >= 0 && out[i].Tag == add[j].Tag:
			out[k] = tagFreq{out[i].Tag, out[i].Freq + add[j].Freq}
			i, j = i-1, j-1
		default:
			out[k] = tagFreq{add[j].Tag, 0 + add[j].Freq}
			j--
		}
	}
	return out
}

func newAcc() *acc { return &acc{} }

// reset empties the accumulator for MKmeans to rebuild it, keeping the
// room of its slices (each round rebuilds each cluster from about the same
// pages); its centre stays readable until the next derive.
func (a *acc) reset() {
	a.N = 0
	a.from = nil
	a.Layers = a.Layers[:0] // the layers' sums beyond the length are taken up again by layer
	for i := range a.Sets {
		a.Sets[i].elems, a.Sets[i].counts = a.Sets[i].elems[:0], a.Sets[i].counts[:0]
	}
	a.stale()
}

// stale marks the centre stale, keeping its memory for the next derive,
// and forgets the pages' similarities to it.
func (a *acc) stale() {
	if a.centre != nil {
		a.spare, a.centre = a.centre, nil
	}
	a.sims = a.sims[:0]
}

// layer returns the accumulator of depth d, adding depths up to it.
func (a *acc) layer(d int) *layerAcc {
	for len(a.Layers) <= d {
		var sum []tagFreq
		if len(a.Layers) < cap(a.Layers) {
			sum = a.Layers[:len(a.Layers)+1][len(a.Layers)].Sum[:0] // room left by reset
		}
		a.Layers = append(a.Layers, layerAcc{Sum: sum})
	}
	return &a.Layers[d]
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
	a.addLayers(f, c)
	for i, s := range f.Sets {
		a.Sets[i].add(s, nil)
		a.Sets[i].prune()
	}
	a.N++
	a.from = nil
	a.stale()
}

// addLayers folds page f's layers into the accumulator, measuring their
// cosines against centre c (see addWith).
func (a *acc) addLayers(f *Features, c *Features) {
	for d, layer := range f.Layers {
		l := a.layer(d)
		l.Sum = addLayer(l.Sum, layer)
		l.Cos += layerCos(layer, c, d)
		l.N++
	}
}

// layerCos is the cosine of a page's layer at depth d to centre c's (nil
// c: 1, as for a first member; 0 where the centre has no such layer).
func layerCos(layer []tagFreq, c *Features, d int) float64 {
	if c == nil {
		return 1
	}
	if d < len(c.Layers) && c.Layers[d] != nil {
		return cosLayer(layer, c.Layers[d])
	}
	return 0
}

// merge folds b into a.
func (a *acc) merge(b *acc) {
	for d, bl := range b.Layers {
		l := a.layer(d)
		l.Sum = addLayer(l.Sum, bl.Sum)
		l.Cos += bl.Cos
		l.N += bl.N
	}
	for i := range b.Sets {
		a.Sets[i].add(b.Sets[i].elems, b.Sets[i].counts)
		a.Sets[i].prune()
	}
	a.N += b.N
	a.from = nil
	a.stale()
}

// layerKept reports whether derive keeps layer l in the centre: present in
// at least half the members, their average cosine to it at least
// cfg.LayerKeep.
func (a *acc) layerKept(l *layerAcc, cfg *Config) bool {
	return !(l.N*2 < a.N || l.Cos/float64(l.N) < cfg.LayerKeep)
}

// derive returns the centre (def. 2, 3, 5): per-depth mean tag frequencies,
// a layer kept when it is present in at least half the members and their
// average cosine to it is at least cfg.LayerKeep; set elements present in
// more than cfg.SetKeep of the members. Its layers and sets come out
// sorted, each kind in one array, which the next derive after a change
// reuses (see acc).
func (a *acc) derive(cfg *Config) *Features {
	if a.centre != nil {
		return a.centre
	}
	c := a.spare
	a.spare = nil
	if c == nil {
		c = &Features{}
	}
	c.Layers = slices.Grow(c.Layers[:0], len(a.Layers))[:len(a.Layers)]
	clear(c.Layers)
	kept := func(l *layerAcc) bool { return a.layerKept(l, cfg) }
	n := 0
	for d := range a.Layers {
		if kept(&a.Layers[d]) {
			n += len(a.Layers[d].Sum)
		}
	}
	c.mem.tfs = slices.Grow(c.mem.tfs[:0], n)
	tfs := c.mem.tfs[:n]
	for d := range a.Layers {
		l := &a.Layers[d]
		if !kept(l) {
			continue // dropped: an unstable layer
		}
		layer := tfs[:len(l.Sum):len(l.Sum)]
		tfs = tfs[len(l.Sum):]
		for k, tf := range l.Sum {
			layer[k] = tagFreq{tf.Tag, tf.Freq / float64(l.N)}
		}
		c.Layers[d] = unit(layer)
	}
	keep := cfg.SetKeep * float64(a.N)
	n = 0
	for _, s := range a.Sets {
		for _, k := range s.counts {
			if float64(k) > keep {
				n++
			}
		}
	}
	c.mem.elems = slices.Grow(c.mem.elems[:0], n)
	elems := c.mem.elems
	for i, s := range a.Sets {
		start := len(elems)
		for k, e := range s.elems {
			if float64(s.counts[k]) > keep {
				elems = append(elems, e)
			}
		}
		c.Sets[i] = nil
		if len(elems) > start { // sorted: the fingerprints take the smallest tag-attribute hashes
			c.Sets[i] = elems[start:len(elems):len(elems)]
		}
	}
	c.sketch()
	a.centre = c
	return c
}
