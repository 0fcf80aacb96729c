package extraction

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTopCandidates holds topCandidates to the first k of a stable sort by
// descending score, on random candidates with many ties.
func TestTopCandidates(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := r.IntN(60)
		cs := make([]candidate, n)
		for i := range cs {
			cs[i] = candidate{node: i, score: float64(r.IntN(8)) / 4}
		}
		k := r.IntN(25)
		want := slices.Clone(cs)
		slices.SortStableFunc(want, func(a, b candidate) int { return cmp.Compare(b.score, a.score) })
		want = want[:min(k, len(want))]
		got := topCandidates(slices.Clone(cs), k)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: n %d k %d: got %v, want %v", trial, n, k, got, want)
		}
	}
}
