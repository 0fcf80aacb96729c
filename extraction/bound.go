package extraction

import "github.com/crawl-project/crawl/extraction/stm"

// bounds holds what clusterChildren reuses from region to region: an
// upper bound of STM between a region's children, so that it matches only
// the pairs whose similarity it needs (see there), and its matrices.
//
// STM(A, B) is 1 plus the best order-preserving matching of A's and B's
// children weighted by their STM, which is at most the smaller child's
// size (and 0 between different labels): the matching weighted by those
// sizes bounds STM(A, B) (oneLevel). The bound holds for a budget's
// greedy matches too, which are lower than the exact STM.
type bounds struct {
	row []int32   // DP rows of oneLevel
	f   []float64 // clusterChildren's matrices
	b   []bool
	rd  []float64 // clusterChildren's closest distance of each row
	rb  []int     // and the column it is at
	lb  []float64 // segment's bounds of the pairs left (pairBounds)
}

// oneLevel bounds STM of nodes a and c (equal labels): 1 plus the best
// order-preserving matching of their children, equal-label children
// weighted by the smaller one's size.
func (b *bounds) oneLevel(t *stm.Tree, a, c int32) int {
	as, cs := t.Children(int(a)), t.Children(int(c))
	w := len(cs) + 1
	if cap(b.row) < 2*w {
		b.row = make([]int32, 2*w)
	}
	prev, row := b.row[:w], b.row[w:2*w]
	clear(prev)
	for _, x := range as {
		row[0] = 0
		lx, sx := t.Label[x], t.Size[x]
		for k, y := range cs {
			best := max(row[k], prev[k+1])
			if t.Label[y] == lx {
				best = max(best, prev[k]+min(sx, t.Size[y]))
			}
			row[k+1] = best
		}
		prev, row = row, prev
	}
	return 1 + int(prev[len(cs)])
}

// floats returns zeroed slices of these lengths, reusing b's buffer.
func (b *bounds) floats(n1, n2, n3 int) (x, y, z []float64) {
	b.f = resize(b.f, n1+n2+n3)
	return b.f[:n1:n1], b.f[n1 : n1+n2 : n1+n2], b.f[n1+n2:]
}

// bools returns zeroed slices of these lengths, reusing b's buffer.
func (b *bounds) bools(n1, n2, n3, n4 int) (w, x, y, z []bool) {
	b.b = resize(b.b, n1+n2+n3+n4)
	return b.b[:n1:n1], b.b[n1 : n1+n2 : n1+n2], b.b[n1+n2 : n1+n2+n3 : n1+n2+n3], b.b[n1+n2+n3:]
}

// rows returns zeroed slices of length n for clusterChildren's closest
// pairs, reusing b's buffers.
func (b *bounds) rows(n int) ([]float64, []int) {
	b.rd, b.rb = resize(b.rd, n), resize(b.rb, n)
	return b.rd, b.rb
}

// pairBounds bounds the similarities of a segmentation's adjacent records
// (segment's worth): left[i] is the sum of the bounds of pairs i, i+1, ...
// (pair i: recs[i-1] and recs[i]), summed from the last pair back, each
// forestBound of the two records' sizes. Valid until the next call.
func (b *bounds) pairBounds(t *stm.Tree, recs [][]int32) (left []float64) {
	b.lb = resize(b.lb, len(recs)+1)
	left = b.lb
	next := t.ForestSize(recs[len(recs)-1])
	for i := len(recs) - 1; i >= 1; i-- {
		size := t.ForestSize(recs[i-1])
		left[i] = left[i+1] + forestBound(size, next)
		next = size
	}
	return left
}

// forestBound is the highest similarity (stm.Matcher.SimilarityForests)
// two records of sa and sb nodes can have: their virtual roots matched and
// the smaller record wholly inside the other, 2·(1+min)/(2+sa+sb); it is
// computed as SimilarityForests normalises its match, so that the bound
// holds in floating point too. A budget's greedy match is lower still.
func forestBound(sa, sb int) float64 {
	return 2 * float64(1+min(sa, sb)) / float64(2+sa+sb)
}
