package fuzzy

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// ErrInput is wrapped by every error about bad input data.
var ErrInput = errors.New("fuzzy: bad input")

// Entry is one non-zero weight of a page: the word's column and its weight.
type Entry struct {
	Col    int32
	Weight float64
}

// Matrix is a sparse page × word weight matrix in compressed-row form: for
// each page its non-zero weights sorted by column. Memory is 12 bytes per
// non-zero weight plus 16 bytes per page. A Matrix is immutable and safe for
// concurrent use.
type Matrix struct {
	ptr []int     // row i is col[ptr[i]:ptr[i+1]]
	col []int32   // word columns, ascending within a row
	val []float64 // weights, > 0
	sum []float64 // Σ weights of each row, summed in column order
}

// NewMatrix builds a Matrix from rows of entries in any order. Zero weights
// are dropped. It fails, naming the row, on a negative column, a repeated
// column, or a weight that is negative, NaN or infinite.
func NewMatrix(rows [][]Entry) (*Matrix, error) {
	m := &Matrix{ptr: make([]int, 1, len(rows)+1)}
	for i, row := range rows {
		row = slices.Clone(row)
		slices.SortFunc(row, func(a, b Entry) int { return int(a.Col) - int(b.Col) })
		for k, e := range row {
			switch {
			case e.Col < 0:
				return nil, fmt.Errorf("%w: row %d: negative column %d", ErrInput, i, e.Col)
			case k > 0 && row[k-1].Col == e.Col:
				return nil, fmt.Errorf("%w: row %d: column %d repeated", ErrInput, i, e.Col)
			case math.IsNaN(e.Weight) || math.IsInf(e.Weight, 0) || e.Weight < 0:
				return nil, fmt.Errorf("%w: row %d column %d: weight %v, want finite ≥ 0", ErrInput, i, e.Col, e.Weight)
			}
		}
		m.appendRow(row)
	}
	return m, nil
}

// DenseMatrix builds a Matrix from a dense n × m weight matrix such as the
// paper's T. Rows may differ in length; the errors are NewMatrix's.
func DenseMatrix(t [][]float64) (*Matrix, error) {
	rows := make([][]Entry, len(t))
	for i, r := range t {
		for j, w := range r {
			if w != 0 {
				rows[i] = append(rows[i], Entry{Col: int32(j), Weight: w})
			}
		}
	}
	return NewMatrix(rows)
}

// appendRow adds one row of entries sorted by column with distinct,
// non-negative columns and finite, non-negative weights.
func (m *Matrix) appendRow(row []Entry) {
	s := 0.0
	for _, e := range row {
		if e.Weight == 0 {
			continue
		}
		m.col = append(m.col, e.Col)
		m.val = append(m.val, e.Weight)
		s += e.Weight
	}
	m.ptr = append(m.ptr, len(m.col))
	m.sum = append(m.sum, s)
}

// Len returns the number of pages (rows).
func (m *Matrix) Len() int { return len(m.ptr) - 1 }

// NNZ returns the number of non-zero weights.
func (m *Matrix) NNZ() int { return len(m.col) }

// Row returns the columns and weights of page i; the slices must not be
// modified.
func (m *Matrix) Row(i int) (cols []int32, weights []float64) {
	a, b := m.ptr[i], m.ptr[i+1]
	return m.col[a:b:b], m.val[a:b:b]
}

// Similarity returns the max-min fuzzy similarity of pages i and j,
// r_ij = Σ_h min(k_ih, k_jh) / Σ_h max(k_ih, k_jh), in [0, 1]. A page with
// no words at all is similar to nothing, itself included: its similarity is
// 0, never 0/0.
func (m *Matrix) Similarity(i, j int) float64 {
	ci, wi := m.Row(i)
	cj, wj := m.Row(j)
	minSum := 0.0
	for a, b := 0, 0; a < len(ci) && b < len(cj); {
		switch {
		case ci[a] < cj[b]:
			a++
		case ci[a] > cj[b]:
			b++
		default:
			minSum += min(wi[a], wj[b])
			a++
			b++
		}
	}
	return ratio(minSum, m.sum[i], m.sum[j])
}

// ratio turns Σ min into Σ min / Σ max using Σ max = S_i + S_j − Σ min
// (for each word min + max = k_i + k_j), clamped to [0, 1].
func ratio(minSum, si, sj float64) float64 {
	if minSum <= 0 {
		return 0
	}
	r := minSum / (si + sj - minSum)
	return min(max(r, 0), 1)
}

// bytes returns the memory held by m's slices (capacities).
func (m *Matrix) bytes() int {
	return 8*cap(m.ptr) + 4*cap(m.col) + 8*cap(m.val) + 8*cap(m.sum)
}
