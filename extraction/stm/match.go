package stm

import "sync"

// Matcher computes STM with reusable dynamic-programming buffers. A Matcher
// is not safe for concurrent use; the package-level functions take one from
// a pool.
//
// A Matcher may carry a work budget (SetBudget): the number of
// dynamic-programming cells it fills exactly. Once a forest would exceed
// what is left, that forest and every later one are matched greedily in
// linear time instead (children paired in order when their labels agree,
// the longer remaining sequence skipped otherwise): a lower bound of STM,
// so pages with thousands of large sibling subtrees cost bounded time.
type Matcher struct {
	buf     []int32 // stack of DP rows, one per recursion level (forestDP)
	limited bool    // a budget is set
	left    int64   // DP cells left for exact matching
	greedy  int64   // forests matched greedily since SetBudget
	memo    memo    // matches of repeated shapes (memo.go)
}

// pair identifies two label trees by structural hash and size, smaller
// first: STM depends on the label trees only, so a page's repeated shapes
// (the entries of a list compared again in every candidate region) are
// matched once.
type pair struct{ a, b uint64 }

// memoMin is the least size of both subtrees for a match to be memoised
// (smaller ones are cheaper to match than to look up).
const memoMin = 8

var pool = sync.Pool{New: func() any { return &Matcher{buf: make([]int32, 0, 4096)} }}

// SetBudget limits the exact work of later calls to n DP cells in all
// (n < 0: no limit, the zero Matcher's default) and resets the greedy
// count.
func (m *Matcher) SetBudget(n int64) {
	m.limited, m.left, m.greedy = n >= 0, n, 0
}

// Reset forgets the memoised matches (they stay valid for any trees, so
// a Matcher reused across pages may keep them; Reset bounds the memory).
func (m *Matcher) Reset() { m.memo.reset() }

// SimilarityNodesWithin is SimilarityNodes with at most cells DP cells of
// exact work for this pair (drawn from the budget, when one is set):
// beyond them the rest of the pair is matched greedily. It bounds the cost
// of comparing two large subtrees (a page's sections), whose similarity
// only needs to be known roughly.
func (m *Matcher) SimilarityNodesWithin(a *Tree, i int, b *Tree, j int, cells int64) float64 {
	limited, left := m.limited, m.left
	if limited && left < cells {
		cells = left
	}
	m.limited, m.left = true, cells
	s := m.SimilarityNodes(a, i, b, j)
	used := cells - m.left
	m.limited, m.left = limited, left
	if limited {
		m.left -= used
	}
	return s
}

// Left reports the DP cells of the budget not yet spent (SetBudget's n
// less the exact work since; 0 once it ran out).
func (m *Matcher) Left() int64 { return m.left }

// Greedy reports how many forests were matched greedily since SetBudget
// because the budget ran out (0: every match was exact).
func (m *Matcher) Greedy() int64 { return m.greedy }

// Match returns STM(a, b): the number of node pairs in the largest top-down
// order-preserving matching of the two whole trees.
func Match(a, b *Tree) int {
	if a.Len() == 0 || b.Len() == 0 {
		return 0
	}
	m := pool.Get().(*Matcher)
	defer pool.Put(m)
	return m.MatchNodes(a, 0, b, 0)
}

// Similarity returns 2·STM(a,b)/(|a|+|b|) in [0,1]; 0 when both are empty.
func Similarity(a, b *Tree) float64 {
	if a.Len()+b.Len() == 0 {
		return 0
	}
	return 2 * float64(Match(a, b)) / float64(a.Len()+b.Len())
}

// MatchNodes returns STM of the subtree of a rooted at i and the subtree of
// b rooted at j, without copying either.
func (m *Matcher) MatchNodes(a *Tree, i int, b *Tree, j int) int {
	if a.Label[i] != b.Label[j] {
		return 0
	}
	if a.Hash[i] == b.Hash[j] && a.Size[i] == b.Size[j] {
		return int(a.Size[i]) // identical label trees match completely
	}
	if a.Size[i] < memoMin || b.Size[j] < memoMin {
		return 1 + m.forest(a, a.Children(i), b, b.Children(j))
	}
	k := pair{a.Hash[i] ^ uint64(a.Size[i])<<40, b.Hash[j] ^ uint64(b.Size[j])<<40}
	if k.a > k.b {
		k.a, k.b = k.b, k.a
	}
	if v, ok := m.memo.get(k); ok {
		return int(v)
	}
	v := 1 + m.forest(a, a.Children(i), b, b.Children(j))
	m.memo.put(k, int32(v))
	return v
}

// SimilarityNodes is the normalised similarity of two subtrees.
func (m *Matcher) SimilarityNodes(a *Tree, i int, b *Tree, j int) float64 {
	s := int(a.Size[i] + b.Size[j])
	return 2 * float64(m.MatchNodes(a, i, b, j)) / float64(s)
}

// MatchForests returns STM of two forests each placed under a new common
// root (a record made of several consecutive subtrees): 1 + M[m][n] over
// the given roots.
func (m *Matcher) MatchForests(a *Tree, as []int32, b *Tree, bs []int32) int {
	return 1 + m.forest(a, as, b, bs)
}

// SimilarityForests normalises MatchForests by the two forest sizes, each
// counting its virtual root.
func (m *Matcher) SimilarityForests(a *Tree, as []int32, b *Tree, bs []int32) float64 {
	s := 2 + a.ForestSize(as) + b.ForestSize(bs)
	return 2 * float64(m.MatchForests(a, as, b, bs)) / float64(s)
}

// forest returns M[len(as)][len(bs)] for the two child sequences.
// Identical leading and trailing children (equal structural hash and size)
// are matched whole before the DP: some optimal mapping pairs them, since
// no mapping of either can hold more than its size and an order-preserving
// mapping cannot give both first (last) children other partners.
func (m *Matcher) forest(a *Tree, as []int32, b *Tree, bs []int32) int {
	if len(as) == 1 && len(bs) == 1 { // one pair: trimmed whole, or the DP's
		ai, bj := as[0], bs[0]
		if identical(a, ai, b, bj) {
			return int(a.Size[ai])
		}
		// forestDP of one cell, inline: its budget, then line's one pair
		// (sizes are at least 1, so line's pruning never skips it)
		if m.limited {
			if m.left < 1 {
				m.left = 0
				m.greedy++
				return m.greedyForest(a, as, b, bs)
			}
			m.left--
		}
		if a.Label[ai] != b.Label[bj] {
			return 0
		}
		return m.MatchNodes(a, int(ai), b, int(bj))
	}
	same := 0
	for len(as) > 0 && len(bs) > 0 && identical(a, as[0], b, bs[0]) {
		same += int(a.Size[as[0]])
		as, bs = as[1:], bs[1:]
	}
	for len(as) > 0 && len(bs) > 0 && identical(a, as[len(as)-1], b, bs[len(bs)-1]) {
		same += int(a.Size[as[len(as)-1]])
		as, bs = as[:len(as)-1], bs[:len(bs)-1]
	}
	return same + m.forestDP(a, as, b, bs)
}

// identical reports whether a's node i and b's node j root equal label
// trees.
func identical(a *Tree, i int32, b *Tree, j int32) bool {
	return a.Label[i] == b.Label[j] && a.Hash[i] == b.Hash[j] && a.Size[i] == b.Size[j]
}

// forestDP is forest's dynamic programme.
func (m *Matcher) forestDP(a *Tree, as []int32, b *Tree, bs []int32) int {
	rows, cols := len(as), len(bs)
	if rows == 0 || cols == 0 {
		return 0
	}
	if m.limited {
		cells := int64(rows) * int64(cols)
		if cells > m.left {
			m.left = 0 // once out, stay out: later small forests too
			m.greedy++
			return m.greedyForest(a, as, b, bs)
		}
		m.left -= cells
	}
	if rows == 1 || cols == 1 {
		return m.line(a, as, b, bs)
	}
	// one row of the matrix, updated in place: cell c of row r is
	// max(row r's cell c-1, row r-1's cell c, row r-1's cell c-1 + the
	// pair's match), so the row before is read just ahead of being
	// overwritten (up, and diag one column behind)
	w := cols + 1
	base := len(m.buf)
	if cap(m.buf)-base < w {
		nb := make([]int32, base, 2*(base+w))
		copy(nb, m.buf)
		m.buf = nb
	}
	m.buf = m.buf[:base+w]
	cur := m.buf[base : base+w]
	clear(cur)
	bl, bz := b.Label, b.Size
	for r := 1; r <= rows; r++ {
		ai := int(as[r-1])
		la, sa := a.Label[ai], a.Size[ai] // the row's node, read once
		// up to the first child of b with the row's label, nothing
		// matches: the row is the previous one, already in place
		first := 1
		for first <= cols && bl[bs[first-1]] != la {
			first++
		}
		if first > cols {
			continue
		}
		left := cur[first-1] // row r's cell first-1, the same as row r-1's
		diag := left
		for c := first; c <= cols; c++ {
			up := cur[c]
			best := max(left, up)
			if bj := bs[c-1]; la == bl[bj] && diag+min(sa, bz[bj]) > best {
				// (STM of two subtrees is at most the smaller's size: a
				// match that cannot beat best is not computed.)
				// MatchNodes may grow m.buf (a larger array: cap
				// changes); index the row afresh then.
				had := cap(m.buf)
				s := int32(m.MatchNodes(a, ai, b, int(bj)))
				if cap(m.buf) != had {
					cur = m.buf[base : base+w]
				}
				if d := diag + s; d > best {
					best = d
				}
			}
			diag = up
			cur[c] = best
			left = best
		}
	}
	res := int(cur[cols])
	m.buf = m.buf[:base]
	return res
}

// line is forestDP of a forest of one tree against another forest (rows
// or cols 1), without the matrix: the best match of the one against any
// of the others, computed in the order and with the pruning of the DP, so
// the same pairs are matched.
func (m *Matcher) line(a *Tree, as []int32, b *Tree, bs []int32) int {
	best := int32(0)
	if len(as) == 1 {
		ai := int(as[0])
		la, sa := a.Label[ai], a.Size[ai]
		for _, bj := range bs {
			if la == b.Label[bj] && min(sa, b.Size[bj]) > best {
				best = max(best, int32(m.MatchNodes(a, ai, b, int(bj))))
			}
		}
		return int(best)
	}
	bj := int(bs[0])
	lb, sb := b.Label[bj], b.Size[bj]
	for _, ai := range as {
		if a.Label[ai] == lb && min(a.Size[ai], sb) > best {
			best = max(best, int32(m.MatchNodes(a, int(ai), b, bj)))
		}
	}
	return int(best)
}

// greedyForest pairs the children in order, in time linear in their
// number: equal labels are matched (recursively), otherwise the longer
// remaining sequence skips a child. The result is a lower bound of the
// exact M[len(as)][len(bs)].
func (m *Matcher) greedyForest(a *Tree, as []int32, b *Tree, bs []int32) int {
	total := 0
	for i, j := 0, 0; i < len(as) && j < len(bs); {
		switch {
		case a.Label[as[i]] == b.Label[bs[j]]:
			total += m.MatchNodes(a, int(as[i]), b, int(bs[j]))
			i, j = i+1, j+1
		case len(as)-i > len(bs)-j:
			i++
		default:
			j++
		}
	}
	return total
}
