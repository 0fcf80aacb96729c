package hub

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// GridCell is one (C, gamma) pair of the grid search, its host-grouped
// cross-validated hub F1 and accuracy, and the mean number of support
// vectors of its fold models.
type GridCell struct {
	C, Gamma, F1, Accuracy, SV float64
}

// gridGramBudget bounds the kernel matrix a grid search keeps (4·n² bytes
// for n examples: 467 MB for the 10,810 URLs of testdata); above it every
// training computes its kernel columns.
var gridGramBudget int64 = 1 << 30

// hostFolds assigns each example to one of k folds by a seeded hash of its
// host, so that no host is in two folds: cross-validation then measures
// what the target measures, accuracy on unseen sites. (Row-wise folds
// leak a site's URL patterns between folds and favour large gamma.)
func hostFolds(hosts []string, k int, seed int64) ([]int, error) {
	uniq := map[string]bool{}
	for _, h := range hosts {
		uniq[h] = true
	}
	if len(uniq) < k {
		return nil, fmt.Errorf("hub: %d-fold CV needs at least %d hosts, have %d", k, k, len(uniq))
	}
	shares := make([]float64, k)
	for i := range shares {
		shares[i] = 1
	}
	return groupParts(hosts, seed, shares), nil
}

// gridSearch cross-validates every (C, gamma) of cs × gammas with
// host-grouped folds on workers goroutines and returns the cells in cs ×
// gammas order and the chosen one: of the cells whose hub F1 is within tol
// of the best, the one with the fewest support vectors (the cheapest to
// evaluate; ties to the earlier cell). It also returns p's kernel matrix
// for the chosen gamma, for the final trainings, or nil when it kept none;
// the caller releases it.
func gridSearch(p *svm.Problem, hosts []string, base svm.Param, cs, gammas []float64, k int, seed int64, workers int, tol float64) (_ []GridCell, _ GridCell, _ *svm.Gram, err error) {
	if k < 2 {
		return nil, GridCell{}, nil, errors.New("hub: grid search needs at least 2 folds")
	}
	fold, err := hostFolds(hosts, k, seed)
	if err != nil {
		return nil, GridCell{}, nil, err
	}
	cells := make([]GridCell, 0, len(cs)*len(gammas))
	for _, c := range cs {
		for _, g := range gammas {
			cells = append(cells, GridCell{C: c, Gamma: g})
		}
	}
	preds := make([][]float64, len(cells))
	nsv := make([][]int, len(cells))
	for i := range preds {
		preds[i] = make([]float64, p.Len())
		nsv[i] = make([]int, k)
	}
	// One gamma at a time: its cells' folds share one kernel matrix (every
	// fold is a subset of p), computed once and gathered from instead of
	// computing kernel columns in every training, then recomputed in place
	// for the next gamma. Costliest (largest C) cells first so the workers
	// finish together.
	// gram is allocated once and recomputed for each gamma; lastGamma is
	// the gamma it holds.
	var gram *svm.Gram
	lastGamma := math.NaN()
	defer func() {
		if err != nil && gram != nil {
			gram.Release()
		}
	}()
	for gi, g := range gammas {
		if slices.Contains(gammas[:gi], g) {
			continue // its cells ran with the first
		}
		use, err := gramFor(gram, p, base, g, workers)
		if err != nil {
			return nil, GridCell{}, nil, fmt.Errorf("hub: grid search gamma=%g: %w", g, err)
		}
		if use != nil {
			gram, lastGamma = use, g
		}
		var order []int
		for i, c := range cells {
			if c.Gamma == g {
				order = append(order, i)
			}
		}
		sort.SliceStable(order, func(a, b int) bool { return cells[order[a]].C > cells[order[b]].C })
		if err := runFolds(p, fold, k, base, cells, order, use, workers, preds, nsv); err != nil {
			return nil, GridCell{}, nil, err
		}
	}
	top := 0.0
	for i := range cells {
		var m Metrics
		for r, y := range p.Y {
			m.Add(y == labelHub, preds[i][r] == labelHub)
		}
		cells[i].F1, cells[i].Accuracy = m.F1(), m.Accuracy()
		for _, n := range nsv[i] {
			cells[i].SV += float64(n) / float64(k)
		}
		top = max(top, cells[i].F1)
	}
	b := -1
	for i, c := range cells {
		if c.F1 >= top-tol && (b < 0 || c.SV < cells[b].SV) {
			b = i
		}
	}
	best := cells[b]
	if gram != nil && best.Gamma != lastGamma {
		use, err := gramFor(gram, p, base, best.Gamma, workers)
		if err != nil {
			return nil, GridCell{}, nil, fmt.Errorf("hub: grid search gamma=%g: %w", best.Gamma, err)
		}
		if use == nil {
			gram.Release()
		}
		gram = use
	}
	return cells, best, gram, nil
}

// gramFor returns the kernel matrix of p for base with gamma g, reusing
// gram's memory when it is not nil, or nil when the matrix would exceed
// gridGramBudget or g is 0 for a kernel that uses it (0 means
// 1/(largest index) of each training set, which a fold may not share with
// p).
func gramFor(gram *svm.Gram, p *svm.Problem, base svm.Param, g float64, workers int) (*svm.Gram, error) {
	param := base
	param.Gamma = g
	switch {
	case g == 0 && base.Kernel != svm.Linear:
		return nil, nil
	case gram != nil:
		return gram, gram.SetKernel(param, workers)
	}
	gram, err := svm.NewGram(p.X, param, gridGramBudget, workers)
	if errors.Is(err, svm.ErrGramTooLarge) {
		return nil, nil // every training computes its columns
	}
	return gram, err
}

// runFolds trains and predicts every fold of the cells listed in order on
// workers goroutines, taking kernel values from gram unless it is nil.
func runFolds(p *svm.Problem, fold []int, k int, base svm.Param, cells []GridCell, order []int, gram *svm.Gram, workers int, preds [][]float64, nsv [][]int) error {
	type job struct{ cell, fold int }
	jobs := make(chan job)
	errs := make(chan error, len(order)*k)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				param := base
				param.C, param.Gamma = cells[j.cell].C, cells[j.cell].Gamma
				if err := cvFold(p, fold, j.fold, param, gram, preds[j.cell], &nsv[j.cell][j.fold]); err != nil {
					errs <- err
				}
			}
		}()
	}
	for _, c := range order {
		for f := range k {
			jobs <- job{c, f}
		}
	}
	close(jobs)
	wg.Wait()
	close(errs)
	return <-errs
}

// cvFold trains on every fold but f and predicts fold f into pred, taking
// kernel values from gram unless it is nil (the model is the same).
func cvFold(p *svm.Problem, fold []int, f int, param svm.Param, gram *svm.Gram, pred []float64, nsv *int) error {
	var train svm.Problem
	for i := range p.Y {
		if fold[i] != f {
			train.Y = append(train.Y, p.Y[i])
			train.X = append(train.X, p.X[i])
		}
	}
	var m *svm.Model
	var err error
	if gram != nil {
		m, err = svm.TrainWithGram(&train, param, gram)
	} else {
		m, err = svm.Train(&train, param)
	}
	if err != nil {
		if errors.Is(err, svm.ErrOneClass) {
			return fmt.Errorf("hub: grid search fold %d: %w", f, err)
		}
		return fmt.Errorf("hub: grid search C=%g gamma=%g: %w", param.C, param.Gamma, err)
	}
	*nsv = m.NumSV()
	for i := range p.Y {
		if fold[i] == f {
			pred[i] = m.Predict(p.X[i])
		}
	}
	return nil
}
