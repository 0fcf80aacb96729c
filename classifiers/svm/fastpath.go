package svm

import (
	"encoding/binary"
	"math"
)

// blockSize is the number of support vectors whose kernel values are
// finished together (one batch of exp evaluations, see expBlock).
const blockSize = 32

// group is the number of support vectors whose dot products with x share
// one pass over x's non-zero coordinates: each has its own accumulator, so
// the additions are independent.
const group = 4

// compactSize bounds the non-zero coordinates of x gathered at once on the
// stack; models with more features than that gather them in chunks.
const compactSize = 64

// blocks is the prediction fast path of a binary model: support vectors
// with identical coordinates merged (coefficients summed, which is exact up
// to rounding), features no support vector uses dropped, and the remaining
// coordinates stored group-interleaved so the dot-product loop reads them
// contiguously.
//
// Each dot product adds x_j·sv_j in increasing feature order, leaving out
// only terms where x_j or sv_j is 0, which add ±0; the kernel values of a
// block of blockSize support vectors are summed in support-vector order.
// So the decision value does not depend on x's zeros or on the model's
// unused features.
type blocks struct {
	dim  int
	cols []int   // features (0-based) some support vector uses, increasing
	pos  []int32 // pos[j]: index of feature j in cols, or -1; len dim
	// mt[g·len(cols) + k][t] = coordinate cols[k]+1 of support vector g·group+t
	// (0 for the padding of the last group).
	mt   [][group]float64
	coef []float64 // one per (merged) support vector
	norm []float64 // |sv|²
}

func newBlocks(sv [][]Node, coef []float64, dim int) *blocks {
	index := map[string]int{}
	var uniq [][]Node
	var ucoef []float64
	key := make([]byte, 0, 256)
	for s, x := range sv {
		key = key[:0]
		for _, n := range x {
			key = binary.LittleEndian.AppendUint64(key, uint64(n.Index))
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(n.Value))
		}
		if u, ok := index[string(key)]; ok {
			ucoef[u] += coef[s]
			continue
		}
		index[string(key)] = len(uniq)
		uniq = append(uniq, x)
		ucoef = append(ucoef, coef[s])
	}
	bl := &blocks{dim: dim, pos: make([]int32, dim), coef: ucoef, norm: make([]float64, len(uniq))}
	used := make([]bool, dim)
	for _, x := range uniq {
		for _, n := range x {
			if n.Value != 0 {
				used[n.Index-1] = true
			}
		}
	}
	for j := range used {
		bl.pos[j] = -1
		if used[j] {
			bl.pos[j] = int32(len(bl.cols))
			bl.cols = append(bl.cols, j)
		}
	}
	ng := (len(uniq) + group - 1) / group
	bl.mt = make([][group]float64, ng*len(bl.cols))
	for s, x := range uniq {
		g, t := s/group, s%group
		for _, n := range x {
			if k := bl.pos[n.Index-1]; k >= 0 {
				bl.mt[g*len(bl.cols)+int(k)][t] = n.Value
			}
		}
		bl.norm[s] = sqnorm(x)
	}
	return bl
}

// gathered is x's non-zero coordinates on features the model uses: row
// offsets into a group's slice of mt, and values, in feature order.
type gathered struct {
	off [compactSize]int32
	val [compactSize]float64
	n   int
}

// gatherDense collects the non-zero x[cols[k]] for k from k0 on, at most
// compactSize of them, and returns the k to continue from.
func (bl *blocks) gatherDense(x []float64, k0 int, g *gathered) int {
	g.n = 0
	k := k0
	for ; k < len(bl.cols) && g.n < compactSize; k++ {
		j := bl.cols[k]
		if j >= len(x) {
			return len(bl.cols)
		}
		if v := x[j]; v != 0 {
			g.off[g.n], g.val[g.n] = int32(k), v
			g.n++
		}
	}
	return k
}

// gatherSparse is gatherDense for sparse nodes, from x[i0] on.
func (bl *blocks) gatherSparse(x []Node, i0 int, g *gathered) int {
	g.n = 0
	i := i0
	for ; i < len(x) && g.n < compactSize; i++ {
		j := x[i].Index - 1
		if j < 0 || j >= bl.dim || x[i].Value == 0 {
			continue
		}
		if k := bl.pos[j]; k >= 0 {
			g.off[g.n], g.val[g.n] = k, x[i].Value
			g.n++
		}
	}
	return i
}

// sum returns Σ coef·K(x, sv) for a sparse x with |x|² = xx.
func (bl *blocks) sum(k kernel, x []Node, xx float64) float64 {
	var g gathered
	var acc [blockSize]float64
	var total float64
	next := bl.gatherSparse(x, 0, &g)
	whole := next == len(x) // one gathering serves every block
	for b := 0; b*blockSize < len(bl.coef); b++ {
		acc = [blockSize]float64{}
		if !whole && b > 0 {
			next = bl.gatherSparse(x, 0, &g)
		}
		bl.dots(&acc, b, &g)
		for next < len(x) {
			next = bl.gatherSparse(x, next, &g)
			bl.dots(&acc, b, &g)
		}
		total += bl.terms(k, &acc, b, xx)
	}
	return total
}

// sumDense is sum for a dense x (x[j] is feature j+1).
func (bl *blocks) sumDense(k kernel, x []float64, xx float64) float64 {
	var g gathered
	var acc [blockSize]float64
	var total float64
	next := bl.gatherDense(x, 0, &g)
	whole := next == len(bl.cols)
	for b := 0; b*blockSize < len(bl.coef); b++ {
		acc = [blockSize]float64{}
		if !whole && b > 0 {
			next = bl.gatherDense(x, 0, &g)
		}
		bl.dots(&acc, b, &g)
		for next < len(bl.cols) {
			next = bl.gatherDense(x, next, &g)
			bl.dots(&acc, b, &g)
		}
		total += bl.terms(k, &acc, b, xx)
	}
	return total
}

// dots adds to acc the dot products of the gathered coordinates with the
// support vectors of block b.
func (bl *blocks) dots(acc *[blockSize]float64, b int, g *gathered) {
	nc := len(bl.cols)
	off, val := g.off[:g.n], g.val[:g.n]
	first := b * (blockSize / group)
	last := min(first+blockSize/group, len(bl.mt)/max(nc, 1))
	for gi := first; gi < last; gi++ {
		m := bl.mt[gi*nc : (gi+1)*nc]
		a := (*[group]float64)(acc[(gi-first)*group:])
		d0, d1, d2, d3 := a[0], a[1], a[2], a[3]
		for i, o := range off {
			c := &m[o]
			v := val[i]
			d0 += v * c[0]
			d1 += v * c[1]
			d2 += v * c[2]
			d3 += v * c[3]
		}
		a[0], a[1], a[2], a[3] = d0, d1, d2, d3
	}
}

// terms returns Σ_t coef_t·K for block b given the dot products in acc.
func (bl *blocks) terms(k kernel, acc *[blockSize]float64, b int, xx float64) float64 {
	o := b * blockSize
	n := min(blockSize, len(bl.coef)-o)
	coef, norm := bl.coef[o:o+n], bl.norm[o:o+n]
	if k.typ == RBF {
		return rbfTerms(acc[:n], norm, coef, xx, k.gamma)
	}
	var s float64
	for t, d := range acc[:n] {
		s += coef[t] * k.eval(d, xx, norm[t])
	}
	return s
}
