package svm

import (
	"math"
	"math/rand/v2"
)

// Probability estimates follow Lin, Lin and Weng (2007), "A note on Platt's
// probabilistic outputs for support vector machines": each pairwise
// decision value f is mapped to P(first class | x) = 1/(1+exp(A·f+B)), with
// A and B fitted by Newton's method with backtracking on decision values
// from an internal 5-fold cross-validation. Multi-class estimates couple
// the pairwise ones by Wu, Lin and Weng (2004), method 2.

// randSource is the random stream behind the Platt CV split.
type randSource interface{ IntN(n int) int }

func newRand(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
}

const plattFolds = 5

// binaryProbability fits the Platt sigmoid (A, B) of one binary problem
// from 5-fold cross-validated decision values.
func binaryProbability(x [][]Node, y []int8, param Param, cp, cn float64, rng randSource, solve binarySolver) (a, b float64) {
	l := len(x)
	perm := make([]int, l)
	for i := range perm {
		perm[i] = i
	}
	for i := range l {
		j := i + rng.IntN(l-i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	dec := make([]float64, l)
	for f := range plattFolds {
		begin, end := f*l/plattFolds, (f+1)*l/plattFolds
		var tx [][]Node
		var ty []int8
		// Positives first, as svm_train orders a ±1 problem.
		for _, sign := range [2]int8{1, -1} {
			for k, pk := range perm {
				if (k < begin || k >= end) && y[pk] == sign {
					tx = append(tx, x[pk])
					ty = append(ty, sign)
				}
			}
		}
		pos := 0
		for _, t := range ty {
			if t > 0 {
				pos++
			}
		}
		fold := perm[begin:end]
		switch {
		case pos == 0 && len(ty) == 0:
			fillDec(dec, fold, 0)
		case pos == len(ty):
			fillDec(dec, fold, 1)
		case pos == 0:
			fillDec(dec, fold, -1)
		default:
			sol := solve(tx, ty, param, cp, cn)
			ev := newEvaluator(tx, sol, param)
			for _, pk := range fold {
				dec[pk] = ev.decision(x[pk])
			}
		}
	}
	return sigmoidTrain(dec, y)
}

func fillDec(dec []float64, idx []int, v float64) {
	for _, i := range idx {
		dec[i] = v
	}
}

// evaluator computes a binary decision function from a solver solution.
type evaluator struct {
	k     kernel
	sv    [][]Node
	coef  []float64
	norms []float64
	rho   float64
}

func newEvaluator(x [][]Node, sol solution, param Param) *evaluator {
	ev := &evaluator{k: newKernel(param), rho: sol.rho}
	for i, a := range sol.alpha {
		if a != 0 {
			ev.sv = append(ev.sv, x[i])
			ev.coef = append(ev.coef, a)
			ev.norms = append(ev.norms, sqnorm(x[i]))
		}
	}
	return ev
}

func (ev *evaluator) decision(x []Node) float64 {
	xx := sqnorm(x)
	var sum float64
	for s, sv := range ev.sv {
		sum += ev.coef[s] * ev.k.eval(dot(x, sv), xx, ev.norms[s])
	}
	return sum - ev.rho
}

// sigmoidTrain fits A, B minimising the cross-entropy of
// 1/(1+exp(A·dec+B)) against smoothed targets (Platt's prior correction).
func sigmoidTrain(dec []float64, y []int8) (a, b float64) {
	var prior1, prior0 float64
	for _, t := range y {
		if t > 0 {
			prior1++
		} else {
			prior0++
		}
	}
	const (
		maxIter = 100
		minStep = 1e-10
		sigma   = 1e-12
		eps     = 1e-5
	)
	hi, lo := (prior1+1)/(prior1+2), 1/(prior0+2)
	t := make([]float64, len(y))
	for i, yi := range y {
		t[i] = lo
		if yi > 0 {
			t[i] = hi
		}
	}
	a, b = 0, math.Log((prior0+1)/(prior1+1))
	fval := plattObjective(dec, t, a, b)
	for range maxIter {
		h11, h22, h21, g1, g2 := sigma, sigma, 0.0, 0.0, 0.0
		for i, d := range dec {
			p, q := plattPQ(d*a + b)
			d2 := p * q
			h11 += d * d * d2
			h22 += d2
			h21 += d * d2
			d1 := t[i] - p
			g1 += d * d1
			g2 += d1
		}
		if math.Abs(g1) < eps && math.Abs(g2) < eps {
			break
		}
		det := h11*h22 - h21*h21
		dA := -(h22*g1 - h21*g2) / det
		dB := -(-h21*g1 + h11*g2) / det
		gd := g1*dA + g2*dB
		step := 1.0
		for step >= minStep {
			na, nb := a+step*dA, b+step*dB
			if nf := plattObjective(dec, t, na, nb); nf < fval+0.0001*step*gd {
				a, b, fval = na, nb, nf
				break
			}
			step /= 2
		}
		if step < minStep {
			break // line search failed; keep the last good A, B
		}
	}
	return a, b
}

// plattObjective is the negative log-likelihood, computed stably.
func plattObjective(dec, t []float64, a, b float64) float64 {
	var f float64
	for i, d := range dec {
		z := d*a + b
		if z >= 0 {
			f += t[i]*z + math.Log1p(math.Exp(-z))
		} else {
			f += (t[i]-1)*z + math.Log1p(math.Exp(z))
		}
	}
	return f
}

// plattPQ returns p = 1/(1+exp(z)) and q = 1-p, computed stably.
func plattPQ(z float64) (p, q float64) {
	if z >= 0 {
		e := math.Exp(-z)
		return e / (1 + e), 1 / (1 + e)
	}
	e := math.Exp(z)
	return 1 / (1 + e), e / (1 + e)
}

// sigmoidPredict returns 1/(1+exp(a·dec+b)).
func sigmoidPredict(dec, a, b float64) float64 {
	p, _ := plattPQ(dec*a + b)
	return p
}

// BinaryProbability maps a binary model's decision value (Decision,
// DecisionDense) to the probability of Labels()[0] through the Platt
// sigmoid, clamped to [1e-7, 1-1e-7] as PredictProbability does, without
// allocating. It returns NaN when the model has no probability information
// or is not binary.
func (m *Model) BinaryProbability(dec float64) float64 {
	if len(m.labels) != 2 || !m.HasProbability() {
		return math.NaN()
	}
	const minProb = 1e-7
	return min(max(sigmoidPredict(dec, m.probA[0], m.probB[0]), minProb), 1-minProb)
}

// PredictProbability returns the predicted label and one probability per
// class in Labels order; the label is the most probable class (the first on
// ties), as svm-predict -b 1 reports. Models without probability
// information return Predict's label and nil.
func (m *Model) PredictProbability(x []Node) (label float64, probs []float64) {
	if !m.HasProbability() {
		return m.Predict(x), nil
	}
	_, dec := m.PredictValues(x)
	k := len(m.labels)
	const minProb = 1e-7
	r := make([][]float64, k)
	for i := range r {
		r[i] = make([]float64, k)
	}
	p := 0
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			v := sigmoidPredict(dec[p], m.probA[p], m.probB[p])
			r[i][j] = min(max(v, minProb), 1-minProb)
			r[j][i] = 1 - r[i][j]
			p++
		}
	}
	if k == 2 {
		probs = []float64{r[0][1], r[1][0]}
	} else {
		probs = coupleProbabilities(r)
	}
	best := 0
	for c := 1; c < k; c++ {
		if probs[c] > probs[best] {
			best = c
		}
	}
	return m.labels[best], probs
}

// coupleProbabilities solves Wu, Lin and Weng's (2004) method 2:
// min_p ½pᵀQp with Σp = 1, Q_tt = Σ_{j≠t} r_jt², Q_tj = −r_jt·r_tj.
func coupleProbabilities(r [][]float64) []float64 {
	k := len(r)
	q := make([][]float64, k)
	p := make([]float64, k)
	qp := make([]float64, k)
	for t := range k {
		p[t] = 1 / float64(k)
		q[t] = make([]float64, k)
		for j := range k {
			if j != t {
				q[t][t] += r[j][t] * r[j][t]
				q[t][j] = -r[j][t] * r[t][j]
			}
		}
	}
	maxIter, eps := max(100, k), 0.005/float64(k)
	for range maxIter {
		var pqp float64
		for t := range k {
			qp[t] = 0
			for j := range k {
				qp[t] += q[t][j] * p[j]
			}
			pqp += p[t] * qp[t]
		}
		var maxErr float64
		for t := range k {
			maxErr = max(maxErr, math.Abs(qp[t]-pqp))
		}
		if maxErr < eps {
			break
		}
		for t := range k {
			diff := (-qp[t] + pqp) / q[t][t]
			p[t] += diff
			pqp = (pqp + diff*(diff*q[t][t]+2*qp[t])) / (1 + diff) / (1 + diff)
			for j := range k {
				qp[j] = (qp[j] + diff*q[t][j]) / (1 + diff)
				p[j] /= 1 + diff
			}
		}
	}
	return p
}
