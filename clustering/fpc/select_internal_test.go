package fpc

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSmallestSorted checks smallestSorted against sorting the whole set
// and keeping its k smallest (the way Extract took them before), on
// random sets of every size around k, with runs of equal hashes too
// (quickselect must not depend on the distinctness walker.put gives).
func TestSmallestSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, k := range []int{1, 2, 17, 96, 192, 384} {
		for n := 0; n <= 3*k+40; n += 1 + n/7 {
			for _, spread := range []uint64{0, 8, 1 << 63} {
				s := make([]uint64, n)
				for i := range s {
					if spread == 0 {
						s[i] = r.Uint64()
					} else {
						s[i] = r.Uint64N(spread)
					}
				}
				want := slices.Clone(s)
				slices.Sort(want)
				want = bottomK(want, k)
				if got := smallestSorted(slices.Clone(s), k); !slices.Equal(got, want) {
					t.Fatalf("k %d, n %d, spread %d: got %v, want %v", k, n, spread, got, want)
				}
			}
		}
	}
}
