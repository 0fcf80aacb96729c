package hub

import "math"

// linkModel is one host's link-label model: online logistic regression
//
//	z = b + ws·s + Σ_i w[x_i]
//
// over a link's hashed features x (linkfeatures.go) and s, the URL SVM's
// logit for the link (the sign of s is the SVM's label). It starts at the
// SVM (b = 0, ws = 1, w = 0: z = s) and learns from each fetched page of
// the host, whose page-evidence label is the target and whose features are
// those its link had when it was queued.
//
// Why this learner: the labels arrive one page at a time and every link of
// the host must be scored in nanoseconds, so the model is linear over
// sparse indicator features with a fixed-size weight array (no allocation
// per link, no per-host vocabulary); AdaGrad steps need no learning-rate
// schedule (frequent features such as the directory settle, rare ones such
// as a file-name token still move); the SVM logit as an input with a prior
// weight of 1 makes the untrained model the SVM, and a per-host bias and
// weight on it let the host's pages overrule the SVM in a few steps where
// it is wrong for the whole host (a documentation site where the SVM calls
// every URL hub). Each update also replays a few earlier pages of the host
// from a bounded reservoir (a fixed number of steps, so bounded work),
// which lets a few dozen pages teach what one pass over them would not;
// hub pages are weighted up to the host's topic:hub ratio (capped) since
// hubs are few and F1 on them is what counts.
type linkModel struct {
	w, g   []float32 // weights and AdaGrad sums, linkDim each, made by the first update
	b, gb  float32
	ws, gs float32 // weight on the SVM logit, its AdaGrad sum

	hubs, topics int // pages learned from
	steps        int
	replay       []linkExample // reservoir of earlier pages
	rng          uint64
}

type linkExample struct {
	x   linkVec
	s   float32
	hub bool
}

// LinkLearning is the per-host link model's learning rate and its choices
// (the zero value means the defaults, chosen on the tuning sites: README).
type LinkLearning struct {
	Rate      float64 // AdaGrad step size; 0 means 0.1
	Replay    int     // earlier pages replayed per update; 0 means 4, < 0 none
	HubWeight float64 // cap on the weight of a hub page (topic:hub ratio); 0 means 4, < 1 means 1
	Ridge     float64 // L2 pull of the weights to their start per step; 0 means 1e-4
}

func (l LinkLearning) withDefaults() LinkLearning {
	if l.Rate == 0 {
		l.Rate = 0.1
	}
	if l.Replay == 0 {
		l.Replay = 4
	}
	if l.Replay < 0 {
		l.Replay = 0
	}
	if l.HubWeight == 0 {
		l.HubWeight = 4
	}
	if l.HubWeight < 1 {
		l.HubWeight = 1
	}
	if l.Ridge == 0 {
		l.Ridge = 1e-4
	}
	return l
}

const (
	replayCap = 256
	sClamp    = 8 // |s| is clamped: the SVM's logit only starts the model
)

func newLinkModel(seed uint64) *linkModel {
	return &linkModel{ws: 1, rng: seed | 1}
}

func clampS(s float64) float32 {
	if math.IsNaN(s) {
		return 0
	}
	return float32(max(-sClamp, min(sClamp, s)))
}

// z is the model's logit for a link with features x and SVM logit s.
func (m *linkModel) z(x *linkVec, s float32) float32 {
	z := m.b + m.ws*s
	if m.w != nil {
		for _, i := range x.idx[:x.n] {
			z += m.w[i]
		}
	}
	return z
}

// learn takes one labelled page: a step on it, then l.Replay steps on
// pages drawn from the reservoir, which it then enters.
func (m *linkModel) learn(x *linkVec, s float32, hub bool, l LinkLearning) {
	if m.w == nil {
		m.w, m.g = make([]float32, linkDim), make([]float32, linkDim)
	}
	if hub {
		m.hubs++
	} else {
		m.topics++
	}
	m.step(x, s, hub, l)
	for k := 0; k < l.Replay && len(m.replay) > 0; k++ {
		e := &m.replay[m.next()%uint64(len(m.replay))]
		m.step(&e.x, e.s, e.hub, l)
	}
	ex := linkExample{x: *x, s: s, hub: hub}
	if len(m.replay) < replayCap {
		m.replay = append(m.replay, ex)
	} else if j := m.next() % uint64(m.hubs+m.topics); j < replayCap {
		m.replay[j] = ex
	}
}

// next is a xorshift64 step: the reservoir's draws, deterministic per host.
func (m *linkModel) next() uint64 {
	m.rng ^= m.rng << 13
	m.rng ^= m.rng >> 7
	m.rng ^= m.rng << 17
	return m.rng
}

// step is one AdaGrad step on the weighted logistic loss of one page.
func (m *linkModel) step(x *linkVec, s float32, hub bool, l LinkLearning) {
	p := 1 / (1 + math.Exp(-float64(m.z(x, s))))
	y, wt := 0.0, 1.0
	if hub {
		y = 1
		if m.hubs > 0 {
			wt = max(1, min(l.HubWeight, float64(m.topics)/float64(m.hubs)))
		}
	}
	gz := float32(wt * (p - y))
	rate, ridge := float32(l.Rate), float32(l.Ridge)
	adagrad := func(w, g *float32, grad float32) {
		*g += grad * grad
		*w -= rate * grad / float32(math.Sqrt(float64(*g)+1e-8))
	}
	adagrad(&m.b, &m.gb, gz)
	adagrad(&m.ws, &m.gs, gz*s+ridge*(m.ws-1))
	for _, i := range x.idx[:x.n] {
		adagrad(&m.w[i], &m.g[i], gz+ridge*m.w[i])
	}
	m.steps++
}
