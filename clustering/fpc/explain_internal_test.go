package fpc

import (
	"math"
	"testing"
)

// TestExplainSums holds Explain's terms to the similarities the clustering
// uses: the Page terms' weighted sum is pageCentreSim, the Centre terms'
// is centreSim of the page's one-page centre, for every page of the
// testdata against every cluster of them.
func TestExplainSums(t *testing.T) {
	pages := testdataFeatures(t)
	c := New(Config{})
	c.AddBatch(pages)
	w := c.Weights()
	for i, p := range pages {
		alone := newAcc()
		alone.add(p, &c.cfg)
		own := alone.derive(&c.cfg)
		got := c.Explain(p)
		if len(got) != c.Len() {
			t.Fatalf("page %d: %d clusters explained, want %d", i, len(got), c.Len())
		}
		for k, ct := range got {
			cen := c.clusters[ct.ID].acc.derive(&c.cfg)
			if s, want := ct.Page.Sum(&w), pageCentreSim(p, cen, &w, c.cfg.Alpha); math.Abs(s-want) > 1e-12 {
				t.Errorf("page %d, cluster %d: Page terms sum to %v, pageCentreSim %v", i, ct.ID, s, want)
			}
			if s, want := ct.Centre.Sum(&w), centreSim(own, cen, &c.cfg); math.Abs(s-want) > 1e-12 {
				t.Errorf("page %d, cluster %d: Centre terms sum to %v, centreSim %v", i, ct.ID, s, want)
			}
			if k > 0 && got[k-1].Page.Sum(&w) < ct.Page.Sum(&w) {
				t.Errorf("page %d: clusters not in decreasing similarity at %d", i, k)
			}
		}
	}
}
