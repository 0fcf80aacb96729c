package topic

import (
	"slices"
	"testing"
)

// TestFeatureSetAsScan checks addID against the scan it stands for: the
// features of each id once, in the order first added, for sequences of
// ids that repeat and that share their low bits (the filter's).
func TestFeatureSetAsScan(t *testing.T) {
	x := uint32(7)
	for n := range 400 {
		var fs featureSet
		var want []feature
		for range n % 80 {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			id := x & weightMask
			if x%3 == 0 { // ids sharing their low 8 bits
				id = id&255 | (x>>20&7)<<8
			}
			fs.addID(id)
			if !slices.ContainsFunc(want, func(f feature) bool { return f.id == id }) {
				want = append(want, feature{id: id, val: 1})
			}
		}
		if !slices.Equal(fs.feats, want) {
			t.Fatalf("sequence %d: features %v, want %v", n, fs.feats, want)
		}
	}
}
