package svm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refDecision is the decision value computed the plain way: every stored
// support vector in turn (none merged), RBF as math.Exp of the squared
// distance itself rather than |x|² + |sv|² − 2x·sv.
func refDecision(m *Model, x []Node) float64 {
	var sum float64
	for s, sv := range m.sv {
		var k float64
		if m.kernel.typ == RBF {
			k = math.Exp(-m.kernel.gamma * sqdist(x, sv))
		} else {
			k = m.kernel.eval(dot(x, sv), sqnorm(x), sqnorm(sv))
		}
		sum += m.coef[0][s] * k
	}
	return sum - m.rho[0]
}

// sqdist returns |u − v|² for sparse vectors with increasing indices.
func sqdist(u, v []Node) float64 {
	var s float64
	i, j := 0, 0
	for i < len(u) || j < len(v) {
		var d float64
		switch {
		case j == len(v) || (i < len(u) && u[i].Index < v[j].Index):
			d = u[i].Value
			i++
		case i == len(u) || v[j].Index < u[i].Index:
			d = v[j].Value
			j++
		default:
			d = u[i].Value - v[j].Value
			i++
			j++
		}
		s += d * d
	}
	return s
}

// wideProblem has dim features, feature unused never set, about half the
// others non-zero per point, and every fifth point repeated (duplicate
// support vectors).
func wideProblem(rng *rand.Rand, n, dim, unused int) *Problem {
	p := &Problem{}
	for i := 0; i < n; i++ {
		var x []Node
		var s float64
		for j := 1; j <= dim; j++ {
			if j == unused || rng.IntN(2) == 0 {
				continue
			}
			v := rng.Float64()*2 - 1
			x = append(x, Node{Index: j, Value: v})
			s += v * float64(j%3-1)
		}
		y := 1.0
		if s+rng.NormFloat64()*0.5 < 0 {
			y = -1
		}
		p.X, p.Y = append(p.X, x), append(p.Y, y)
		if i%5 == 0 {
			p.X, p.Y = append(p.X, x), append(p.Y, y)
		}
	}
	return p
}

// TestFastPathMatchesReference checks the blocked prediction path against
// refDecision on models whose shape reaches every branch of fastpath.go:
// more features than compactSize (gathering in chunks), several blocks of
// support vectors with a partial last one, merged duplicates, an unused
// feature; queries with explicit zeros, indices past the model's, and
// dense vectors shorter and longer than the model's dimension.
func TestFastPathMatchesReference(t *testing.T) {
	for _, dim := range []int{12, 2*compactSize + 30} {
		rng := rand.New(rand.NewPCG(1, uint64(dim)))
		train := wideProblem(rng, 150, dim, 7)
		queries := wideProblem(rng, 40, dim+5, 0)
		for _, k := range []KernelType{RBF, Poly, Sigmoid} {
			param := DefaultParam()
			param.Kernel, param.C, param.Gamma, param.Coef0 = k, 4, 1/float64(dim), 0.1
			m, err := Train(train, param)
			if err != nil {
				t.Fatal(err)
			}
			if m.fast == nil || len(m.sv) <= blockSize || len(m.sv)%blockSize == 0 {
				t.Fatalf("dim %d %v: %d SVs, fast path %v: the model does not exercise the blocks", dim, k, len(m.sv), m.fast != nil)
			}
			if len(m.fast.coef) == len(m.sv) {
				t.Errorf("dim %d %v: no duplicate support vector merged", dim, k)
			}
			for i, x := range queries.X {
				x = append(x[:len(x):len(x)], Node{Index: dim + 9, Value: 0.5})
				want := refDecision(m, x)
				tol := 1e-9 * max(math.Abs(want), 1e-3)
				withZeros := append([]Node{{Index: 1, Value: 0}}, x...)
				if got := m.Decision(withZeros); math.Abs(got-want) > tol {
					t.Fatalf("dim %d %v point %d: Decision %v, reference %v", dim, k, i, got, want)
				}
				for _, n := range []int{dim - 3, dim + 10} {
					dense := make([]float64, n)
					var kept []Node
					for _, nd := range x {
						if nd.Index <= n {
							dense[nd.Index-1] = nd.Value
							kept = append(kept, nd)
						}
					}
					want := refDecision(m, kept)
					if got := m.DecisionDense(dense); math.Abs(got-want) > 1e-9*max(math.Abs(want), 1e-3) {
						t.Fatalf("dim %d %v point %d, %d dense features: DecisionDense %v, reference %v", dim, k, i, n, got, want)
					}
				}
			}
		}
	}
}
