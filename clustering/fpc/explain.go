package fpc

import (
	"cmp"
	"slices"
)

// Terms are the nine similarity terms of two pages or of a page and a
// centre, unweighted: the layered vector's (eq. 6), then the eight sets'
// in the order of the Set constants.
type Terms [1 + numSets]float64

// Sum is eq. 5: the terms weighted by w.
func (t *Terms) Sum(w *Weights) float64 {
	var s float64
	for i, x := range t {
		s += w[i] * x
	}
	return s
}

// CentreTerms compare a page with one stored cluster.
type CentreTerms struct {
	ID   int64
	Size int
	// Page: the page against the cluster's centre (eqs. 6, 8), the
	// similarity MKmeans assigns pages by and seeds clusters by (below D)
	// and rejoinSingletons moves pages by.
	Page Terms
	// Centre: the centre of a cluster of this page alone against the
	// cluster's (eqs. 6, 7), the similarity clusters merge by (at least
	// Alpha) in MKmeans and in the merge into the stored clusters.
	Centre Terms
	// Candidate: the cluster is among the LSH candidates of the one-page
	// centre (algorithm 3 compares a sub-cluster with those only).
	Candidate bool
}

// Explain compares page p with every stored cluster, term by term, most
// similar first by the Page terms' sum (ties by id): why a page is, or is
// not, in a cluster. It does not change the clusters.
func (c *Clusterer) Explain(p *Features) []CentreTerms {
	alone := newAcc()
	alone.add(p, &c.cfg)
	own := alone.derive(&c.cfg)
	cands := c.ix.candidates(fingerprints(own.Sets[SetTagAttr]), c.cfg.Beta)
	out := make([]CentreTerms, 0, len(c.clusters))
	for id, cl := range c.clusters {
		cen := cl.acc.derive(&c.cfg)
		ct := CentreTerms{ID: id, Size: cl.acc.N, Candidate: slices.Contains(cands, id)}
		ct.Page[0] = layeredSim(p, cen)
		ct.Centre[0] = layeredSim(own, cen)
		in := intersections(&p.bits, &cen.bits)
		inOwn := intersections(&own.bits, &cen.bits)
		for i := range numSets {
			ct.Page[1+i] = toCentre(i, in[i], p.nbits[i], cen.nbits[i], p.sizes[i], cen.sizes[i], c.cfg.Alpha)
			ct.Centre[1+i] = jaccard(i, inOwn[i], own.nbits[i], cen.nbits[i], own.sizes[i], cen.sizes[i], c.cfg.Alpha)
		}
		out = append(out, ct)
	}
	w := &c.cfg.Weights
	slices.SortFunc(out, func(a, b CentreTerms) int {
		if d := cmp.Compare(b.Page.Sum(w), a.Page.Sum(w)); d != 0 {
			return d
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// Weights returns the weights of the nine terms the Clusterer uses.
func (c *Clusterer) Weights() Weights { return c.cfg.Weights }
