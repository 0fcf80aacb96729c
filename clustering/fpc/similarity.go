package fpc

import "math"

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
// A dropped centre layer (nil) contributes 0 but still counts in L. The
// cosines are the dot products of the unit-length layers, read from the
// pages' layer indexes (layers.go).
func layeredSim(a, b *Features) float64 {
	if len(a.Layers)+len(b.Layers) == 0 {
		return 1
	}
	return layerDot(&a.layers, &b.layers) / (float64(len(a.Layers)+len(b.Layers)) / 2)
}

// jaccard is eq. 7, the smoothed Jaccard between two pages or two centres:
// (|S1∩S2| + α) / (|S1∪S2| + 1), the sizes estimated from set i's sketches
// (sketch.go): in is the count of the ANDed sketches, na and nb their
// own counts, sa and sb the sizes those give. Two empty sets score α.
func jaccard(i, in, na, nb int, sa, sb, alpha float64) float64 {
	union := setLC(i, na+nb-in)
	return (nonNegative(sa+sb-union.size) + alpha) * union.inv
}

// nonNegative is max(x, 0) for x not NaN, in four integer steps: a
// negative x (sign bit set) becomes +0.
func nonNegative(x float64) float64 {
	b := math.Float64bits(x)
	return math.Float64frombits(b &^ uint64(int64(b)>>63))
}

// toCentre is eq. 8, page S against centre set T: (|S∩T| + α) / (|T| + 1).
func toCentre(i, in, ns, nt int, ss, st, alpha float64) float64 {
	inter := nonNegative(ss + st - setLC(i, ns+nt-in).size)
	return (inter + alpha) * setLC(i, nt).inv
}

// pageSim is the weighted similarity of two pages (eq. 5 with eq. 6, 7).
func pageSim(a, b *Features, w *Weights, alpha float64) float64 {
	return w[0]*layeredSim(a, b) + setSim(a, b, w, alpha)
}

// setSimGo is Σ_i w[1+i]·jaccard_i over the eight sets of two pages, the
// lcTable index from a.lcAt. setSim is this, or on amd64 the same steps in
// assembly (the float64 conversions keep the compiler from fusing a
// product and its sum where the CPU has FMA, which the assembly does not
// use).
func setSimGo(a, b *Features, w *Weights, alpha float64) float64 {
	in := intersectionsGo(&a.bits, &b.bits)
	var s float64
	for i := range numSets {
		union := &lcTable[(a.lcAt[i]+b.nbits[i]-in[i])&(lcSlots-1)]
		s += float64(w[1+i] * float64((nonNegative(a.sizes[i]+b.sizes[i]-union.size)+alpha)*union.inv))
	}
	return s
}

// pageCentreSim compares a page with a cluster centre (eqs. 5, 6, 8).
func pageCentreSim(p *Features, c *Features, w *Weights, alpha float64) float64 {
	in := intersections(&p.bits, &c.bits)
	s := w[0] * layeredSim(p, c)
	for i := range numSets {
		s += w[1+i] * toCentre(i, in[i], p.nbits[i], c.nbits[i], p.sizes[i], c.sizes[i], alpha)
	}
	return s
}

// PageSimilarity is the weighted similarity of two pages' features with
// the default weights and α = 0.5 (the benchmarked page-pair similarity).
func PageSimilarity(a, b *Features) float64 { return pageSim(a, b, &DefaultWeights, 0.5) }
