package svm

// svcQ is the C-SVC matrix Q_ij = y_i y_j K(x_i, x_j) over a training
// subset, with a column cache. Its rows follow the solver's permutation:
// swap keeps vectors, norms, diagonal and cache in step.
type svcQ struct {
	k     kernel
	x     [][]Node
	xx    []float64 // |x_i|²
	y     []int8
	qd    []float64 // Q_ii
	cache *cache
}

func newSVCQ(x [][]Node, y []int8, param Param) *svcQ {
	q := &svcQ{
		k:  newKernel(param),
		x:  append([][]Node(nil), x...),
		xx: make([]float64, len(x)),
		y:  append([]int8(nil), y...),
		qd: make([]float64, len(x)),
	}
	for i, xi := range q.x {
		q.xx[i] = sqnorm(xi)
	}
	for i := range q.x {
		q.qd[i] = q.kij(i, i)
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
	yi := float64(q.y[i])
	for j := valid; j < length; j++ {
		col[j] = float32(yi * float64(q.y[j]) * q.kij(i, j))
	}
	return col
}

func (q *svcQ) swap(i, j int) {
	q.cache.swap(i, j)
	q.x[i], q.x[j] = q.x[j], q.x[i]
	q.xx[i], q.xx[j] = q.xx[j], q.xx[i]
	q.y[i], q.y[j] = q.y[j], q.y[i]
	q.qd[i], q.qd[j] = q.qd[j], q.qd[i]
}
