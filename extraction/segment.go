package extraction

import (
	"math"
	"slices"

	"github.com/crawl-project/crawl/extraction/stm"
)

// segmentation is one way of cutting a region's children into records.
type segmentation struct {
	records [][]int32 // each record: consecutive child indices of the region
	sim     float64   // mean similarity of adjacent records
	score   float64   // sim × share of the children's content in records
}

// clusterChildren groups the children of a region by agglomerative
// average-link clustering on STM distance 1 - similarity, merging while the
// closest pair is nearer than d0. Children with identical label trees share
// one shape and are compared once. It returns each child's cluster id and
// partner, which gives each child of kids[lo:hi] its similarity to its
// most similar sibling (1 when another child has its shape; valid until
// the next call).
//
// Only the pairs of shapes the result depends on are matched: a pair
// whose similarity is bounded below 1 - d0 (bounds.oneLevel: the best
// matching of their children by size) cannot merge on its own, so it is matched only
// when the clustering comes to a cluster pair it belongs to whose
// distance, reckoned with the bounds, is below the closest so far, or
// when partner needs it (it may be the most similar sibling).
// The clustering is then that of every pair matched (a cluster pair
// holding a bounded pair is merged only once that pair is matched and the
// clustering redone, so distances are summed in the same order).
//
// below(i, j, x) reports whether the similarity of kids[i] and kids[j] is
// known to be under x without matching them: their shapes' pair was only
// bounded, and its bound is under x (valid until the next call).
func clusterChildren(m *stm.Matcher, p *page, kids []int32, d0 float64) (labels []int, partner func(lo, hi int) []float64, below func(i, j int, x float64) bool) {
	t := p.t
	shapeOf, reps, cnt := shapes(t, kids)
	u := len(reps)
	// sim[a*u+b] (a < b): the pair's similarity when exact[a*u+b], else
	// an upper bound of it
	bd := &p.bounds
	sim, dist, w := bd.floats(u*u, u*u, u)
	exact, sure, alive, need := bd.bools(u*u, u*u, u, u)
	match := func(a, b int) {
		sim[a*u+b] = m.SimilarityNodesWithin(t, int(reps[a]), t, int(reps[b]), pairCells)
		exact[a*u+b] = true
	}
	for a := range u {
		for b := a + 1; b < u; b++ {
			ra, rb := reps[a], reps[b]
			if t.Label[ra] != t.Label[rb] || sizeBound(t, ra, rb) < minBound {
				exact[a*u+b] = true // never compared: similarity 0
				continue
			}
			if t.Size[ra]+t.Size[rb] < boundMin {
				match(a, b) // matching it costs about what bounding would
				continue
			}
			den := float64(int(t.Size[ra] + t.Size[rb]))
			ub := 2 * float64(bd.oneLevel(t, ra, rb)) / den
			if 1-ub <= d0 {
				match(a, b)
			} else {
				sim[a*u+b] = ub
			}
		}
	}
	owner := make([]int, u) // shape -> cluster (a shape index standing for it)
	rowD, rowB := bd.rows(u)
	// dist: summed weighted distance between clusters, sure: it holds no
	// bound, w: the clusters' counts
	var ba, bb int
	for {
		// the clustering of the pairs matched so far: ba < 0 when it is
		// the clustering of every pair, else clusters ba and bb are the
		// closest on bounds and hold a pair to match
		for a := range u {
			owner[a], alive[a], w[a] = a, true, cnt[a]
			for b := a + 1; b < u; b++ {
				d := (1 - sim[a*u+b]) * cnt[a] * cnt[b]
				dist[a*u+b], dist[b*u+a] = d, d
				sure[a*u+b], sure[b*u+a] = exact[a*u+b], exact[a*u+b]
			}
		}
		// the closest pair is found from each cluster's closest later
		// one (rowD, rowB: the first of the least distance), which a merge
		// changes only in the rows holding the merged clusters: the pair a
		// scan of every pair in order would pick, without the scan
		closest := func(a int) {
			rowD[a], rowB[a] = math.Inf(1), -1
			for b := a + 1; b < u; b++ {
				if alive[b] {
					if d := dist[a*u+b] / (w[a] * w[b]); d < rowD[a] {
						rowD[a], rowB[a] = d, b
					}
				}
			}
		}
		for a := range u {
			closest(a)
		}
		for {
			var bdist float64
			ba, bb, bdist = -1, -1, d0
			for a := range u {
				if alive[a] && rowD[a] < bdist {
					ba, bb, bdist = a, rowB[a], rowD[a]
				}
			}
			if ba < 0 || !sure[ba*u+bb] {
				break
			}
			alive[bb] = false
			w[ba] += w[bb]
			for c := range u {
				if alive[c] && c != ba {
					dist[ba*u+c] += dist[bb*u+c]
					dist[c*u+ba] = dist[ba*u+c]
					sure[ba*u+c] = sure[ba*u+c] && sure[bb*u+c]
					sure[c*u+ba] = sure[ba*u+c]
				}
			}
			for s := range owner {
				if owner[s] == bb {
					owner[s] = ba
				}
			}
			closest(ba)
			for c := range bb { // rows after bb hold neither ba nor bb
				switch {
				case !alive[c] || c == ba:
				case rowB[c] == ba || rowB[c] == bb:
					closest(c)
				case c < ba:
					if d := dist[c*u+ba] / (w[c] * w[ba]); d < rowD[c] || d == rowD[c] && ba < rowB[c] {
						rowD[c], rowB[c] = d, ba
					}
				}
			}
		}
		if ba < 0 {
			break
		}
		for a := range u {
			for b := a + 1; b < u; b++ {
				if !exact[a*u+b] && (owner[a] == ba && owner[b] == bb || owner[a] == bb && owner[b] == ba) {
					match(a, b)
				}
			}
		}
	}
	// the most similar sibling of kids[lo:hi]: bounded pairs matched
	// while their bound exceeds the best match
	partner = func(lo, hi int) []float64 {
		out := make([]float64, hi-lo)
		clear(need)
		for i := lo; i < hi; i++ {
			if a := shapeOf[i]; a >= 0 && cnt[a] == 1 {
				need[a] = true
			}
		}
		for a := range u {
			if !need[a] {
				continue
			}
			best := 0.0
			for b := range u {
				if x, y := min(a, b), max(a, b); a != b && exact[x*u+y] {
					best = max(best, sim[x*u+y])
				}
			}
			for b := range u {
				if x, y := min(a, b), max(a, b); a != b && !exact[x*u+y] && sim[x*u+y] > best {
					match(x, y)
					best = max(best, sim[x*u+y])
				}
			}
			for i := lo; i < hi; i++ {
				if shapeOf[i] == a {
					out[i-lo] = best
				}
			}
		}
		for i := lo; i < hi; i++ {
			if a := shapeOf[i]; a >= 0 && cnt[a] > 1 {
				out[i-lo] = 1
			}
		}
		return out
	}
	below = func(i, j int, x float64) bool {
		a, b := shapeOf[i], shapeOf[j]
		if a < 0 || b < 0 || a == b {
			return false
		}
		a, b = min(a, b), max(a, b)
		return !exact[a*u+b] && sim[a*u+b] < x
	}
	labels = make([]int, len(kids))
	for i := range kids {
		if shapeOf[i] < 0 {
			labels[i] = u + i // a cluster of its own
			continue
		}
		labels[i] = owner[shapeOf[i]]
	}
	return labels, partner, below
}

// boundMin is the least size of two shapes together from which
// clusterChildren bounds their similarity before matching them.
const boundMin = 64

// maxShapes bounds the distinct child shapes a region's clustering compares
// pairwise (their STM similarities fill a maxShapes² matrix).
const maxShapes = 48

// shapes groups kids by label tree (equal structural hash and size): each
// child's shape, one representative child per shape and each shape's
// count. Beyond maxShapes distinct shapes (an index of thousands of
// entries, each with its own number of sub-entries) children are grouped
// by a cheaper signature, their label and their children's labels, and
// the shapes beyond the maxShapes most frequent signatures are given one
// shape each without being compared further: they cannot start a cluster
// of records (no STM pairs), which bounds the work by maxShapes².
func shapes(t *stm.Tree, kids []int32) (shapeOf []int, reps []int32, cnt []float64) {
	type key struct {
		h    uint64
		size int32
	}
	shapeOf = make([]int, len(kids))
	ids := map[key]int{}
	for i, c := range kids {
		k := key{t.Hash[c], t.Size[c]}
		id, ok := ids[k]
		if !ok {
			if len(reps) == maxShapes {
				return signatures(t, kids)
			}
			id = len(reps)
			ids[k] = id
			reps = append(reps, c)
			cnt = append(cnt, 0)
		}
		cnt[id]++
		shapeOf[i] = id
	}
	return shapeOf, reps, cnt
}

// signatures is shapes by the signature of each child (its label and its
// children's labels), keeping the maxShapes most frequent signatures as
// shapes and giving every other child a shape of its own that is never
// compared (see shapes).
func signatures(t *stm.Tree, kids []int32) (shapeOf []int, reps []int32, cnt []float64) {
	sig := make([]uint64, len(kids))
	count := map[uint64]int{}
	for i, c := range kids {
		h := t.Label[c]*0x9E3779B97F4A7C15 + 1
		for _, g := range t.Children(int(c)) {
			h = (h ^ t.Label[g]) * 0x100000001B3
		}
		sig[i] = h
		count[h]++
	}
	type sc struct {
		h     uint64
		n     int
		first int
	}
	var order []sc
	seen := map[uint64]bool{}
	for i, h := range sig {
		if !seen[h] {
			seen[h] = true
			order = append(order, sc{h, count[h], i})
		}
	}
	slices.SortStableFunc(order, func(x, y sc) int { return y.n - x.n })
	ids := map[uint64]int{}
	for _, o := range order[:min(maxShapes, len(order))] {
		ids[o.h] = len(reps)
		reps = append(reps, kids[o.first])
		cnt = append(cnt, 0)
	}
	shapeOf = make([]int, len(kids))
	for i, h := range sig {
		id, ok := ids[h]
		if !ok {
			id = -1 - i // a shape of its own, never compared
		} else {
			cnt[id]++
		}
		shapeOf[i] = id
	}
	return shapeOf, reps, cnt
}

// pairCells is the exact STM work (DP cells) spent on one pair of a
// region's children; larger pairs (two sections of a page, not records)
// are finished greedily (fitted on the tune half: 5,000 to 50,000 find
// the same records there; 10,000 saves a fifth of the extraction time of
// the Python documentation against no cap).
const pairCells = 10_000

// minBound is the size bound (sizeBound) below which two shapes are not
// compared and count as dissimilar (similarity 0 instead of at most
// minBound): a 10-node row and a 60-node block. Fitted on the tune half
// (0.45, the distance d0 itself, loses 5 matched records there; 0.3 and
// 0.15 lose none).
const minBound = 0.3

// sizeBound is the highest similarity two subtrees of these sizes can
// have: 2·min/(sum), reached when the smaller maps entirely into the larger.
func sizeBound(t *stm.Tree, a, b int32) float64 {
	x, y := float64(t.Size[a]), float64(t.Size[b])
	return 2 * min(x, y) / (x + y)
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
// the whole list (ties: more records, then earlier start).
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
	for _, l := range order {
		if starts := occ[l]; len(starts) >= 2 {
			recs := cutRecords(labels, kids, starts, seen)
			if hopeless(recs) {
				continue
			}
			consider(segmentation{records: recs, sim: meanSimilarity(m, t, recs)}, starts[0])
		}
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
			consider(segmentation{records: recs, sim: meanSimilarity(m, t, recs)}, 0)
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
