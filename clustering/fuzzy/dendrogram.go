package fuzzy

import (
	"cmp"
	"slices"
)

// Edge is one edge of the maximum spanning forest: pages A and B (indexes
// into the clustered pages) and their similarity.
type Edge struct {
	A, B   int
	Weight float64
}

// Dendrogram is a maximum spanning forest of a similarity graph. Cutting it
// at r (breaking the edges with weight < r, keeping those equal to r) gives
// the clusters at level r; as r rises from 0 to 1 they go from coarse to
// fine. For every r the clusters equal single-linkage clusters at distance
// 1 − r, with pages that share no word never linked. A Dendrogram is
// immutable and safe for concurrent use.
type Dendrogram struct {
	n     int
	edges []Edge // heaviest first; ties by A then B
}

func newDendrogram(n int, edges []Edge) *Dendrogram {
	slices.SortFunc(edges, func(x, y Edge) int {
		if c := cmp.Compare(y.Weight, x.Weight); c != 0 {
			return c
		}
		if c := cmp.Compare(x.A, y.A); c != 0 {
			return c
		}
		return cmp.Compare(x.B, y.B)
	})
	return &Dendrogram{n: n, edges: edges}
}

// Len returns the number of pages.
func (d *Dendrogram) Len() int { return d.n }

// Edges returns a copy of the forest's edges, heaviest first.
func (d *Dendrogram) Edges() []Edge { return slices.Clone(d.edges) }

// Levels returns the distinct edge weights in ascending order: the r values
// at which the partition changes. Cutting at any r in (Levels[k-1],
// Levels[k]] gives the same clusters as cutting at Levels[k]; above the last
// level every page is alone.
func (d *Dendrogram) Levels() []float64 {
	var out []float64
	for i := len(d.edges) - 1; i >= 0; i-- {
		if w := d.edges[i].Weight; len(out) == 0 || out[len(out)-1] != w {
			out = append(out, w)
		}
	}
	return out
}

// Count returns the number of clusters at level r.
func (d *Dendrogram) Count(r float64) int {
	kept, _ := slices.BinarySearchFunc(d.edges, r, func(e Edge, r float64) int {
		if e.Weight >= r {
			return -1
		}
		return 1
	})
	return d.n - kept
}

// Cut returns the clusters at level r: the connected parts of the forest
// after breaking every edge with weight < r. Each cluster lists its pages in
// ascending order; clusters are ordered by their first page.
func (d *Dendrogram) Cut(r float64) [][]int {
	return groups(d.Labels(r))
}

// Labels returns, for each page, the number of its cluster at level r:
// clusters are numbered 0, 1, … in the order of their first page.
func (d *Dendrogram) Labels(r float64) []int { return d.labels(r, d.n, 2) }

// CutCapped is Cut(r) with clusters of at most maxPages pages, unless
// their pages are cohesive: the kept edges join their pages heaviest first
// (Kruskal's order), and an edge lighter than cohesive that would make a
// cluster of more than maxPages pages is skipped, so an oversized cluster
// of Cut(r) falls apart at its weakest links into the parts its strongest
// links hold together. Edges of weight ≥ cohesive always join.
func (d *Dendrogram) CutCapped(r float64, maxPages int, cohesive float64) [][]int {
	return groups(d.labels(r, max(1, maxPages), cohesive))
}

func (d *Dendrogram) labels(r float64, maxPages int, cohesive float64) []int {
	parent := make([]int, d.n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	var size []int
	if maxPages < d.n {
		size = make([]int, d.n)
		for i := range size {
			size[i] = 1
		}
	}
	for _, e := range d.edges {
		if e.Weight < r {
			break
		}
		a, b := find(e.A), find(e.B)
		if a > b {
			a, b = b, a
		}
		if size != nil {
			if e.Weight < cohesive && size[a]+size[b] > maxPages {
				continue
			}
			size[a] += size[b]
		}
		parent[b] = a // the root is always the smallest page
	}
	labels := make([]int, d.n)
	next := 0
	for i := range labels {
		if root := find(i); root == i {
			labels[i] = next
			next++
		} else {
			labels[i] = labels[root]
		}
	}
	return labels
}

// groups turns cluster labels numbered in first-page order into clusters.
func groups(labels []int) [][]int {
	var out [][]int
	for i, l := range labels {
		if l == len(out) {
			out = append(out, nil)
		}
		out[l] = append(out[l], i)
	}
	return out
}
