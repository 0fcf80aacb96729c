package fuzzy_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/clustering/fuzzy"
)

// randomRows returns n sparse rows over vocab words. With integral weights
// (small integers) every similarity is an exact ratio, so ties are real
// and must be kept; otherwise weights are arbitrary positive reals. Some
// rows are empty.
func randomRows(rng *rand.Rand, n, vocab int, integral bool) [][]float64 {
	density := 0.05 + 0.4*rng.Float64()
	t := make([][]float64, n)
	for i := range t {
		t[i] = make([]float64, vocab)
		if rng.IntN(8) == 0 {
			continue // a page with no words
		}
		for j := range t[i] {
			if rng.Float64() < density {
				if integral {
					t[i][j] = float64(1 + rng.IntN(4))
				} else {
					t[i][j] = 0.01 + 5*rng.Float64()
				}
			}
		}
	}
	return t
}

// maxMin is r_ij = Σ min / Σ max computed directly from dense rows, 0 when
// the rows share no word.
func maxMin(a, b []float64) float64 {
	var lo, hi float64
	for h := range a {
		lo += min(a[h], b[h])
		hi += max(a[h], b[h])
	}
	if lo == 0 {
		return 0
	}
	return lo / hi
}

// singleLinkage is the brute-force reference: start from singletons and
// repeatedly merge the two clusters at the smallest single-link distance
// (1 − the largest similarity between their members) while it is ≤ 1 − r.
// Pages that share no word are at infinite distance.
func singleLinkage(sim [][]float64, r float64) [][]int {
	n := len(sim)
	clusters := make([][]int, n)
	for i := range clusters {
		clusters[i] = []int{i}
	}
	dist := func(i, j int) float64 {
		if sim[i][j] == 0 {
			return math.Inf(1)
		}
		return 1 - sim[i][j]
	}
	for {
		bestD, bi, bj := math.Inf(1), -1, -1
		for a := range clusters {
			for b := a + 1; b < len(clusters); b++ {
				for _, i := range clusters[a] {
					for _, j := range clusters[b] {
						if d := dist(i, j); d < bestD {
							bestD, bi, bj = d, a, b
						}
					}
				}
			}
		}
		if bi < 0 || bestD > 1-r {
			break
		}
		clusters[bi] = append(clusters[bi], clusters[bj]...)
		clusters = slices.Delete(clusters, bj, bj+1)
	}
	for _, c := range clusters {
		slices.Sort(c)
	}
	slices.SortFunc(clusters, func(a, b []int) int { return a[0] - b[0] })
	return clusters
}

// TestSingleLinkage cross-checks Span (sparse, 1 worker and 3 workers in
// parallel) and FromSimilarity against brute-force single linkage on 400
// random matrices, at every distinct similarity (ties), at midpoints
// between them, at 0 and at 1.
func TestSingleLinkage(t *testing.T) {
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n, vocab := 1+rng.IntN(40), 1+rng.IntN(30)
		integral := seed%2 == 0
		rows := randomRows(rng, n, vocab, integral)
		m, err := fuzzy.DenseMatrix(rows)
		if err != nil {
			t.Fatal(err)
		}
		sim := make([][]float64, n)
		var values []float64
		for i := range sim {
			sim[i] = make([]float64, n)
			for j := range sim[i] {
				sim[i][j] = maxMin(rows[i], rows[j])
				if i != j {
					values = append(values, sim[i][j])
					if got := m.Similarity(i, j); math.Abs(got-sim[i][j]) > 1e-12 {
						t.Fatalf("seed %d: Similarity(%d,%d) = %v, direct %v", seed, i, j, got, sim[i][j])
					}
				}
			}
		}
		slices.Sort(values)
		values = slices.Compact(values)
		levels := []float64{0, 1}
		if integral {
			levels = append(levels, values...) // exact: ties must be kept
		}
		for k := 1; k < len(values); k++ {
			if values[k]-values[k-1] > 1e-9 {
				levels = append(levels, (values[k]+values[k-1])/2)
			}
		}
		one, err := fuzzy.Span(context.Background(), m, 1)
		if err != nil {
			t.Fatal(err)
		}
		three, err := fuzzy.SpanParallel(context.Background(), m, 3)
		if err != nil {
			t.Fatal(err)
		}
		dense, err := fuzzy.FromSimilarity(sim)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(one.Edges(), three.Edges()) {
			t.Fatalf("seed %d: 1 and 3 workers give different forests", seed)
		}
		for _, r := range levels {
			want := singleLinkage(sim, r)
			for name, d := range map[string]*fuzzy.Dendrogram{"Span": one, "FromSimilarity": dense} {
				if got := d.Cut(r); !slices.EqualFunc(got, want, slices.Equal) {
					t.Fatalf("seed %d (n=%d, integral %v): %s.Cut(%v) = %v, single linkage %v", seed, n, integral, name, r, got, want)
				}
				if got := d.Count(r); got != len(want) {
					t.Fatalf("seed %d: %s.Count(%v) = %d, want %d", seed, name, r, got, len(want))
				}
			}
		}
	}
}

// TestForestIsMaximum checks that the forest's total weight equals that of a
// maximum spanning forest found by Kruskal over all pairs.
func TestForestIsMaximum(t *testing.T) {
	for seed := range uint64(100) {
		rng := rand.New(rand.NewPCG(seed, 11))
		rows := randomRows(rng, 2+rng.IntN(60), 1+rng.IntN(40), false)
		m, _ := fuzzy.DenseMatrix(rows)
		d, err := fuzzy.Span(context.Background(), m, 2)
		if err != nil {
			t.Fatal(err)
		}
		got := 0.0
		for _, e := range d.Edges() {
			got += e.Weight
		}
		if want := kruskal(m); math.Abs(got-want) > 1e-9 {
			t.Fatalf("seed %d: forest weight %v, Kruskal %v", seed, got, want)
		}
	}
}

func kruskal(m *fuzzy.Matrix) float64 {
	type edge struct {
		i, j int
		w    float64
	}
	var edges []edge
	for i := range m.Len() {
		for j := i + 1; j < m.Len(); j++ {
			if w := m.Similarity(i, j); w > 0 {
				edges = append(edges, edge{i, j, w})
			}
		}
	}
	slices.SortFunc(edges, func(a, b edge) int { return cmpFloat(b.w, a.w) })
	parent := make([]int, m.Len())
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		if parent[x] != x {
			parent[x] = find(parent[x])
		}
		return parent[x]
	}
	total := 0.0
	for _, e := range edges {
		if a, b := find(e.i), find(e.j); a != b {
			parent[a] = b
			total += e.w
		}
	}
	return total
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
