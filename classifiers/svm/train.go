package svm

import (
	"errors"
)

// ErrOneClass is returned by Train when the training data hold one class.
var ErrOneClass = errors.New("svm: training data hold only one class")

// groups is a problem's instances grouped by class, as LIBSVM groups them:
// classes in order of first appearance (except that binary data labelled
// -1 first and +1 second are swapped so +1 is the positive class), and
// instances of a class in their original order.
type groups struct {
	labels []float64
	start  []int // start[c]: first position of class c in perm
	count  []int
	perm   []int // perm[k]: index into the problem
}

func groupClasses(y []float64) groups {
	var g groups
	class := make([]int, len(y))
	for i, yi := range y {
		c := 0
		for c < len(g.labels) && g.labels[c] != yi {
			c++
		}
		if c == len(g.labels) {
			g.labels = append(g.labels, yi)
			g.count = append(g.count, 0)
		}
		g.count[c]++
		class[i] = c
	}
	if len(g.labels) == 2 && g.labels[0] == -1 && g.labels[1] == 1 {
		g.labels[0], g.labels[1] = g.labels[1], g.labels[0]
		g.count[0], g.count[1] = g.count[1], g.count[0]
		for i := range class {
			class[i] = 1 - class[i]
		}
	}
	g.start = make([]int, len(g.labels))
	for c := 1; c < len(g.labels); c++ {
		g.start[c] = g.start[c-1] + g.count[c-1]
	}
	next := append([]int(nil), g.start...)
	g.perm = make([]int, len(y))
	for i, c := range class {
		g.perm[next[c]] = i
		next[c]++
	}
	return g
}

// Train fits a C-SVC to p: one binary SVM per pair of classes (one-vs-one,
// as LIBSVM), each solved by SMO with WSS 2 and shrinking. With
// param.Probability it also fits Platt sigmoids by internal 5-fold CV.
func Train(p *Problem, param Param) (*Model, error) {
	return train(p, param, nil)
}

// train is Train, with the kernel values taken from gram when it is not
// nil (see TrainWithGram).
func train(p *Problem, param Param, gram *Gram) (*Model, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.Len() == 0 {
		return nil, errors.New("svm: empty training problem")
	}
	param, err := param.withDefaults(p.MaxIndex())
	if err != nil {
		return nil, err
	}
	solve := solveCSVC
	if gram != nil {
		if err := gram.check(p, param); err != nil {
			return nil, err
		}
		solve = func(x [][]Node, y []int8, param Param, cp, cn float64) solution {
			return solveBoxed(x, y, classBounds(y, cp, cn), param, gram)
		}
	}
	g := groupClasses(p.Y)
	if len(g.labels) < 2 {
		return nil, ErrOneClass
	}
	return trainGrouped(p, param, g, newRand(1), solve), nil
}

// binarySolver solves one binary C-SVC: solveCSVC or solveMerged.
type binarySolver func(x [][]Node, y []int8, param Param, cp, cn float64) solution

// trainGrouped trains the one-vs-one machines with solve; rng drives the
// Platt CV.
func trainGrouped(p *Problem, param Param, g groups, rng randSource, solve binarySolver) *Model {
	k, l := len(g.labels), len(g.perm)
	x := make([][]Node, l)
	for i, pi := range g.perm {
		x[i] = p.X[pi]
	}
	wc := make([]float64, k)
	for c, label := range g.labels {
		wc[c] = param.C
		if w, ok := param.Weights[label]; ok {
			wc[c] *= w
		}
	}
	m := &Model{kernel: newKernel(param), labels: append([]float64(nil), g.labels...)}
	alphas := make([][]float64, 0, k*(k-1)/2)
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			si, sj, ci, cj := g.start[i], g.start[j], g.count[i], g.count[j]
			sx := append(append(make([][]Node, 0, ci+cj), x[si:si+ci]...), x[sj:sj+cj]...)
			sy := make([]int8, ci+cj)
			for t := range sy {
				sy[t] = -1
				if t < ci {
					sy[t] = 1
				}
			}
			if param.Probability {
				a, b := binaryProbability(sx, sy, param, wc[i], wc[j], rng, solve)
				m.probA = append(m.probA, a)
				m.probB = append(m.probB, b)
			}
			sol := solve(sx, sy, param, wc[i], wc[j])
			alphas = append(alphas, sol.alpha)
			m.rho = append(m.rho, sol.rho)
		}
	}
	m.layoutSVs(x, g, alphas)
	m.prepare()
	return m
}

// layoutSVs collects the support vectors (instances with a non-zero α in
// any pair) class by class, as LIBSVM lays them out, and fills coef: for
// the pair (i, j), coef[j-1] holds class i's coefficients and coef[i]
// class j's. alphas[p] are the signed α of pair p over its class i then
// class j instances.
func (m *Model) layoutSVs(x [][]Node, g groups, alphas [][]float64) {
	k := len(g.labels)
	nonzero := make([]bool, len(x))
	p := 0
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			for t, a := range alphas[p] {
				if a == 0 {
					continue
				}
				if t < g.count[i] {
					nonzero[g.start[i]+t] = true
				} else {
					nonzero[g.start[j]+t-g.count[i]] = true
				}
			}
			p++
		}
	}
	m.nSV = make([]int, k)
	nzStart := make([]int, k)
	for c := range k {
		for t := g.start[c]; t < g.start[c]+g.count[c]; t++ {
			if nonzero[t] {
				m.nSV[c]++
				m.sv = append(m.sv, x[t])
			}
		}
		if c > 0 {
			nzStart[c] = nzStart[c-1] + m.nSV[c-1]
		}
	}
	m.coef = make([][]float64, k-1)
	for r := range m.coef {
		m.coef[r] = make([]float64, len(m.sv))
	}
	// place copies the non-zero α of class c (offset off in the pair) to row.
	place := func(row []float64, c int, alpha []float64, off int) {
		q := nzStart[c]
		for t := range g.count[c] {
			if nonzero[g.start[c]+t] {
				row[q] = alpha[off+t]
				q++
			}
		}
	}
	p = 0
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			place(m.coef[j-1], i, alphas[p], 0)
			place(m.coef[i], j, alphas[p], g.count[i])
			p++
		}
	}
}
