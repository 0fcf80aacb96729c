package extraction

import (
	"slices"

	"github.com/crawl-project/crawl/extraction/stm"
)

// segmentation is one way of cutting a region's children into records.
type segmentation struct {
	records [][]int32 // each record: consecutive child indices of the region
	sim     float64   // mean similarity of adjacent records
	score   float64   // sim × share of the children's content in records
}

// segmentNode is segment of node i's children, rows continuing a group
// head's joined to it (groupRows), and no records for a code block or a
// node inside one: a code listing (its lines, its highlighted tokens) is
// never a list of records (page.inCode).
func segmentNode(m *stm.Matcher, p *page, i int, cfg Config) segmentation {
	if p.inCode[i] {
		return segmentation{}
	}
	return groupRows(p, segment(m, p, p.t.Children(i), cfg.D0, cfg.MinSimilarity))
}

// segment builds the candidate segmentations of Álvarez et al. (2008): for
// every cluster that occurs at least twice, records start at each of its
// occurrences and run up to the next one; the last record is cut to the
// median length of the others and stops at a child whose cluster none of
// the other records hold. When all children share one tag, every child
// on its own is a candidate too (when they share one tag.class, without
// dissimilar children at the ends and scored by uniformSingles). It
// returns the segmentation whose adjacent records are most similar, weighted by the share of the children's
// content the records hold so that a few identical children do not beat
// the whole list (ties: more records, then earlier start). A definition
// list's records start at terms (termphase.go): when the segmentation
// the similarity prefers starts its records at descriptions, the best of
// those that start them at terms and the list's groups is returned.
func segment(m *stm.Matcher, p *page, kids []int32, d0, minSim float64) segmentation {
	t := p.t
	labels, partner, below := clusterChildren(m, p, kids, d0)
	total := 0
	for _, k := range kids {
		total += int(p.text[k]) + 1
	}
	// occ[l]: the children of cluster l, clusters in the order they
	// first occur (labels are below len(labels) + the shapes, which are
	// at most maxShapes)
	nl := 0
	for _, l := range labels {
		nl = max(nl, l+1)
	}
	occ := make([][]int, nl)
	var order []int
	for i, l := range labels {
		if occ[l] == nil {
			order = append(order, l)
		}
		occ[l] = append(occ[l], i)
	}
	seen := make([]bool, nl) // cutRecords' buffer
	var best segmentation
	bestStart := len(kids)
	share := func(recs [][]int32) float64 {
		covered := 0
		for _, r := range recs {
			for _, k := range r {
				covered += int(p.text[k]) + 1
			}
		}
		return float64(covered) / float64(total)
	}
	consider := func(s segmentation, start int) {
		s.score = s.sim * share(s.records)
		if better(s, start, best, bestStart) {
			best, bestStart = s, start
		}
	}
	// hopeless reports whether records covering this share of the
	// children cannot beat the best so far even with similarity 1: their
	// similarity is not worth computing.
	hopeless := func(recs [][]int32) bool {
		return best.records != nil && share(recs) < best.score-1e-9
	}
	// worth returns the mean similarity of recs, or false once the pairs
	// left, each at most its size bound (pairBounds), cannot lift their
	// score to within hopeless' margin of the best so far (with a further
	// margin for rounding): the segmentation could not be chosen, so its
	// other pairs are not matched
	worth := func(recs [][]int32) (float64, bool) {
		if best.records == nil || len(recs) < 2 {
			return meanSimilarity(m, t, recs), true
		}
		sh, need := share(recs), best.score-2e-9
		n := float64(len(recs) - 1)
		left := p.bounds.pairBounds(t, recs)
		sum := 0.0
		for i := 1; i < len(recs); i++ {
			if (sum+left[i])/n*sh < need {
				return 0, false
			}
			sum += m.SimilarityForests(t, recs[i-1], t, recs[i])
		}
		return sum / n, true
	}
	// try considers recs, starting at kids[start], and returns their
	// similarity unless they could not be chosen (not computed)
	try := func(recs [][]int32, start int) (float64, bool) {
		if len(recs) < 2 || hopeless(recs) {
			return 0, false
		}
		sim, ok := worth(recs)
		if ok {
			consider(segmentation{records: recs, sim: sim}, start)
		}
		return sim, ok
	}
	isDL := definitionList(t, kids)
	inPhase := make([]phasedSegmentation, 0, 8) // a definition list's segmentations that start records at terms
	for _, l := range order {
		if starts := occ[l]; len(starts) >= 2 {
			recs := cutRecords(labels, kids, starts, seen)
			sim, ok := try(recs, starts[0])
			if isDL && phased(t, kids, recs) {
				inPhase = append(inPhase, phasedSegmentation{recs, starts[0], sim, ok})
			}
		}
	}
	if isDL {
		// its children are never uniform, nor items under headings
		if best.records != nil && !phased(t, kids, best.records) {
			// the records the similarity prefers start at a
			// description: those that start at a term compete with
			// the list's groups
			best, bestStart = segmentation{}, len(kids)
			retryInPhase(t, kids, inPhase, consider, try)
		}
		best.records = joinContinued(t, best.records)
		return best
	}
	if len(order) < 2 {
		return best
	}
	if lo, hi := uniformCore(p, kids); hi-lo >= 2 {
		// one tag.class (but for a heading or a "show more" button at
		// an end): every child its own record, optional parts
		// notwithstanding
		sims := partner(lo, hi)
		under := func(i, j int) bool { return below(lo+i, lo+j, minSim) }
		if s := uniformSingles(m, t, kids[lo:hi], sims, under, minSim); len(s.records) >= 2 {
			consider(s, slices.Index(kids, s.records[0][0]))
		}
		if lo == 0 && hi == len(kids) {
			return best
		}
	} else if items := interleaved(p, kids); len(items) >= 2 {
		// one tag.class with section headings between its children
		if s := headedSingles(kids, items, partner(items[0], items[len(items)-1]+1), minSim); len(s.records) >= 2 {
			consider(s, slices.Index(kids, s.records[0][0]))
		}
	}
	if sameTag(t, kids) {
		// every child its own record: rows of one table whose optional
		// parts put them in different clusters
		recs := make([][]int32, len(kids))
		for i := range kids {
			recs[i] = kids[i : i+1]
		}
		if !hopeless(recs) {
			if sim, ok := worth(recs); ok {
				consider(segmentation{records: recs, sim: sim}, 0)
			}
		}
	}
	return best
}

func better(s segmentation, start int, b segmentation, bstart int) bool {
	const eps = 1e-9
	switch {
	case b.records == nil:
		return true
	case s.score > b.score+eps:
		return true
	case s.score < b.score-eps:
		return false
	case len(s.records) != len(b.records):
		return len(s.records) > len(b.records)
	}
	return start < bstart
}

// cutRecords cuts records starting at starts (see segment); seen is a
// buffer of one bool per label, cleared on return.
func cutRecords(labels []int, kids []int32, starts []int, seen []bool) [][]int32 {
	recs := make([][]int32, 0, len(starts))
	lens := make([]int, 0, len(starts))
	defer clear(seen)
	for j := 0; j+1 < len(starts); j++ {
		recs = append(recs, kids[starts[j]:starts[j+1]])
		lens = append(lens, starts[j+1]-starts[j])
		for _, l := range labels[starts[j]:starts[j+1]] {
			seen[l] = true
		}
	}
	last := starts[len(starts)-1]
	end := min(len(kids), last+median(lens))
	stop := last + 1
	for stop < end && seen[labels[stop]] {
		stop++
	}
	return append(recs, kids[last:stop])
}

func median(xs []int) int {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// meanSimilarity is the mean STM similarity of adjacent records, each
// record a forest under a virtual root.
func meanSimilarity(m *stm.Matcher, t *stm.Tree, recs [][]int32) float64 {
	if len(recs) < 2 {
		return 0
	}
	sum := 0.0
	for i := 1; i < len(recs); i++ {
		sum += m.SimilarityForests(t, recs[i-1], t, recs[i])
	}
	return sum / float64(len(recs)-1)
}

// sameTag reports whether all kids have one label.
func sameTag(t *stm.Tree, kids []int32) bool {
	for _, k := range kids[1:] {
		if t.Label[k] != t.Label[kids[0]] {
			return false
		}
	}
	return true
}

// uniformCore returns the bounds kids[lo:hi] of the children that share
// one tag.class once at most one child of another kind at either end is
// left out (a heading before a list, a "show more" button or a pager after
// it); hi-lo < 2 when there is no such core.
func uniformCore(p *page, kids []int32) (lo, hi int) {
	for lo = range 2 {
		for hi = len(kids); hi >= len(kids)-1; hi-- {
			if hi-lo >= 2 && sameName(p, kids[lo:hi]) {
				return lo, hi
			}
		}
	}
	return 0, 0
}

// sameName reports whether all kids are elements with one tag.class.
func sameName(p *page, kids []int32) bool {
	t := p.t
	if t.Label[kids[0]] == stm.TextLabel {
		return false
	}
	name := p.name(kids[0])
	for _, k := range kids[1:] {
		if t.Label[k] == stm.TextLabel || p.name(k) != name {
			return false
		}
	}
	return true
}

// uniformSingles is the segmentation of a uniform list (children of one
// tag.class that clustering split, since some carry optional parts: an
// expanded post, a rating, a thumbnail) into one record per child, without
// the children at either end whose similarity to their neighbour is below
// minSim (the least mean similarity of a region's records: a "powered by"
// line, a heading or an advert of the list's class). Its similarity is the mean over the records of their similarity
// to their most similar sibling (partner, from clusterChildren), not to
// the adjacent one: a record with an optional part has a sibling like it
// somewhere in the list, rarely next to it.
//
// under(i, j) reports whether the clustering's bound already puts the
// similarity of kids[i] and kids[j] under minSim: such an end is dropped
// without matching the pair (the match, exact or greedy, is at most the
// bound).
func uniformSingles(m *stm.Matcher, t *stm.Tree, kids []int32, partner []float64, under func(i, j int) bool, minSim float64) segmentation {
	edge := func(i, j int) bool {
		return under(i, j) || m.SimilarityNodes(t, int(kids[i]), t, int(kids[j])) < minSim
	}
	lo, hi := 0, len(kids)-1
	for lo < hi && edge(lo, lo+1) {
		lo++
	}
	for hi > lo && edge(hi, hi-1) {
		hi--
	}
	var s segmentation
	sum := 0.0
	for i := lo; i <= hi; i++ {
		s.records = append(s.records, kids[i:i+1])
		sum += partner[i]
	}
	s.sim = sum / float64(hi-lo+1)
	return s
}
