package svm

import "math"

// The solver minimises ½αᵀQα + pᵀα subject to yᵀα = 0 and 0 ≤ α_t ≤ C_t by
// sequential minimal optimisation: each iteration picks a pair (i, j) with
// second-order working-set selection (Fan, Chen and Lin 2005, WSS 2),
// solves the two-variable sub-problem analytically and updates the gradient.
// Shrinking (Chang and Lin, LIBSVM guide §5.1) sets aside variables that are
// likely to stay at a bound; the gradient of the full problem is rebuilt
// from Ḡ before the final optimality check.

const tau = 1e-12 // replaces a non-positive curvature a_ij

const (
	atLower int8 = iota
	atUpper
	free
)

type solver struct {
	q          *svcQ
	y          []int8
	p          []float64
	alpha      []float64
	status     []int8
	g          []float64 // gradient ∇f(α) = Qα + p
	gbar       []float64 // Ḡ_i = Σ_{j at upper bound} C_j Q_ij
	active     []int     // active[k]: original index of position k
	activeSize int
	upper      []float64 // C_i, the upper bound of α_i
	eps        float64
	shrinking  bool
	unshrink   bool

	// up is the first half of the next working-set selection, the i of
	// I_up with the largest −y_i·G_i, found by update's gradient loop; it
	// is stale after shrinking or a gradient reconstruction.
	up struct {
		i     int
		gmax  float64
		valid bool
	}
}

// solution is the solver's result in the original order of the instances.
type solution struct {
	alpha []float64
	rho   float64
	obj   float64
	iter  int
}

// solveCSVC solves the C-SVC dual for labels y (±1) with costs cp for the
// positive and cn for the negative class, starting from α = 0.
func solveCSVC(x [][]Node, y []int8, param Param, cp, cn float64) solution {
	return solveBoxed(x, y, classBounds(y, cp, cn), param, nil)
}

// classBounds returns the bound of every α: cp for the positive class, cn
// for the negative.
func classBounds(y []int8, cp, cn float64) []float64 {
	upper := make([]float64, len(y))
	for i, yi := range y {
		upper[i] = cn
		if yi > 0 {
			upper[i] = cp
		}
	}
	return upper
}

// solveBoxed solves the C-SVC dual with per-variable bounds upper, taking
// kernel values from gram when it is not nil.
func solveBoxed(x [][]Node, y []int8, upper []float64, param Param, gram *Gram) solution {
	l := len(x)
	s := &solver{
		q: newSVCQ(x, y, param, gram), y: append([]int8(nil), y...),
		p: make([]float64, l), alpha: make([]float64, l), status: make([]int8, l),
		g: make([]float64, l), gbar: make([]float64, l), active: make([]int, l),
		upper:      append([]float64(nil), upper...),
		activeSize: l, eps: param.Eps, shrinking: param.Shrinking,
	}
	for i := range s.p {
		s.p[i] = -1
		s.g[i] = -1
		s.active[i] = i
	}
	iter := s.run()
	sol := solution{alpha: make([]float64, l), rho: s.rho(), iter: iter}
	for i := range l {
		sol.obj += s.alpha[i] * (s.g[i] + s.p[i])
		sol.alpha[s.active[i]] = s.alpha[i] * float64(s.y[i])
	}
	sol.obj /= 2
	return sol
}

func (s *solver) c(i int) float64 { return s.upper[i] }

func (s *solver) setStatus(i int) {
	switch {
	case s.alpha[i] >= s.c(i):
		s.status[i] = atUpper
	case s.alpha[i] <= 0:
		s.status[i] = atLower
	default:
		s.status[i] = free
	}
}

// run iterates until the maximal violating pair is within eps and returns
// the iteration count.
func (s *solver) run() int {
	l := len(s.alpha)
	maxIter := max(10000000, 100*l)
	counter := min(l, 1000) + 1
	iter := 0
	for iter < maxIter {
		if counter--; counter == 0 {
			counter = min(l, 1000)
			if s.shrinking {
				s.up.valid = false
				s.shrink()
			}
		}
		i, j, ok := s.selectWorkingSet()
		if !ok {
			s.up.valid = false
			s.reconstructGradient()
			s.activeSize = l
			if i, j, ok = s.selectWorkingSet(); !ok {
				break
			}
			counter = 1
		}
		iter++
		s.update(i, j)
	}
	if s.activeSize < l {
		s.reconstructGradient()
		s.activeSize = l
	}
	return iter
}

// selectWorkingSet returns the pair (i, j) of WSS 2, or ok = false when the
// current α is eps-optimal on the active set.
//
// Both scans work on −y_t·G_t or y_t·G_t, which are −G_t or G_t exactly,
// so they pick the same pair, ties included, as LIBSVM's branches on y_t;
// the slices are cut to the active size so the loops index without bounds
// checks.
func (s *solver) selectWorkingSet() (int, int, bool) {
	n := s.activeSize
	y, status, g := s.y[:n], s.status[:n], s.g[:n]
	gmax, gmax2 := math.Inf(-1), math.Inf(-1)
	i, j := -1, -1
	// i: the largest −y_t·G_t over I_up (positives below C, negatives
	// above 0), the last one on ties; update's loop has found it unless
	// the active set changed since.
	if s.up.valid {
		i, gmax = s.up.i, s.up.gmax
		s.up.valid = false
	} else {
		for t, gt := range g {
			v, out := gt, atLower
			if y[t] > 0 {
				v, out = -gt, atUpper
			}
			if v >= gmax && status[t] != out {
				gmax, i = v, t
			}
		}
	}
	if i == -1 {
		return i, j, false // nothing can move up: optimal
	}
	qi := s.q.column(i, n)[:n]
	qd := s.q.qd[:n]
	qdi, yi2 := qd[i], 2*float64(y[i])
	objMin := math.Inf(1)
	// j: over I_low (positives above 0, negatives below C), gmax2 the
	// largest y_t·G_t and j the t of least −(gmax + y_t·G_t)²/a_it among
	// those with gmax + y_t·G_t > 0, the last one on ties. gmax − G_t is
	// gmax + (−G_t) exactly, and sign·2·y_i is ±2 in either order.
	for t, gt := range g {
		v, out, sign := -gt, atUpper, 1.0
		if y[t] > 0 {
			v, out, sign = gt, atLower, -1.0
		}
		if status[t] == out {
			continue
		}
		gmax2 = max(gmax2, v)
		diff := gmax + v
		if diff <= 0 {
			continue
		}
		quad := qdi + qd[t] + sign*yi2*float64(qi[t])
		if quad <= 0 {
			quad = tau
		}
		if obj := -diff * diff / quad; obj <= objMin {
			objMin, j = obj, t
		}
	}
	if gmax+gmax2 < s.eps || j == -1 {
		return i, j, false
	}
	return i, j, true
}

// update solves the two-variable sub-problem on (i, j) and updates α, G
// and Ḡ.
func (s *solver) update(i, j int) {
	l := len(s.alpha)
	qi := s.q.column(i, s.activeSize)
	qj := s.q.column(j, s.activeSize)
	ci, cj := s.c(i), s.c(j)
	oldI, oldJ := s.alpha[i], s.alpha[j]
	if s.y[i] != s.y[j] {
		s.stepOpposite(i, j, float64(qi[j]), ci, cj)
	} else {
		s.stepSame(i, j, float64(qi[j]), ci, cj)
	}
	dI, dJ := s.alpha[i]-oldI, s.alpha[j]-oldJ
	upI, upJ := s.status[i] == atUpper, s.status[j] == atUpper
	s.setStatus(i)
	s.setStatus(j)
	// The gradient update also finds the next selection's i (see
	// selectWorkingSet), on the final G and status.
	n := s.activeSize
	g, y, status := s.g[:n], s.y[:n], s.status[:n]
	qi, qj = qi[:n], qj[:n]
	gmax, imax := math.Inf(-1), -1
	for k := range g {
		g[k] += float64(qi[k])*dI + float64(qj[k])*dJ
		v, out := g[k], atLower
		if y[k] > 0 {
			v, out = -g[k], atUpper
		}
		if v >= gmax && status[k] != out {
			gmax, imax = v, k
		}
	}
	s.up.i, s.up.gmax, s.up.valid = imax, gmax, true
	if upI != (s.status[i] == atUpper) {
		s.moveGbar(i, ci, upI, l)
	}
	if upJ != (s.status[j] == atUpper) {
		s.moveGbar(j, cj, upJ, l)
	}
}

// moveGbar adds (or removes, when wasUpper) C_i·Q_i to Ḡ.
func (s *solver) moveGbar(i int, ci float64, wasUpper bool, l int) {
	col := s.q.column(i, l)
	if wasUpper {
		ci = -ci
	}
	for k := range l {
		s.gbar[k] += ci * float64(col[k])
	}
}

// stepOpposite handles y_i ≠ y_j: α_i − α_j stays constant.
func (s *solver) stepOpposite(i, j int, qij, ci, cj float64) {
	a := s.alpha
	quad := s.q.qd[i] + s.q.qd[j] + 2*qij
	if quad <= 0 {
		quad = tau
	}
	delta := (-s.g[i] - s.g[j]) / quad
	diff := a[i] - a[j]
	a[i] += delta
	a[j] += delta
	if diff > 0 {
		if a[j] < 0 {
			a[j], a[i] = 0, diff
		}
	} else if a[i] < 0 {
		a[i], a[j] = 0, -diff
	}
	if diff > ci-cj {
		if a[i] > ci {
			a[i], a[j] = ci, ci-diff
		}
	} else if a[j] > cj {
		a[j], a[i] = cj, cj+diff
	}
}

// stepSame handles y_i = y_j: α_i + α_j stays constant.
func (s *solver) stepSame(i, j int, qij, ci, cj float64) {
	a := s.alpha
	quad := s.q.qd[i] + s.q.qd[j] - 2*qij
	if quad <= 0 {
		quad = tau
	}
	delta := (s.g[i] - s.g[j]) / quad
	sum := a[i] + a[j]
	a[i] -= delta
	a[j] += delta
	if sum > ci {
		if a[i] > ci {
			a[i], a[j] = ci, sum-ci
		}
	} else if a[j] < 0 {
		a[j], a[i] = 0, sum
	}
	if sum > cj {
		if a[j] > cj {
			a[j], a[i] = cj, sum-cj
		}
	} else if a[i] < 0 {
		a[i], a[j] = 0, sum
	}
}
