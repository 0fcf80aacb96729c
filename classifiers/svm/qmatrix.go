package svm

// svcQ is the C-SVC matrix Q_ij = y_i y_j K(x_i, x_j) over a training
// subset, with a column cache. Its rows follow the solver's permutation:
// swap keeps vectors, norms, diagonal and cache in step. Low-dimensional
// data are also kept as dense rows, whose inner products are much cheaper
// than merging sparse vectors.
type svcQ struct {
	k     kernel
	x     [][]Node
	xx    []float64 // |x_i|²
	y     []int8
	qd    []float64 // Q_ii
	cache *cache

	dim  int       // length of a dense row; 0 without dense rows
	rows []float64 // dense rows in the original order
	row  []int     // row[i]: the dense row of position i

	gram    *Gram // kernel values to gather, or nil to compute them
	gramRow []int // gramRow[i]: the row of position i in gram
}

// maxDenseRows bounds the dense copy of the training vectors (entries).
const maxDenseRows = 1 << 24

func newSVCQ(x [][]Node, y []int8, param Param, gram *Gram) *svcQ {
	q := &svcQ{
		k:  newKernel(param),
		x:  append([][]Node(nil), x...),
		xx: make([]float64, len(x)),
		y:  append([]int8(nil), y...),
		qd: make([]float64, len(x)),
	}
	nnz, dim := 0, 0
	for i, xi := range q.x {
		q.xx[i] = sqnorm(xi)
		nnz += len(xi)
		if n := len(xi); n > 0 {
			dim = max(dim, xi[n-1].Index)
		}
	}
	if dim > 0 && dim <= maxDenseRows/len(x) && dim*len(x) <= 4*nnz+1024 {
		q.dim = dim
		q.rows = make([]float64, dim*len(x))
		q.row = make([]int, len(x))
		for i, xi := range q.x {
			q.row[i] = i
			for _, n := range xi {
				q.rows[i*dim+n.Index-1] = n.Value
			}
		}
	}
	for i := range q.x {
		q.qd[i] = q.kij(i, i)
	}
	// The Gram holds what fill computes: the dense-row RBF values (the
	// sparse path uses math.Exp), or any other kernel, whose values do not
	// depend on the path.
	if gram != nil && gram.kern.same(q.k) && (q.rows != nil || q.k.typ != RBF) {
		if q.gramRow = gram.rows(q.x); q.gramRow != nil {
			q.gram = gram
		}
	}
	q.cache = newCache(len(x), param.CacheMB*(1<<20))
	return q
}

func (q *svcQ) kij(i, j int) float64 {
	return q.k.eval(dot(q.x[i], q.x[j]), q.xx[i], q.xx[j])
}

// column returns Q's column i, valid in its first length entries.
func (q *svcQ) column(i, length int) []float32 {
	col, valid := q.cache.get(i, length)
	if valid < length {
		q.fill(col, i, valid, length)
	}
	return col
}

// fill computes col[from:to] of column i.
func (q *svcQ) fill(col []float32, i, from, to int) {
	if q.gram != nil {
		q.gather(col, i, from, to)
		return
	}
	yi := float64(q.y[i])
	if q.rows == nil {
		for j := from; j < to; j++ {
			col[j] = float32(yi * float64(q.y[j]) * q.kij(i, j))
		}
		return
	}
	d := q.dim
	ri := q.rows[q.row[i]*d : q.row[i]*d+d]
	if q.k.typ != RBF {
		for j := from; j < to; j++ {
			rj := q.rows[q.row[j]*d : q.row[j]*d+d]
			col[j] = float32(yi * float64(q.y[j]) * q.k.eval(dotDense(ri, rj), q.xx[i], q.xx[j]))
		}
		return
	}
	var kv, norm, zero [blockSize]float64
	rowOf := func(j int) []float64 { return q.rows[q.row[j]*d : q.row[j]*d+d] }
	for j0 := from; j0 < to; j0 += blockSize {
		n := min(blockSize, to-j0)
		t := 0
		for ; t+4 <= n; t += 4 {
			j := j0 + t
			kv[t], kv[t+1], kv[t+2], kv[t+3] = dotDense4(ri, rowOf(j), rowOf(j+1), rowOf(j+2), rowOf(j+3))
		}
		for ; t < n; t++ {
			kv[t] = dotDense(ri, rowOf(j0+t))
		}
		for t := range n {
			norm[t] = q.xx[j0+t]
		}
		rbfTerms(kv[:n], norm[:n], zero[:n], q.xx[i], q.k.gamma)
		for t := range n {
			col[j0+t] = float32(yi * float64(q.y[j0+t]) * kv[t])
		}
	}
}

// gather copies col[from:to] of column i from the Gram: float32(y_i y_j K)
// is ±float32(K), rounding being symmetric, and multiplying by ±1 is exact.
func (q *svcQ) gather(col []float32, i, from, to int) {
	n := q.gram.n
	r := q.gramRow[i] * n
	k := q.gram.k[r : r+n]
	rows, y := q.gramRow[from:to], q.y[from:to]
	col = col[from:to]
	yi := float32(q.y[i])
	for t, j := range rows {
		col[t] = yi * float32(y[t]) * k[j]
	}
}

// dotDense4 returns a·b0, a·b1, a·b2 and a·b3, each summed in the order
// dotDense sums it, so each equals dotDense's bit for bit; the four
// independent sums overlap instead of waiting on one another's additions.
func dotDense4(a, b0, b1, b2, b3 []float64) (s0, s1, s2, s3 float64) {
	b0, b1, b2, b3 = b0[:len(a)], b1[:len(a)], b2[:len(a)], b3[:len(a)]
	for k, v := range a {
		s0 += v * b0[k]
		s1 += v * b1[k]
		s2 += v * b2[k]
		s3 += v * b3[k]
	}
	return s0, s1, s2, s3
}

// dotDense returns a·b for two rows of equal length.
func dotDense(a, b []float64) float64 {
	b = b[:len(a)]
	var s float64
	for k, v := range a {
		s += v * b[k]
	}
	return s
}

func (q *svcQ) swap(i, j int) {
	q.cache.swap(i, j)
	q.x[i], q.x[j] = q.x[j], q.x[i]
	q.xx[i], q.xx[j] = q.xx[j], q.xx[i]
	q.y[i], q.y[j] = q.y[j], q.y[i]
	q.qd[i], q.qd[j] = q.qd[j], q.qd[i]
	if q.row != nil {
		q.row[i], q.row[j] = q.row[j], q.row[i]
	}
	if q.gramRow != nil {
		q.gramRow[i], q.gramRow[j] = q.gramRow[j], q.gramRow[i]
	}
}
