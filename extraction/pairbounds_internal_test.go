package extraction

import (
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
)

// TestPairBounds holds what segment's worth relies on to leave a
// segmentation's pairs unmatched: pairBounds' sums of the pairs left are
// at least the sums of their similarities, exact (no budget) and greedy
// (a budget of a few cells), on the segmentations segment tries (records
// cut at every cluster occurring twice or more, and one child a record)
// of every candidate region of real pages; each pair's bound is at most
// 1, the bound worth used before.
func TestPairBounds(t *testing.T) {
	cfg := Config{}.withDefaults()
	segs, pairs := 0, 0
	for _, p := range subsetsAndFiles(t, cfg, "testdata/*/*.html") {
		var exact, greedy, cl stm.Matcher
		for _, c := range rankRegions(p, cfg.Weights, cfg.Candidates) {
			kids := p.t.Children(c.node)
			if len(kids) < 2 {
				continue
			}
			labels, _, _ := clusterChildren(&cl, p, kids, cfg.D0)
			occ := map[int][]int{}
			for i, l := range labels {
				occ[l] = append(occ[l], i)
			}
			var tries [][][]int32
			for _, starts := range occ {
				if len(starts) >= 2 {
					tries = append(tries, cutRecords(labels, kids, starts, make([]bool, len(labels)+len(kids))))
				}
			}
			singles := make([][]int32, len(kids))
			for i := range kids {
				singles[i] = kids[i : i+1]
			}
			tries = append(tries, singles)
			for _, recs := range tries {
				left := p.bounds.pairBounds(p.t, recs)
				greedy.SetBudget(3)
				sumExact, sumGreedy := 0.0, 0.0
				for i := len(recs) - 1; i >= 1; i-- {
					sumExact += exact.SimilarityForests(p.t, recs[i-1], p.t, recs[i])
					sumGreedy += greedy.SimilarityForests(p.t, recs[i-1], p.t, recs[i])
					if left[i] < sumExact-1e-12 || left[i] < sumGreedy-1e-12 {
						t.Fatalf("region %d: pairs from %d bounded by %v, similarities %v exact, %v greedy", c.node, i, left[i], sumExact, sumGreedy)
					}
					if b := left[i] - left[i+1]; b > 1+1e-12 {
						t.Fatalf("region %d: pair %d bounded by %v > 1", c.node, i, b)
					}
					pairs++
				}
				segs++
			}
		}
	}
	if pairs < 1000 {
		t.Fatalf("%d segmentations, %d pairs: nothing compared", segs, pairs)
	}
	t.Logf("%d segmentations, %d pairs", segs, pairs)
}
