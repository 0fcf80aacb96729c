package svm

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// Gram is the kernel matrix of a fixed list of vectors for one kernel, in
// float32 as the column cache keeps it. A grid search trains many times on
// subsets of one data set (every fold, every C) with the same kernel; with
// a Gram those trainings gather their kernel columns from it instead of
// computing them, which is where most of a training's time goes.
//
// The values are computed exactly as a training computes its cache columns
// (the same dot products, the same exp, the same rounding to float32), and
// the formula is symmetric bit for bit, so training through a Gram gives
// the same model, bit for bit, as Train.
type Gram struct {
	x      [][]Node
	xx     []float64 // |x_i|²
	kern   kernel
	n      int
	k      []float32 // k[a·n+b] = K(x_a, x_b)
	row    map[*Node]int
	empty  int // row of an empty vector, or -1
	dim    int
	dense  []float64 // dense rows when they are small, as svcQ keeps them
	sparse bool      // no dense rows: sparse dot products

	free    func() // returns k's memory
	cleanup runtime.Cleanup
}

// ErrGramTooLarge is returned by NewGram when the matrix would need more
// bytes than allowed.
var ErrGramTooLarge = errors.New("svm: kernel matrix over its memory budget")

// GramBytes is the memory a Gram of n vectors holds.
func GramBytes(n int) int64 { return 4 * int64(n) * int64(n) }

// NewGram computes the kernel matrix of x for param's kernel on workers
// goroutines, or returns ErrGramTooLarge when GramBytes(len(x)) exceeds
// maxBytes. A zero param.Gamma means 1/(x's largest index), as in Train;
// TrainWithGram checks that the training asks for the same kernel.
func NewGram(x [][]Node, param Param, maxBytes int64, workers int) (*Gram, error) {
	n := len(x)
	if n == 0 {
		return nil, errors.New("svm: kernel matrix of no vectors")
	}
	if GramBytes(n) > maxBytes {
		return nil, fmt.Errorf("%w: %d vectors need %d bytes, budget %d", ErrGramTooLarge, n, GramBytes(n), maxBytes)
	}
	g := &Gram{x: x, xx: make([]float64, n), n: n, row: make(map[*Node]int, n), empty: -1}
	nnz := 0
	for i, xi := range x {
		if err := checkVector(xi); err != nil {
			return nil, fmt.Errorf("svm: kernel matrix: vector %d: %w", i, err)
		}
		g.xx[i] = sqnorm(xi)
		nnz += len(xi)
		if len(xi) == 0 {
			if g.empty < 0 {
				g.empty = i
			}
			continue
		}
		g.dim = max(g.dim, xi[len(xi)-1].Index)
		if _, seen := g.row[&xi[0]]; !seen {
			g.row[&xi[0]] = i
		}
	}
	// Dense rows give the same dot products bit for bit (see svcQ); they
	// are only faster.
	g.sparse = g.dim == 0 || g.dim > maxDenseRows/n || g.dim*n > 4*nnz+1024
	if !g.sparse {
		g.dense = make([]float64, g.dim*n)
		for i, xi := range x {
			for _, nd := range xi {
				g.dense[i*g.dim+nd.Index-1] = nd.Value
			}
		}
	}
	var free func()
	g.k, free = allocMatrix(n * n)
	g.free = free
	g.cleanup = runtime.AddCleanup(g, func(free func()) { free() }, free)
	if err := g.SetKernel(param, workers); err != nil {
		g.Release()
		return nil, err
	}
	return g, nil
}

// errReleased is returned for a Gram used after Release.
var errReleased = errors.New("svm: kernel matrix used after Release")

// Release returns the matrix's memory at once rather than when g becomes
// unreachable. g must not be used afterwards; no training may be using it.
func (g *Gram) Release() {
	if g.k == nil {
		return
	}
	g.cleanup.Stop()
	g.free()
	g.k = nil
}

// SetKernel recomputes the matrix in place for param's kernel (another
// gamma of a grid, say), reusing its memory. No training may use g
// meanwhile.
func (g *Gram) SetKernel(param Param, workers int) error {
	if g.k == nil {
		return errReleased
	}
	param, err := param.withDefaults((&Problem{X: g.x}).MaxIndex())
	if err != nil {
		return err
	}
	g.kern = newKernel(param)
	workers = max(workers, 1)
	var wg sync.WaitGroup
	// Row a holds K(x_a, x_b) for b ≤ a; rows are dealt out in turn so the
	// triangle's work is shared evenly. Then the upper triangle is copied
	// from the lower in tiles.
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for a := w; a < g.n; a += workers {
				g.fillRow(a)
			}
		}()
	}
	wg.Wait()
	const tile = 64
	tiles := (g.n + tile - 1) / tile
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ta := w; ta < tiles; ta += workers {
				for tb := 0; tb < ta; tb++ {
					g.mirrorTile(ta*tile, min(ta*tile+tile, g.n), tb*tile, tb*tile+tile)
				}
				g.mirrorTile(ta*tile, min(ta*tile+tile, g.n), ta*tile, min(ta*tile+tile, g.n))
			}
		}()
	}
	wg.Wait()
	return nil
}

// mirrorTile copies k[a][b] to k[b][a] for a in [a0, a1), b in [b0, b1),
// b < a.
func (g *Gram) mirrorTile(a0, a1, b0, b1 int) {
	n := g.n
	for a := a0; a < a1; a++ {
		for b := b0; b < min(b1, a); b++ {
			g.k[b*n+a] = g.k[a*n+b]
		}
	}
}

// fillRow computes k[a][b] for b ≤ a the way svcQ.fill computes column a.
func (g *Gram) fillRow(a int) {
	n := g.n
	out := g.k[a*n : a*n+a+1]
	if g.kern.typ != RBF {
		for b := range out {
			out[b] = float32(g.kern.eval(g.dot(a, b), g.xx[a], g.xx[b]))
		}
		return
	}
	var kv, norm, zero [blockSize]float64
	d := g.dim
	row := func(b int) []float64 { return g.dense[b*d : b*d+d] }
	for b0 := 0; b0 <= a; b0 += blockSize {
		m := min(blockSize, a+1-b0)
		t := 0
		if !g.sparse {
			for ; t+4 <= m; t += 4 {
				b := b0 + t
				kv[t], kv[t+1], kv[t+2], kv[t+3] = dotDense4(row(a), row(b), row(b+1), row(b+2), row(b+3))
			}
		}
		for ; t < m; t++ {
			kv[t] = g.dot(a, b0+t)
		}
		for t := range m {
			norm[t] = g.xx[b0+t]
		}
		rbfTerms(kv[:m], norm[:m], zero[:m], g.xx[a], g.kern.gamma)
		for t := range m {
			out[b0+t] = float32(kv[t])
		}
	}
}

func (g *Gram) dot(a, b int) float64 {
	if g.sparse {
		return dot(g.x[a], g.x[b])
	}
	d := g.dim
	return dotDense(g.dense[a*d:a*d+d], g.dense[b*d:b*d+d])
}

// rowOf returns the row of vector x, which must be one of the vectors g
// was built on (the same slice, or one sharing its first element and
// length), or -1.
func (g *Gram) rowOf(x []Node) int {
	if len(x) == 0 {
		return g.empty
	}
	r, ok := g.row[&x[0]]
	if !ok || len(g.x[r]) != len(x) {
		return -1
	}
	return r
}

// rows returns the row of every vector of x, or nil when g lacks one.
func (g *Gram) rows(x [][]Node) []int {
	out := make([]int, len(x))
	for i, xi := range x {
		if out[i] = g.rowOf(xi); out[i] < 0 {
			return nil
		}
	}
	return out
}

// TrainWithGram is Train, with p's kernel values taken from g: every
// vector of p must be one of the vectors g was built on (the same slices,
// as when p's instances are picked from the problem g was built for), and
// param must ask for g's kernel. The model is the one Train returns, bit
// for bit.
func TrainWithGram(p *Problem, param Param, g *Gram) (*Model, error) {
	if g == nil {
		return nil, errors.New("svm: TrainWithGram without a kernel matrix")
	}
	return train(p, param, g)
}

// check reports whether a training of p with param (its defaults filled
// in) can take its kernel values from g.
func (g *Gram) check(p *Problem, param Param) error {
	if g.k == nil {
		return errReleased
	}
	if k := newKernel(param); !k.same(g.kern) {
		return fmt.Errorf("svm: training asks for kernel %+v, kernel matrix holds %+v", k, g.kern)
	}
	if g.rows(p.X) == nil {
		return errors.New("svm: training vector not in the kernel matrix")
	}
	return nil
}
