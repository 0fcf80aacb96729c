package svm

import (
	"errors"
	"fmt"
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
	g := groupClasses(p.Y)
	if len(g.labels) < 2 {
		return nil, ErrOneClass
	}
	return trainGrouped(p, param, g, newRand(1), solveCSVC), nil
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
	nonzero := make([]bool, l)
	type pairFit struct {
		alpha []float64
		rho   float64
	}
	fits := make([]pairFit, 0, k*(k-1)/2)
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
			for t, a := range sol.alpha {
				if a != 0 {
					if t < ci {
						nonzero[si+t] = true
					} else {
						nonzero[sj+t-ci] = true
					}
				}
			}
			fits = append(fits, pairFit{sol.alpha, sol.rho})
			m.rho = append(m.rho, sol.rho)
		}
	}
	// Support vectors, class by class; coef[j-1] holds class i's
	// coefficients against class j and coef[i] class j's against class i.
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
	f := 0
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			alpha := fits[f].alpha
			q := nzStart[i]
			for t := range g.count[i] {
				if nonzero[g.start[i]+t] {
					m.coef[j-1][q] = alpha[t]
					q++
				}
			}
			q = nzStart[j]
			for t := range g.count[j] {
				if nonzero[g.start[j]+t] {
					m.coef[i][q] = alpha[g.count[i]+t]
					q++
				}
			}
			f++
		}
	}
	m.prepare()
	return m
}

// errModel wraps a model consistency error.
func errModel(format string, args ...any) error {
	return fmt.Errorf("svm: model: "+format, args...)
}
