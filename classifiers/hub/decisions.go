package hub

import "sync"

// Decisions of the URL SVM remembered per link (issue 13, speed). The
// hook labels every out-link of every fetched page, and most links repeat
// (two of three on the Python docs: the navigation of each page), while
// the SVM's decision value is a function of the link's URL, anchor text
// and depth alone (the page size is unknown before a fetch): Extract, the
// scaling and the dense kernel (≈ 2 µs a link, BenchmarkLinkLabel) are
// done once per (URL, anchor, depth) and the value is looked up after.
// The labels are the same: Classify and svmLogit are computed from the
// remembered value exactly as from a fresh one (TestDecisionCacheSame).

// maxDecisions bounds the decisions remembered; when full the memory is
// emptied and fills again (a crawl's repeats are mostly within a site
// section, so recent links are what repeats).
const maxDecisions = 1 << 16

type decisionKey struct {
	url, anchor string
	depth       int
}

// decisionCache is safe for concurrent use.
type decisionCache struct {
	mu sync.RWMutex
	m  map[decisionKey]float64
}

// decision is c.Decision(u) for a link (u.Size 0), remembered (not
// with a nil dc).
func (dc *decisionCache) decision(c *Classifier, u URLInfo) float64 {
	if dc == nil {
		return c.Decision(u)
	}
	k := decisionKey{u.URL, u.Anchor, u.Depth}
	dc.mu.RLock()
	d, ok := dc.m[k]
	dc.mu.RUnlock()
	if ok {
		return d
	}
	d = c.Decision(u)
	dc.mu.Lock()
	if dc.m == nil || len(dc.m) >= maxDecisions {
		dc.m = make(map[decisionKey]float64, 1024)
	}
	dc.m[k] = d
	dc.mu.Unlock()
	return d
}
