package svm

import (
	"encoding/binary"
	"math"
)

// blockSize is the number of support vectors whose kernel values are
// computed together: their coordinates are stored feature-major so the
// inner loop runs over independent accumulators.
const blockSize = 32

// blocks is the prediction fast path of a binary model: support vectors
// with identical coordinates merged (coefficients summed, which is exact up
// to rounding), padded to whole blocks with zero coefficients.
type blocks struct {
	dim  int
	mt   []float64 // mt[(b·dim + j)·blockSize + t] = coordinate j+1 of SV t of block b
	coef []float64
	norm []float64
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
	nb := (len(uniq) + blockSize - 1) / blockSize
	bl := &blocks{
		dim:  dim,
		mt:   make([]float64, nb*dim*blockSize),
		coef: make([]float64, nb*blockSize),
		norm: make([]float64, nb*blockSize),
	}
	for s, x := range uniq {
		b, t := s/blockSize, s%blockSize
		for _, n := range x {
			bl.mt[(b*dim+n.Index-1)*blockSize+t] = n.Value
		}
		bl.coef[s] = ucoef[s]
		bl.norm[s] = sqnorm(x)
	}
	return bl
}

// sum returns Σ coef·K(x, sv) for a sparse x with |x|² = xx.
func (bl *blocks) sum(k kernel, x []Node, xx float64) float64 {
	var total float64
	var acc [blockSize]float64
	for b := 0; b*blockSize < len(bl.coef); b++ {
		acc = [blockSize]float64{}
		base := b * bl.dim
		for _, n := range x {
			j := n.Index - 1
			if j < 0 || j >= bl.dim {
				continue
			}
			o := (base + j) * blockSize
			col := bl.mt[o : o+blockSize : o+blockSize]
			v := n.Value
			for t := range acc {
				acc[t] += v * col[t]
			}
		}
		total += bl.terms(k, &acc, b, xx)
	}
	return total
}

// sumDense is sum for a dense x (x[j] is feature j+1).
func (bl *blocks) sumDense(k kernel, x []float64, xx float64) float64 {
	var total float64
	var acc [blockSize]float64
	x = x[:min(len(x), bl.dim)]
	stride := bl.dim * blockSize
	for b := 0; b*blockSize < len(bl.coef); b++ {
		m := bl.mt[b*stride : (b+1)*stride]
		for t := 0; t < blockSize; t += 4 {
			var d0, d1, d2, d3 float64
			o := t
			for _, v := range x {
				c := m[o : o+4 : o+4]
				d0 += v * c[0]
				d1 += v * c[1]
				d2 += v * c[2]
				d3 += v * c[3]
				o += blockSize
			}
			acc[t], acc[t+1], acc[t+2], acc[t+3] = d0, d1, d2, d3
		}
		total += bl.terms(k, &acc, b, xx)
	}
	return total
}

// terms returns Σ_t coef_t·K for block b given the dot products in acc.
func (bl *blocks) terms(k kernel, acc *[blockSize]float64, b int, xx float64) float64 {
	o := b * blockSize
	coef := (*[blockSize]float64)(bl.coef[o : o+blockSize])
	norm := (*[blockSize]float64)(bl.norm[o : o+blockSize])
	if k.typ == RBF {
		return rbfTerms(acc, norm, coef, xx, k.gamma)
	}
	var s float64
	for t, d := range acc {
		s += coef[t] * k.eval(d, xx, norm[t])
	}
	return s
}
