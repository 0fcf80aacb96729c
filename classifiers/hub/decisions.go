package hub

import (
	"math"
	"sync"
)

// Decisions of the URL SVM remembered per link (issue 13, speed). The
// hook labels every out-link of every fetched page, and most links repeat
// (two of three on the Python docs: the navigation of each page), while
// the SVM's decision value is a function of the link's URL, anchor text
// and depth alone (the page size is unknown before a fetch): Extract, the
// scaling and the dense kernel (≈ 2 µs a link, BenchmarkLinkLabel) are
// done once per (URL, anchor, depth) and the value is looked up after.
//
// The decision is a function of the link's raw feature vector (Extract)
// alone, and distinct links share vectors far more often than keys (the
// Python docs' crawl: 11,824 distinct (URL, anchor, depth), 4,385 distinct
// vectors: the features are lengths, counts and classes), so a link not
// remembered is extracted and its vector looked up before the scaling and
// the kernel (three quarters of the cost) are computed. Vectors are keyed
// by their bits (a missing feature's NaN is a key like any other).
//
// The labels are the same: Classify and svmLogit are computed from the
// remembered value exactly as from a fresh one (TestDecisionCacheSame).

// maxDecisions bounds the decisions remembered, per link and per vector;
// when full the memory is emptied and fills again (a crawl's repeats are
// mostly within a site section, so recent links are what repeats).
const maxDecisions = 1 << 16

// vectorKey is a raw feature vector's bits.
type vectorKey [NumFeatures]uint64

func vectorKeyOf(x *Vector) (k vectorKey) {
	for i, v := range x {
		k[i] = math.Float64bits(v)
	}
	return k
}

// decisionCache is safe for concurrent use.
type decisionCache struct {
	mu sync.RWMutex
	m  linkMemo              // the decision of each (URL, anchor, depth)
	v  map[vectorKey]float64 // the decision of each raw feature vector
}

// decision is c.Decision(u) for a link (u.Size 0), remembered (not
// with a nil dc).
func (dc *decisionCache) decision(c *Classifier, u URLInfo) float64 {
	if dc == nil {
		return c.Decision(u)
	}
	dc.mu.RLock()
	d, ok := dc.m.get(u.URL, u.Anchor, u.Depth)
	dc.mu.RUnlock()
	if ok {
		return d
	}
	x := Extract(u, &c.tables)
	vk := vectorKeyOf(&x)
	dc.mu.RLock()
	d, seen := dc.v[vk]
	dc.mu.RUnlock()
	if !seen {
		d = c.decisionOf(&x)
	}
	dc.mu.Lock()
	if dc.m.len() >= maxDecisions {
		dc.m.reset()
	}
	dc.m.put(u.URL, u.Anchor, u.Depth, d)
	if !seen {
		if dc.v == nil || len(dc.v) >= maxDecisions {
			dc.v = make(map[vectorKey]float64, 1024)
		}
		dc.v[vk] = d
	}
	dc.mu.Unlock()
	return d
}
