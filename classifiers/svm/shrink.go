package svm

import "math"

// shrink moves variables that are at a bound and unlikely to move (LIBSVM
// guide §5.1) to the end of the active set. The first time the violation
// drops below 10·eps the full gradient is rebuilt and every variable is
// active again, so the final answer never depends on a wrong guess.
func (s *solver) shrink() {
	gmax1, gmax2 := math.Inf(-1), math.Inf(-1)
	for t := 0; t < s.activeSize; t++ {
		if s.y[t] > 0 {
			if s.status[t] != atUpper {
				gmax1 = max(gmax1, -s.g[t])
			}
			if s.status[t] != atLower {
				gmax2 = max(gmax2, s.g[t])
			}
		} else {
			if s.status[t] != atUpper {
				gmax2 = max(gmax2, -s.g[t])
			}
			if s.status[t] != atLower {
				gmax1 = max(gmax1, s.g[t])
			}
		}
	}
	if !s.unshrink && gmax1+gmax2 <= s.eps*10 {
		s.unshrink = true
		s.reconstructGradient()
		s.activeSize = len(s.alpha)
	}
	for i := 0; i < s.activeSize; i++ {
		if !s.shrinkable(i, gmax1, gmax2) {
			continue
		}
		s.activeSize--
		for s.activeSize > i {
			if !s.shrinkable(s.activeSize, gmax1, gmax2) {
				s.swap(i, s.activeSize)
				break
			}
			s.activeSize--
		}
	}
}

func (s *solver) shrinkable(i int, gmax1, gmax2 float64) bool {
	switch s.status[i] {
	case atUpper:
		if s.y[i] > 0 {
			return -s.g[i] > gmax1
		}
		return -s.g[i] > gmax2
	case atLower:
		if s.y[i] > 0 {
			return s.g[i] > gmax2
		}
		return s.g[i] > gmax1
	}
	return false
}

// swap exchanges positions i and j in every per-variable array.
func (s *solver) swap(i, j int) {
	s.q.swap(i, j)
	s.y[i], s.y[j] = s.y[j], s.y[i]
	s.g[i], s.g[j] = s.g[j], s.g[i]
	s.status[i], s.status[j] = s.status[j], s.status[i]
	s.alpha[i], s.alpha[j] = s.alpha[j], s.alpha[i]
	s.p[i], s.p[j] = s.p[j], s.p[i]
	s.active[i], s.active[j] = s.active[j], s.active[i]
	s.gbar[i], s.gbar[j] = s.gbar[j], s.gbar[i]
	s.upper[i], s.upper[j] = s.upper[j], s.upper[i]
}

// reconstructGradient recomputes G for the inactive variables from Ḡ and
// the free variables, choosing the cheaper loop order.
func (s *solver) reconstructGradient() {
	l, n := len(s.alpha), s.activeSize
	if n == l {
		return
	}
	for j := n; j < l; j++ {
		s.g[j] = s.gbar[j] + s.p[j]
	}
	nFree := 0
	for j := range n {
		if s.status[j] == free {
			nFree++
		}
	}
	if nFree*l > 2*n*(l-n) {
		for i := n; i < l; i++ {
			qi := s.q.column(i, n)
			for j := range n {
				if s.status[j] == free {
					s.g[i] += s.alpha[j] * float64(qi[j])
				}
			}
		}
		return
	}
	for i := range n {
		if s.status[i] != free {
			continue
		}
		qi := s.q.column(i, l)
		for j := n; j < l; j++ {
			s.g[j] += s.alpha[i] * float64(qi[j])
		}
	}
}

// rho returns the bias: the mean of y_i·G_i over free variables, or the
// midpoint of the feasible interval when none is free.
func (s *solver) rho() float64 {
	ub, lb := math.Inf(1), math.Inf(-1)
	sum, nFree := 0.0, 0
	for i := range s.alpha {
		yg := float64(s.y[i]) * s.g[i]
		switch {
		case s.status[i] == atUpper && s.y[i] < 0, s.status[i] == atLower && s.y[i] > 0:
			ub = min(ub, yg)
		case s.status[i] == atUpper, s.status[i] == atLower:
			lb = max(lb, yg)
		default:
			nFree++
			sum += yg
		}
	}
	if nFree > 0 {
		return sum / float64(nFree)
	}
	return (ub + lb) / 2
}
