package fpc

// Weights of the nine similarities: the layered vector first, then the
// eight sets in the order of the Set constants. They should sum to 1.
type Weights [1 + numSets]float64

// DefaultWeights favour what a template fixes (layout, class and id
// values, stylesheets, scripts) over what varies with content (links,
// anchors, short texts, images).
var DefaultWeights = Weights{0.30, 0.30, 0.04, 0.10, 0.08, 0.04, 0.04, 0.06, 0.04}

// cosLayer is the cosine of two unit-length tag-frequency vectors sorted
// by tag: their dot product.
func cosLayer(a, b []tagFreq) float64 {
	var dot float64
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].Tag == b[j].Tag:
			dot += a[i].Freq * b[j].Freq
			i++
			j++
		case a[i].Tag < b[j].Tag:
			i++
		default:
			j++
		}
	}
	return dot
}

// layeredSim is eq. 6: Σ_{i ≤ min(L1,L2)} cos(V1_i, V2_i) / ((L1+L2)/2).
// A dropped centre layer (nil) contributes 0 but still counts in L.
func layeredSim(a, b [][]tagFreq) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	var s float64
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != nil && b[i] != nil {
			s += cosLayer(a[i], b[i])
		}
	}
	return s / (float64(len(a)+len(b)) / 2)
}

// jaccard is eq. 7, the smoothed Jaccard between two pages or two centres:
// (|S1∩S2| + α) / (|S1∪S2| + 1), on the sets' bitsets (na, nb: their
// counts). Two empty sets score α.
func jaccard(a, b *sketch, na, nb int32, alpha float64) float64 {
	in := a.and(b)
	return (float64(in) + alpha) / (float64(int(na)+int(nb)-in) + 1)
}

// toCentre is eq. 8, page S against centre set T: (|S∩T| + α) / (|T| + 1).
func toCentre(s, t *sketch, nt int32, alpha float64) float64 {
	return (float64(s.and(t)) + alpha) / (float64(nt) + 1)
}

// pageSim is the weighted similarity of two pages (eq. 5 with eq. 6, 7).
func pageSim(a, b *Features, w *Weights, alpha float64) float64 {
	s := w[0] * layeredSim(a.Layers, b.Layers)
	for i := range numSets {
		s += w[1+i] * jaccard(&a.bits[i], &b.bits[i], a.counts[i], b.counts[i], alpha)
	}
	return s
}

// pageCentreSim compares a page with a cluster centre (eqs. 5, 6, 8).
func pageCentreSim(p *Features, c *Features, w *Weights, alpha float64) float64 {
	s := w[0] * layeredSim(p.Layers, c.Layers)
	for i := range numSets {
		s += w[1+i] * toCentre(&p.bits[i], &c.bits[i], c.counts[i], alpha)
	}
	return s
}

// PageSimilarity is the weighted similarity of two pages' features with
// the default weights and α = 0.5 (the benchmarked page-pair similarity).
func PageSimilarity(a, b *Features) float64 { return pageSim(a, b, &DefaultWeights, 0.5) }
