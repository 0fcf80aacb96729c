package svm

import (
	"encoding/binary"
	"math"
)

// solveMerged solves the same C-SVC dual as solveCSVC after merging
// identical instances of the same class: n copies of a point behave in the
// dual as one point whose α may reach n·C, so the merged problem has the
// same optimal decision function with far fewer kernel evaluations on data
// with repeats (URL features repeat a lot). The merged α is handed back to
// the copies greedily (C each, the rest to the next), which is an optimal
// solution of the original problem. Train does not merge, so its models
// match svm-train's support vector for support vector; cross-validation
// does.
func solveMerged(x [][]Node, y []int8, param Param, cp, cn float64) solution {
	index := make(map[string]int, len(x))
	of := make([]int, len(x))
	var ux [][]Node
	var uy []int8
	var upper []float64
	key := make([]byte, 0, 256)
	for i, xi := range x {
		key = append(key[:0], byte(y[i]))
		for _, n := range xi {
			key = binary.LittleEndian.AppendUint64(key, uint64(n.Index))
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(n.Value))
		}
		c := cn
		if y[i] > 0 {
			c = cp
		}
		u, ok := index[string(key)]
		if !ok {
			u = len(ux)
			index[string(key)] = u
			ux, uy, upper = append(ux, xi), append(uy, y[i]), append(upper, 0)
		}
		upper[u] += c
		of[i] = u
	}
	if len(ux) == len(x) {
		return solveCSVC(x, y, param, cp, cn)
	}
	sol := solveBoxed(ux, uy, upper, param, nil)
	left := make([]float64, len(ux))
	for u, a := range sol.alpha {
		left[u] = math.Abs(a)
	}
	alpha := make([]float64, len(x))
	for i, u := range of {
		c := cn
		if y[i] > 0 {
			c = cp
		}
		a := min(c, left[u])
		left[u] -= a
		alpha[i] = a * float64(y[i])
	}
	sol.alpha = alpha
	return sol
}
