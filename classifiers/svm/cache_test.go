package svm

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCacheBatchedSwaps runs one random sequence of column requests and
// runs of swaps through two caches: one applies every swap to the entries
// at once (LIBSVM's way: swap, then flush), the other leaves them to the
// next request. Entries, dropped columns, LRU order and free space must
// match after every request.
func TestCacheBatchedSwaps(t *testing.T) {
	const n = 60
	rng := rand.New(rand.NewPCG(3, 4))
	for _, floats := range []int{2 * n, 7 * n, 40 * n} {
		eager, batched := newCache(n, float64(4*floats)), newCache(n, float64(4*floats))
		// value is the entry for (index a, index b) under the current
		// permutation, so a wrongly swapped entry shows.
		perm := make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		fill := func(c *cache, i, length int) {
			col, valid := c.get(i, length)
			for j := valid; j < length; j++ {
				col[j] = float32(perm[i]*n + perm[j])
			}
		}
		for step := range 3000 {
			if rng.IntN(4) == 0 {
				for range 1 + rng.IntN(8) {
					i, j := rng.IntN(n), rng.IntN(n)
					eager.swap(i, j)
					eager.flush()
					batched.swap(i, j)
					perm[i], perm[j] = perm[j], perm[i]
				}
				continue
			}
			i, length := rng.IntN(n), 1+rng.IntN(n)
			fill(eager, i, length)
			fill(batched, i, length)
			if eager.free != batched.free || !slices.Equal(eager.next, batched.next) || !slices.Equal(eager.prev, batched.prev) {
				t.Fatalf("cache of %d floats, step %d: free %d vs %d, LRU lists differ: %v",
					floats, step, eager.free, batched.free, !slices.Equal(eager.next, batched.next))
			}
			for k := range n {
				if !slices.Equal(eager.cols[k], batched.cols[k]) || (eager.cols[k] == nil) != (batched.cols[k] == nil) {
					t.Fatalf("cache of %d floats, step %d: column %d = %v, want %v", floats, step, k, batched.cols[k], eager.cols[k])
				}
				for j, v := range eager.cols[k] {
					if want := float32(perm[k]*n + perm[j]); v != want {
						t.Fatalf("step %d: column %d entry %d = %v, want %v", step, k, j, v, want)
					}
				}
			}
		}
	}
}
