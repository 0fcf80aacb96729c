package svm

import "math"

// kernel evaluates one kernel function with fixed parameters.
type kernel struct {
	typ    KernelType
	gamma  float64
	coef0  float64
	degree int
}

func newKernel(param Param) kernel {
	return kernel{typ: param.Kernel, gamma: param.Gamma, coef0: param.Coef0, degree: param.Degree}
}

// eval returns K(u, v) given u·v and the squared norms |u|², |v|².
func (k kernel) eval(dot, uu, vv float64) float64 {
	switch k.typ {
	case Poly:
		return powi(k.gamma*dot+k.coef0, k.degree)
	case RBF:
		d := uu + vv - 2*dot
		if d < 0 {
			d = 0
		}
		return math.Exp(-k.gamma * d)
	case Sigmoid:
		return math.Tanh(k.gamma*dot + k.coef0)
	default:
		return dot
	}
}

// same reports whether k and o are the same function: the parameters a
// kernel type does not use are ignored.
func (k kernel) same(o kernel) bool {
	switch {
	case k.typ != o.typ:
		return false
	case k.typ == Linear:
		return true
	case k.typ == Poly:
		return k.gamma == o.gamma && k.coef0 == o.coef0 && k.degree == o.degree
	case k.typ == Sigmoid:
		return k.gamma == o.gamma && k.coef0 == o.coef0
	}
	return k.gamma == o.gamma
}

// dot returns the inner product of two sparse vectors.
func dot(u, v []Node) float64 {
	var s float64
	i, j := 0, 0
	for i < len(u) && j < len(v) {
		switch {
		case u[i].Index == v[j].Index:
			s += u[i].Value * v[j].Value
			i++
			j++
		case u[i].Index < v[j].Index:
			i++
		default:
			j++
		}
	}
	return s
}

// sqnorm returns |u|².
func sqnorm(u []Node) float64 {
	var s float64
	for _, n := range u {
		s += n.Value * n.Value
	}
	return s
}

// powi returns base^n for n >= 0 by repeated squaring.
func powi(base float64, n int) float64 {
	r := 1.0
	for t := n; t > 0; t /= 2 {
		if t%2 == 1 {
			r *= base
		}
		base *= base
	}
	return r
}

// cache is an LRU cache of kernel-matrix columns in float32, as LIBSVM
// keeps them. Column i may be filled only up to a prefix; get reports how
// much of it is valid so the caller computes the rest.
type cache struct {
	cols       [][]float32 // cols[i]: cached prefix of column i
	prev, next []int       // LRU ring over cached columns; index n is the head
	free       int         // floats still available
	spare      []float32   // the last evicted column, reused to save garbage
	pending    [][2]int    // swaps not yet applied to the columns' entries (i < j)
}

// newCache makes a cache of n columns holding at most bytes bytes, and never
// less than two full columns.
func newCache(n int, bytes float64) *cache {
	size := int(bytes / 4)
	if size < 2*n {
		size = 2 * n
	}
	c := &cache{cols: make([][]float32, n), prev: make([]int, n+1), next: make([]int, n+1), free: size}
	for i := range c.prev {
		c.prev[i], c.next[i] = -1, -1
	}
	c.prev[n], c.next[n] = n, n
	return c
}

func (c *cache) unlink(i int) {
	c.next[c.prev[i]] = c.next[i]
	c.prev[c.next[i]] = c.prev[i]
	c.prev[i], c.next[i] = -1, -1
}

// pushBack inserts i as the most recently used column.
func (c *cache) pushBack(i int) {
	h := len(c.cols)
	c.next[i] = h
	c.prev[i] = c.prev[h]
	c.next[c.prev[i]] = i
	c.prev[h] = i
}

// get returns column i with room for length entries and the number of
// leading entries that are already valid.
func (c *cache) get(i, length int) ([]float32, int) {
	if len(c.pending) > 0 {
		c.flush()
	}
	col := c.cols[i]
	if c.next[i] >= 0 {
		c.unlink(i)
	}
	valid := len(col)
	if valid < length {
		h := len(c.cols)
		for c.free < length-valid {
			old := c.next[h]
			if old == h {
				break
			}
			c.unlink(old)
			c.free += len(c.cols[old])
			if cap(c.cols[old]) > cap(c.spare) {
				c.spare = c.cols[old]
			}
			c.cols[old] = nil
		}
		c.free -= length - valid
		var grown []float32
		if cap(c.spare) >= length {
			grown, c.spare = c.spare[:length], nil
		} else {
			grown = make([]float32, length)
		}
		copy(grown, col)
		col = grown
		c.cols[i] = col
	}
	c.pushBack(i)
	return col, valid
}

// swap exchanges the roles of indices i and j in every cached column and
// swaps their columns, dropping columns that hold one but not the other.
//
// Swaps come in runs (shrinking moves many variables at once) with nothing
// read in between, so swap exchanges the columns now and leaves their
// entries to flush, which takes each cached column once through the whole
// run: the run's indices are close together, and each column's lines stay
// in cache instead of being fetched once per swap. The outcome (entries,
// dropped columns, LRU order, free space) is the same as swapping at once:
// a column's length does not change within a run, and a column dropped
// later than LIBSVM drops it is only carried along in the meantime.
func (c *cache) swap(i, j int) {
	if i == j {
		return
	}
	if c.next[i] >= 0 {
		c.unlink(i)
	}
	if c.next[j] >= 0 {
		c.unlink(j)
	}
	c.cols[i], c.cols[j] = c.cols[j], c.cols[i]
	if c.cols[i] != nil {
		c.pushBack(i)
	}
	if c.cols[j] != nil {
		c.pushBack(j)
	}
	c.pending = append(c.pending, [2]int{min(i, j), max(i, j)})
}

// flush applies the pending swaps to the entries of every cached column,
// in order, dropping a column at the first swap that finds one index but
// not the other inside it.
func (c *cache) flush() {
	h := len(c.cols)
	for k := c.next[h]; k != h; {
		nk := c.next[k]
		col := c.cols[k]
		for _, p := range c.pending {
			i, j := p[0], p[1]
			if len(col) > j {
				col[i], col[j] = col[j], col[i]
			} else if len(col) > i {
				c.unlink(k)
				c.free += len(col)
				c.cols[k] = nil
				break
			}
		}
		k = nk
	}
	c.pending = c.pending[:0]
}
