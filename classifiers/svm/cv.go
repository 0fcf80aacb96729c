package svm

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
)

// Folds returns the stratified fold of every instance of p: the instances
// of each class (classes in Train's order) are shuffled by a PCG random
// stream seeded with seed, and class c's shuffled list of n instances is
// cut into consecutive chunks of ⌊(f+1)n/k⌋ − ⌊fn/k⌋ instances, chunk f
// going to fold f. The same seed gives the same folds on every platform.
func Folds(y []float64, folds int, seed int64) ([]int, error) {
	if folds < 2 || folds > len(y) {
		return nil, fmt.Errorf("svm: %d folds for %d instances, want 2..%d", folds, len(y), len(y))
	}
	g := groupClasses(y)
	rng := newRand(seed)
	fold := make([]int, len(y))
	for c := range g.labels {
		members := append([]int(nil), g.perm[g.start[c]:g.start[c]+g.count[c]]...)
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		n := len(members)
		for f := range folds {
			for _, i := range members[f*n/folds : (f+1)*n/folds] {
				fold[i] = f
			}
		}
	}
	return fold, nil
}

// CrossValidation returns the label predicted for every instance of p by a
// model trained, with param, on the other folds (see Folds for the
// assignment). With param.Probability the label is the most probable class,
// as svm-train -v does. A training fold with a single class predicts that
// class. Identical training points of the same class are merged into one
// with a proportionally larger bound on α, which leaves each fold's
// decision function unchanged and saves most of the kernel evaluations on
// data with repeats.
func CrossValidation(p *Problem, param Param, folds int, seed int64) ([]float64, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	fold, err := Folds(p.Y, folds, seed)
	if err != nil {
		return nil, err
	}
	param, err = param.withDefaults(p.MaxIndex())
	if err != nil {
		return nil, err
	}
	pred := make([]float64, p.Len())
	for f := range folds {
		predictFold(p, param, fold, f, seed, pred)
	}
	return pred, nil
}

// predictFold trains on every fold but f and writes the predictions for
// fold f into pred. param must have its defaults filled in.
func predictFold(p *Problem, param Param, fold []int, f int, seed int64, pred []float64) {
	var train Problem
	for i, fi := range fold {
		if fi != f {
			train.Y = append(train.Y, p.Y[i])
			train.X = append(train.X, p.X[i])
		}
	}
	g := groupClasses(train.Y)
	var m *Model
	if len(g.labels) > 1 {
		m = trainGrouped(&train, param, g, newRand(seed+int64(f)+1), solveMerged)
	}
	for i, fi := range fold {
		switch {
		case fi != f:
		case m == nil:
			pred[i] = g.labels[0]
		case param.Probability:
			pred[i], _ = m.PredictProbability(p.X[i])
		default:
			pred[i] = m.Predict(p.X[i])
		}
	}
}

// Accuracy returns the fraction of pred equal to y (0 for empty input).
func Accuracy(y, pred []float64) float64 {
	n := min(len(y), len(pred))
	if n == 0 {
		return 0
	}
	ok := 0
	for i := range n {
		if y[i] == pred[i] {
			ok++
		}
	}
	return float64(ok) / float64(n)
}

// GridCell is one (C, gamma) pair of a grid search and its CV accuracy.
type GridCell struct {
	C, Gamma, Accuracy float64
}

// GridResult is the outcome of GridSearch: the best cell and every cell in
// the order cs × gammas (C major).
type GridResult struct {
	BestC, BestGamma, BestAccuracy float64
	Cells                          []GridCell
}

// GridSearch runs CrossValidation for every (C, gamma) in cs × gammas, all
// with the same folds, training the cells' folds in parallel on workers
// goroutines (at least 1), and returns the most accurate cell; ties go to the cell listed first, so list cs and
// gammas in ascending order to prefer simpler models. An empty gammas
// searches C only, with base.Gamma.
func GridSearch(p *Problem, base Param, cs, gammas []float64, folds int, seed int64, workers int) (GridResult, error) {
	if len(cs) == 0 {
		return GridResult{}, errors.New("svm: grid search: no C values")
	}
	if len(gammas) == 0 {
		gammas = []float64{base.Gamma}
	}
	if err := p.Validate(); err != nil {
		return GridResult{}, err
	}
	fold, err := Folds(p.Y, folds, seed)
	if err != nil {
		return GridResult{}, err
	}
	cells := make([]GridCell, 0, len(cs)*len(gammas))
	params := make([]Param, 0, cap(cells))
	for _, c := range cs {
		for _, g := range gammas {
			param := base
			param.C, param.Gamma = c, g
			if param, err = param.withDefaults(p.MaxIndex()); err != nil {
				return GridResult{}, fmt.Errorf("svm: grid search C=%g gamma=%g: %w", c, g, err)
			}
			cells = append(cells, GridCell{C: c, Gamma: g})
			params = append(params, param)
		}
	}
	preds := make([][]float64, len(cells))
	for k := range preds {
		preds[k] = make([]float64, p.Len())
	}
	// One job per (cell, fold), costliest C first, so that the workers
	// finish together.
	order := make([]int, len(cells))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return cells[order[a]].C > cells[order[b]].C })
	jobs := make(chan [2]int)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				predictFold(p, params[job[0]], fold, job[1], seed, preds[job[0]])
			}
		}()
	}
	for _, k := range order {
		for f := range folds {
			jobs <- [2]int{k, f}
		}
	}
	close(jobs)
	wg.Wait()
	res := GridResult{Cells: cells, BestAccuracy: math.Inf(-1)}
	for k := range cells {
		cells[k].Accuracy = Accuracy(p.Y, preds[k])
		if cells[k].Accuracy > res.BestAccuracy {
			res.BestC, res.BestGamma, res.BestAccuracy = cells[k].C, cells[k].Gamma, cells[k].Accuracy
		}
	}
	return res, nil
}

// Pow2 returns 2^from, 2^(from+step), … up to 2^to inclusive (step may be
// negative), the exponent grids of LIBSVM's grid.py, e.g. Pow2(-5, 15, 2)
// for C and Pow2(3, -15, -2) for gamma.
func Pow2(from, to, step float64) []float64 {
	var out []float64
	if step == 0 || math.IsNaN(step) {
		return nil
	}
	for e := from; (step > 0 && e <= to+1e-9) || (step < 0 && e >= to-1e-9); e += step {
		out = append(out, math.Exp2(e))
		if len(out) > 1<<16 {
			break
		}
	}
	return out
}
