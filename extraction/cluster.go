package extraction

import (
	"context"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// ClusterExtractor extracts records page by page and learns, once per
// template cluster, where the records are (the tag/class path of the main
// data region) and what a record looks like (the label tree of its first
// subtree, kept without the DOM). Later pages of the cluster only segment
// the node at that path and check the records against the learned shape;
// when the path is missing or the records do not fit, the page is
// extracted on its own. Column names are kept per cluster, so all pages of
// a cluster share one schema (columns only ever get added); the fields
// also carry their column keys, from which the exported tables name the
// columns without regard to the order the pages came in (TableColumns).
//
// A ClusterExtractor is safe for concurrent use; Extract calls for one
// cluster are serialised.
type ClusterExtractor struct {
	cfg      Config
	cfgErr   error // from Config.Validate, returned by every Extract
	mu       sync.Mutex
	clusters map[int64]*learned
}

// learned is what a cluster's pages taught: the shape of its records and
// its column names.
type learned struct {
	mu     sync.Mutex
	shape  shape
	cols   *columns // bounded: at most MaxColumns-1 names
	hits   int      // pages extracted with the learned shape
	refits int      // pages that fell back to page-level extraction
}

// shape is where a cluster's records are and what one looks like, learned
// from one list page; it is replaced, never changed, so a copy stays valid.
type shape struct {
	path  []string // segment names from the root to the region
	flat  bool     // records are one level below the region's children
	proto *stm.Tree
	ok    bool // learned
}

// NewClusterExtractor returns an extractor with cfg (zero fields take their
// defaults). An invalid cfg makes every Extract call fail with the error of
// cfg.Validate.
func NewClusterExtractor(cfg Config) *ClusterExtractor {
	return &ClusterExtractor{cfg: cfg.withDefaults(), cfgErr: cfg.Validate(), clusters: map[int64]*learned{}}
}

// Extract returns the records of one page of the given template cluster.
// Cluster 0 means "not clustered": the page is extracted on its own and
// nothing is learned.
func (ce *ClusterExtractor) Extract(cluster int64, pageURL string, doc *html.Node) ([]crawl.Record, error) {
	recs, errs := ce.ExtractBatch(context.Background(), []Page{{Cluster: cluster, URL: pageURL, Doc: doc}}, 1)
	return recs[0], errs[0]
}

// learnFrom counts how a page of cluster l was extracted (with the learned
// shape, or falling back after trying it) and learns lesson, the page's
// shape (ok for a list page): from the first list page, and again when the
// learned shape has failed more pages than it fitted (the first page of a
// cluster may be atypical: a portal's home among its result pages). l.mu
// is held.
func (l *learned) learnFrom(lesson shape, applied, tried bool) {
	switch {
	case applied:
		l.hits++
		return
	case tried:
		l.refits++
	}
	if lesson.ok && (!l.shape.ok || l.refits > l.hits) {
		l.shape = lesson
		l.hits, l.refits = 0, 0
	}
}

// Stats returns how many pages of a cluster were extracted with the
// learned region and record shape, and how many fell back.
func (ce *ClusterExtractor) Stats(cluster int64) (reused, fallback int) {
	l := ce.cluster(cluster)
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.hits, l.refits
}

func (ce *ClusterExtractor) cluster(id int64) *learned {
	ce.mu.Lock()
	defer ce.mu.Unlock()
	l := ce.clusters[id]
	if l == nil {
		l = &learned{cols: newColumns()}
		l.cols.keyed = true
		ce.clusters[id] = l
	}
	return l
}

// lesson is the shape a cluster learns from a: where its main region is
// and what its first record looks like; not ok when a has no list region
// (no records, or API entries).
func (a analysis) lesson() shape {
	if len(a.regions) == 0 || a.entries {
		return shape{}
	}
	r := a.regions[0]
	t := a.p.t
	proto := stm.Build(t.Node[r.records[0][0]], stm.DefaultOptions())
	proto.Node = nil // keep the shape, not the page's DOM
	return shape{path: nodePath(a.p, r.node), flat: !sameParent(t, r.node, r.records), proto: proto, ok: true}
}

// sameParent reports whether every record is made of children of node.
func sameParent(t *stm.Tree, node int, recs [][]int32) bool {
	for _, r := range recs {
		if int(t.Parent[r[0]]) != node {
			return false
		}
	}
	return true
}

// apply extracts p with the learned region path and record shape; ok is
// false when they do not fit the page.
func (l shape) apply(p *page, m *stm.Matcher, cfg Config) (analysis, bool) {
	node := findPath(p, l.path)
	if node < 0 {
		return analysis{}, false
	}
	r := region{node: node}
	seg := segmentNode(m, p, node, cfg)
	r.records, r.sim = seg.records, seg.sim
	if l.flat {
		r = flatten(p, m, cfg, r)
	}
	if len(r.records) < cfg.MinRecords || r.sim < cfg.MinSimilarity {
		return analysis{}, false
	}
	if total := float64(p.text[0]); total > 0 {
		if float64(recordsText(p, r.records))/total < cfg.MinCoverage {
			return analysis{}, false // a minor list of this page, not its records
		}
	}
	if m.SimilarityNodes(l.proto, 0, p.t, int(r.records[0][0])) < cfg.MinSimilarity {
		return analysis{}, false
	}
	regions := append([]region{r}, moreRegions(p, m, cfg, r)...)
	return analysis{p: p, regions: append(regions, strays(p, m, r, regions)...)}, true
}

// nodePath lists the segment names from the root's child down to node.
func nodePath(p *page, node int) []string {
	var path []string
	for i := node; i > 0; i = int(p.t.Parent[i]) {
		path = append(path, p.name(int32(i)))
	}
	for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
		path[a], path[b] = path[b], path[a]
	}
	return path
}

// findPath returns the node at path with the most children, or -1.
func findPath(p *page, path []string) int {
	t := p.t
	best, bestKids := -1, 0
	var walk func(i, depth int)
	walk = func(i, depth int) {
		if depth == len(path) {
			if k := len(t.Children(i)); k > bestKids {
				best, bestKids = i, k
			}
			return
		}
		for _, c := range t.Children(i) {
			if t.Label[c] != stm.TextLabel && p.name(c) == path[depth] {
				walk(int(c), depth+1)
			}
		}
	}
	if t.Len() > 0 {
		walk(0, 0)
	}
	return best
}
