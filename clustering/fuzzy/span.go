package fuzzy

import (
	"context"
	"fmt"
	"math"
	"sync"
)

// prim grows a maximum spanning forest one vertex at a time. score(u) is
// called once per vertex, right after u joins the tree; for every vertex v
// outside the tree whose similarity w to u exceeds best[v] it must set
// parent[v] = u and return lift{v, w}; run then raises best[v] to w through
// the heap, one vertex at a time (raising several keys before fixing the
// heap would break it). Only edges with positive similarity exist:
// vertices without any are singletons.
type lift struct {
	v int32
	w float64
}

type prim struct {
	inTree []bool
	best   []float64
	parent []int32
	heap   *maxHeap
}

func newPrim(n int) *prim {
	p := &prim{inTree: make([]bool, n), best: make([]float64, n), parent: make([]int32, n)}
	p.heap = newMaxHeap(p.best)
	return p
}

// run builds the forest, growing each tree from its lowest-numbered vertex
// and always adding the heaviest edge leaving the tree. It checks ctx every
// 256 vertices.
func (p *prim) run(ctx context.Context, score func(u int32) []lift) ([]Edge, error) {
	n := len(p.inTree)
	edges := make([]Edge, 0, n)
	add := func(u int32) {
		p.inTree[u] = true
		for _, l := range score(u) {
			p.best[l.v] = l.w
			p.heap.raised(l.v)
		}
	}
	done := 0
	for root := range int32(n) {
		if p.inTree[root] {
			continue
		}
		add(root)
		for done++; p.heap.Len() > 0; done++ {
			if done%256 == 0 && ctx.Err() != nil {
				return nil, fmt.Errorf("fuzzy: span: %w", ctx.Err())
			}
			v := p.heap.pop()
			edges = append(edges, Edge{A: int(p.parent[v]), B: int(v), Weight: p.best[v]})
			add(v)
		}
	}
	return edges, nil
}

// Span returns the maximum spanning forest of m's similarity graph as a
// Dendrogram. Only pairs of pages sharing a word are ever scored: an
// inverted index (word → pages) lists them, and a page's similarities to all
// pages outside the tree are accumulated in one pass over the postings of
// its words, Σ max coming from the row sums (Σ max = S_i + S_j − Σ min).
// Pages in different connected parts of the shared-word graph stay in
// different trees. workers goroutines (at least 1) share the scoring, each
// owning a contiguous range of pages. Memory is linear in the number of
// non-zero weights and pages.
func Span(ctx context.Context, m *Matrix, workers int) (*Dendrogram, error) {
	return span(ctx, m, workers, parallelWork)
}

// span is Span with the number of postings from which a page is scored on
// all workers at once (tests force the parallel path with 0).
func span(ctx context.Context, m *Matrix, workers, minParallel int) (*Dendrogram, error) {
	n := m.Len()
	if n > math.MaxInt32 {
		return nil, fmt.Errorf("%w: %d pages, at most %d", ErrInput, n, math.MaxInt32)
	}
	if minParallel > 0 {
		workers = min(workers, n/64+1)
	}
	workers = max(1, min(workers, n))
	p := newPrim(n)
	shards := make([]*shard, workers)
	for s := range shards {
		lo, hi := s*n/workers, (s+1)*n/workers
		shards[s] = newShard(m, p, lo, hi)
	}
	score := func(u int32) []lift { return shards[0].score(u) }
	if workers > 1 {
		pool := newScorePool(shards, minParallel)
		defer pool.close()
		score = pool.score
	}
	edges, err := p.run(ctx, score)
	if err != nil {
		return nil, err
	}
	return newDendrogram(n, edges), nil
}

// shard is the part of the inverted index for pages lo ≤ v < hi. Postings
// of pages already in the tree are dropped as they are met, so each
// posting is scanned at most until its page joins the tree.
type shard struct {
	m       *Matrix
	p       *prim
	start   []int     // postings of column c are page[start[c]:end[c]]
	end     []int     //
	page    []int32   // page of each posting
	val     []float64 // weight of each posting
	acc     []float64 // Σ min per page, indexed v-lo; zero between calls
	touched []int32
	raised  []lift
	lo      int
}

func newShard(m *Matrix, p *prim, lo, hi int) *shard {
	cols := 0
	for _, c := range m.col[m.ptr[lo]:m.ptr[hi]] {
		cols = max(cols, int(c)+1)
	}
	s := &shard{m: m, p: p, start: make([]int, cols+1), end: make([]int, cols), lo: lo, acc: make([]float64, hi-lo)}
	for _, c := range m.col[m.ptr[lo]:m.ptr[hi]] {
		s.start[c+1]++
	}
	for c := range cols {
		s.start[c+1] += s.start[c]
	}
	copy(s.end, s.start)
	nnz := m.ptr[hi] - m.ptr[lo]
	s.page, s.val = make([]int32, nnz), make([]float64, nnz)
	for v := lo; v < hi; v++ {
		cols, ws := m.Row(v)
		for k, c := range cols {
			s.page[s.end[c]], s.val[s.end[c]] = int32(v), ws[k]
			s.end[c]++
		}
	}
	return s
}

// score returns the pages v of this shard outside the tree that share a
// word with u and are more similar to u than to any tree page so far, with
// that similarity, and sets their parent to u.
func (s *shard) score(u int32) []lift {
	cols, ws := s.m.Row(int(u))
	inTree, acc := s.p.inTree, s.acc
	s.touched = s.touched[:0]
	for k, c := range cols {
		if int(c) >= len(s.end) {
			continue
		}
		a, w := ws[k], s.start[c]
		for i := s.start[c]; i < s.end[c]; i++ {
			v := s.page[i]
			if inTree[v] {
				continue
			}
			s.page[w], s.val[w] = v, s.val[i]
			w++
			if acc[int(v)-s.lo] == 0 {
				s.touched = append(s.touched, v)
			}
			acc[int(v)-s.lo] += min(a, s.val[i])
		}
		s.end[c] = w
	}
	s.raised = s.raised[:0]
	su := s.m.sum[u]
	for _, v := range s.touched {
		r := ratio(acc[int(v)-s.lo], su, s.m.sum[v])
		acc[int(v)-s.lo] = 0
		if r > s.p.best[v] {
			s.p.parent[v] = u
			s.raised = append(s.raised, lift{v, r})
		}
	}
	return s.raised
}

// scorePool runs shard.score on every shard at once, one goroutine each.
type scorePool struct {
	shards  []*shard
	in      []chan int32
	out     chan struct{}
	wg      sync.WaitGroup
	all     []lift
	minWork int // postings below which one goroutine scores all shards
}

func newScorePool(shards []*shard, minWork int) *scorePool {
	sp := &scorePool{shards: shards, out: make(chan struct{}, len(shards)), minWork: minWork}
	for _, s := range shards[1:] {
		in := make(chan int32)
		sp.in = append(sp.in, in)
		sp.wg.Add(1)
		go func() {
			defer sp.wg.Done()
			for u := range in {
				s.score(u)
				sp.out <- struct{}{}
			}
		}()
	}
	return sp
}

func (sp *scorePool) score(u int32) []lift {
	if sp.minWork > 0 && sp.work(u) < sp.minWork {
		for _, s := range sp.shards {
			s.score(u)
		}
	} else {
		for _, in := range sp.in {
			in <- u
		}
		sp.shards[0].score(u)
		for range sp.in {
			<-sp.out
		}
	}
	sp.all = sp.all[:0]
	for _, s := range sp.shards {
		sp.all = append(sp.all, s.raised...)
	}
	return sp.all
}

// parallelWork is the number of postings below which scoring a page on one
// goroutine beats waking the others.
const parallelWork = 2048

// work returns the number of postings scoring u would scan.
func (sp *scorePool) work(u int32) int {
	cols, _ := sp.shards[0].m.Row(int(u))
	n := 0
	for _, s := range sp.shards {
		for _, c := range cols {
			if int(c) < len(s.end) {
				n += s.end[c] - s.start[c]
			}
		}
	}
	return n
}

func (sp *scorePool) close() {
	for _, in := range sp.in {
		close(in)
	}
	sp.wg.Wait()
}

// FromSimilarity returns the maximum spanning forest of a given dense
// similarity matrix such as the paper's printed R. It must be square and
// symmetric (within 1e-9) with entries in [0, 1]; the diagonal is ignored.
// Zero entries are no edge, as pages without a shared word are in Span.
func FromSimilarity(r [][]float64) (*Dendrogram, error) {
	n := len(r)
	for i, row := range r {
		if len(row) != n {
			return nil, fmt.Errorf("%w: similarity row %d has %d entries, want %d", ErrInput, i, len(row), n)
		}
		for j, x := range row {
			if math.IsNaN(x) || x < 0 || x > 1 {
				return nil, fmt.Errorf("%w: similarity [%d][%d] = %v, want in [0, 1]", ErrInput, i, j, x)
			}
			if j < i && math.Abs(x-r[j][i]) > 1e-9 {
				return nil, fmt.Errorf("%w: similarity not symmetric at [%d][%d]", ErrInput, i, j)
			}
		}
	}
	p := newPrim(n)
	var raised []lift
	edges, err := p.run(context.Background(), func(u int32) []lift {
		raised = raised[:0]
		for v, x := range r[u] {
			if !p.inTree[v] && x > p.best[v] {
				p.parent[v] = u
				raised = append(raised, lift{int32(v), x})
			}
		}
		return raised
	})
	if err != nil {
		return nil, err
	}
	return newDendrogram(n, edges), nil
}
