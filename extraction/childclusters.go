package extraction

import (
	"math"
	"slices"

	"github.com/crawl-project/crawl/extraction/stm"
)

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
