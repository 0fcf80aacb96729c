package svm

// Model is a trained C-SVC: for k classes, k(k-1)/2 one-vs-one decision
// functions sharing one set of support vectors, laid out as LIBSVM lays
// them out. A Model is immutable after Train or ReadModel and safe for
// concurrent use.
type Model struct {
	svmType      string // "c_svc" (or "nu_svc" when read from a file)
	kernel       kernel
	labels       []float64
	sv           [][]Node
	coef         [][]float64 // coef[r][s]: coefficient of sv[s] in row r (k-1 rows)
	rho          []float64   // one per pair, pair order (0,1), (0,2), …, (1,2), …
	probA, probB []float64   // Platt sigmoid per pair; nil without probability
	nSV          []int       // support vectors per class, in label order

	// Fast path, built by prepare.
	svNorm []float64 // |sv_s|²
	dim    int       // largest feature index; 0 when SVs are kept sparse only
	dense  []float64 // multi-class: SVs as rows of a dense len(sv)×dim matrix
	w      []float64 // binary linear model: w = Σ coef_s·sv_s (dense, dim long)
	fast   *blocks   // binary non-linear model: blocked support vectors
}

// maxDense bounds the dense copy of the support vectors (float64 entries);
// it is also skipped when it would be more than 8 times the sparse size.
const maxDense = 1 << 21

// prepare copies the support vectors into one backing array and builds the
// norms and the dense matrix used by the prediction fast path.
func (m *Model) prepare() {
	total, dim := 0, 0
	for _, s := range m.sv {
		total += len(s)
		if n := len(s); n > 0 {
			dim = max(dim, s[n-1].Index)
		}
	}
	backing := make([]Node, 0, total)
	m.svNorm = make([]float64, len(m.sv))
	for i, s := range m.sv {
		start := len(backing)
		backing = append(backing, s...)
		m.sv[i] = backing[start:len(backing):len(backing)]
		m.svNorm[i] = sqnorm(s)
	}
	m.dim, m.dense, m.w, m.fast = 0, nil, nil, nil
	if dim == 0 || dim > maxDense/len(m.sv) || dim*len(m.sv) > 8*total+1024 {
		return
	}
	m.dim = dim
	switch {
	case len(m.labels) != 2:
		m.dense = make([]float64, dim*len(m.sv))
		for i, s := range m.sv {
			row := m.dense[i*dim : (i+1)*dim]
			for _, n := range s {
				row[n.Index-1] = n.Value
			}
		}
	case m.kernel.typ == Linear:
		m.w = make([]float64, dim)
		for i, c := range m.coef[0] {
			for _, n := range m.sv[i] {
				m.w[n.Index-1] += c * n.Value
			}
		}
	default:
		m.fast = newBlocks(m.sv, m.coef[0], dim)
	}
}

// Labels returns the class labels in the model's internal order; decision
// values and probabilities follow this order.
func (m *Model) Labels() []float64 { return append([]float64(nil), m.labels...) }

// NumClass reports the number of classes.
func (m *Model) NumClass() int { return len(m.labels) }

// NumSV reports the total number of support vectors.
func (m *Model) NumSV() int { return len(m.sv) }

// Kernel reports the kernel type and its parameters gamma, coef0, degree.
func (m *Model) Kernel() (typ KernelType, gamma, coef0 float64, degree int) {
	return m.kernel.typ, m.kernel.gamma, m.kernel.coef0, m.kernel.degree
}

// HasProbability reports whether the model carries Platt sigmoids, so that
// PredictProbability gives calibrated estimates.
func (m *Model) HasProbability() bool { return len(m.probA) > 0 }

// kvalue returns K(x, sv_s) given |x|².
func (m *Model) kvalue(x []Node, xx float64, s int) float64 {
	var d float64
	if m.dense != nil {
		row := m.dense[s*m.dim : (s+1)*m.dim]
		for _, n := range x {
			if i := n.Index - 1; i >= 0 && i < len(row) {
				d += n.Value * row[i]
			}
		}
	} else {
		d = dot(x, m.sv[s])
	}
	return m.kernel.eval(d, xx, m.svNorm[s])
}

// Decision returns the decision value of a binary model, Σ coef·K − rho:
// positive means Labels()[0]. For multi-class models it returns the value
// of the first pair. It does not allocate.
func (m *Model) Decision(x []Node) float64 {
	if m.w != nil {
		var d float64
		for _, n := range x {
			if i := n.Index - 1; i >= 0 && i < len(m.w) {
				d += n.Value * m.w[i]
			}
		}
		return d - m.rho[0]
	}
	xx := sqnorm(x)
	if m.fast != nil {
		return m.fast.sum(m.kernel, x, xx) - m.rho[0]
	}
	var sum float64
	coef := m.coef[0]
	for s := range m.sv {
		if c := coef[s]; c != 0 {
			sum += c * m.kvalue(x, xx, s)
		}
	}
	return sum - m.rho[0]
}

// DecisionDense is Decision for a dense vector: x[i] is feature i+1.
// Features beyond the model's largest index count only in |x|². It does not
// allocate.
func (m *Model) DecisionDense(x []float64) float64 {
	var xx float64
	for _, v := range x {
		xx += v * v
	}
	n := min(len(x), m.dim)
	if m.w != nil {
		var d float64
		for i, v := range x[:n] {
			d += v * m.w[i]
		}
		return d - m.rho[0]
	}
	if m.fast == nil {
		return m.Decision(denseToNodes(x))
	}
	return m.fast.sumDense(m.kernel, x, xx) - m.rho[0]
}

// denseToNodes converts a dense vector to sparse Nodes (zeros dropped).
func denseToNodes(x []float64) []Node {
	var out []Node
	for i, v := range x {
		if v != 0 {
			out = append(out, Node{Index: i + 1, Value: v})
		}
	}
	return out
}

// Predict returns the predicted label of x. For binary models it does not
// allocate; multi-class models vote one-vs-one as LIBSVM does (ties go to
// the class that comes first in Labels).
func (m *Model) Predict(x []Node) float64 {
	if len(m.labels) == 2 {
		return m.binaryLabel(m.Decision(x))
	}
	label, _ := m.PredictValues(x)
	return label
}

// PredictDense is Predict for a dense vector: x[i] is feature i+1.
func (m *Model) PredictDense(x []float64) float64 {
	if len(m.labels) == 2 {
		return m.binaryLabel(m.DecisionDense(x))
	}
	return m.Predict(denseToNodes(x))
}

func (m *Model) binaryLabel(dec float64) float64 {
	if dec > 0 {
		return m.labels[0]
	}
	return m.labels[1]
}

// PredictValues returns the predicted label and the k(k-1)/2 pairwise
// decision values in LIBSVM's pair order (0,1), (0,2), …, (1,2), …; a
// positive value votes for the first class of the pair.
func (m *Model) PredictValues(x []Node) (label float64, decision []float64) {
	k := len(m.labels)
	decision = make([]float64, k*(k-1)/2)
	if k == 2 {
		decision[0] = m.Decision(x)
		return m.binaryLabel(decision[0]), decision
	}
	xx := sqnorm(x)
	kv := make([]float64, len(m.sv))
	for s := range m.sv {
		kv[s] = m.kvalue(x, xx, s)
	}
	start := make([]int, k)
	for c := 1; c < k; c++ {
		start[c] = start[c-1] + m.nSV[c-1]
	}
	votes := make([]int, k)
	p := 0
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			var sum float64
			ci, cj := m.coef[j-1], m.coef[i]
			for s := start[i]; s < start[i]+m.nSV[i]; s++ {
				sum += ci[s] * kv[s]
			}
			for s := start[j]; s < start[j]+m.nSV[j]; s++ {
				sum += cj[s] * kv[s]
			}
			decision[p] = sum - m.rho[p]
			if decision[p] > 0 {
				votes[i]++
			} else {
				votes[j]++
			}
			p++
		}
	}
	best := 0
	for c := 1; c < k; c++ {
		if votes[c] > votes[best] {
			best = c
		}
	}
	return m.labels[best], decision
}

// Rho returns the biases of the pairwise decision functions, in pair order.
func (m *Model) Rho() []float64 { return append([]float64(nil), m.rho...) }
