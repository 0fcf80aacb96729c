package topic

import (
	"math"
	"sync"
	"sync/atomic"
)

// Defaults of the learned link model (StrategyLearned), chosen on the
// tuning topics of internal/linkgraph (see its README).
const (
	DefaultRetrain = 10   // pages between two trainings
	maxExamples    = 4000 // most recent training examples kept
	minClass       = 5    // examples of each class before the model replaces the cold start
	epochs         = 4    // passes over the examples per training
	learnRate      = 0.3  // AdaGrad base rate
	l2             = 1e-4 // L2 penalty per update
)

// feature is one hashed feature of a link and its value.
type feature struct {
	id  uint32
	val float32
}

// example is a fetched page as a training example: the features of the
// link it was fetched through, whether it turned out relevant, and its
// label: 1 or 0 (LabelsBinary), or its relevance share (LabelsSoft).
type example struct {
	feats []feature
	pos   bool
	y     float32
}

// weights is an immutable trained model: scoring reads it without locks.
// The weights are laid out densely by feature hash (weightBits bits), so a
// lookup is an index, not a map probe; features whose hashes share those
// bits share a weight.
type weights struct {
	w    []float32
	bias float32
}

// weightBits sizes the dense weight table: 2^18 float32, 1 MiB; feature
// ids are hashes masked to it.
const (
	weightBits = 18
	weightMask = 1<<weightBits - 1
)

// linkModel is an online logistic regression over hashed link features,
// trained on the crawl's own pages: a page fetched through a link is a
// positive example of that link's features when the page is relevant
// (Model.Threshold), a negative otherwise. Every Retrain pages a new model
// is trained on the most recent examples and swapped in atomically;
// scoring never waits for training. The worker whose page completes the
// Retrain-th example trains (about 6 ms on 4,000 examples, BenchmarkTrain)
// while the others go on scoring with the previous model. Until both classes have minClass
// examples it is not ready and the hook uses its cold start.
type linkModel struct {
	every int
	cur   atomic.Pointer[weights]

	mu        sync.Mutex
	examples  []example // ring of the most recent examples
	next      int
	pos, neg  int // examples of each class in the ring
	sinceLast int
	trainings int

	g2 sync.Pool // *[]float32: train's AdaGrad sums, all zero between trainings
}

func newLinkModel(every int) *linkModel {
	return &linkModel{every: every}
}

// ready reports whether a trained model is in place.
func (lm *linkModel) ready() bool { return lm.cur.Load() != nil }

// predict is the model's probability that a link with feats leads to a
// relevant page.
func (lm *linkModel) predict(feats []feature) (float64, bool) {
	wt := lm.cur.Load()
	if wt == nil {
		return 0, false
	}
	z := wt.bias
	for _, f := range feats {
		z += wt.w[f.id] * f.val
	}
	return sigmoid(float64(z)), true
}

// add records a training example labelled y in [0, 1] (pos: the page was
// relevant) and trains when Retrain pages have passed since the last
// training. It reports whether it trained.
func (lm *linkModel) add(feats []feature, pos bool, y float32) bool {
	lm.mu.Lock()
	e := example{feats: feats, pos: pos, y: y}
	if len(lm.examples) < maxExamples {
		lm.examples = append(lm.examples, e)
	} else {
		if lm.examples[lm.next].pos {
			lm.pos--
		} else {
			lm.neg--
		}
		lm.examples[lm.next] = e
		lm.next = (lm.next + 1) % maxExamples
	}
	if pos {
		lm.pos++
	} else {
		lm.neg++
	}
	lm.sinceLast++
	if lm.sinceLast < lm.every || lm.pos < minClass || lm.neg < minClass {
		lm.mu.Unlock()
		return false
	}
	lm.sinceLast = 0
	data := append([]example(nil), lm.examples...)
	np, nn := lm.pos, lm.neg
	lm.trainings++
	lm.mu.Unlock()
	lm.cur.Store(lm.fit(data, np, nn))
	return true
}

// fit is train with the AdaGrad sums of an earlier training, zeroed again
// where it set them (the features of data): a training then allocates
// only the weights it publishes.
func (lm *linkModel) fit(data []example, pos, neg int) *weights {
	g2, _ := lm.g2.Get().(*[]float32)
	if g2 == nil {
		s := make([]float32, 1<<weightBits)
		g2 = &s
	}
	w := trainWith(data, pos, neg, *g2)
	for _, e := range data {
		for _, f := range e.feats {
			(*g2)[f.id] = 0
		}
	}
	lm.g2.Put(g2)
	return w
}

// train fits a logistic regression to data from zero, with AdaGrad and
// class weights that balance the two classes (relevant pages are usually
// the few).
func train(data []example, pos, neg int) *weights {
	return trainWith(data, pos, neg, make([]float32, 1<<weightBits))
}

// trainWith is train with g2, all zero, for the AdaGrad sums of squared
// gradients (by feature id).
func trainWith(data []example, pos, neg int, g2 []float32) *weights {
	wPos, wNeg := float32(1), float32(1)
	w := make([]float32, 1<<weightBits) // the weights, dense by feature id
	var bias, bg2 float32
	for range epochs {
		for _, e := range data {
			z := bias
			for _, f := range e.feats {
				z += w[f.id] * f.val
			}
			p := float32(sigmoid(float64(z)))
			cw := wNeg
			if e.pos {
				cw = wPos
			}
			g := cw * (p - e.y)
			bg2 += g * g
			bias -= learnRate * g / (sqrt32(bg2) + 1e-6)
			for _, f := range e.feats {
				gf := g*f.val + l2*w[f.id]
				s := g2[f.id] + gf*gf
				g2[f.id] = s
				w[f.id] -= learnRate * gf / (sqrt32(s) + 1e-6)
			}
		}
	}
	return &weights{w: w, bias: bias}
}

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

func sigmoid(z float64) float64 {
	if z < -30 {
		return 0
	}
	return 1 / (1 + math.Exp(-z))
}

// Trainings returns how many times the link model was trained.
func (lm *linkModel) stats() (trainings, pos, neg int) {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	return lm.trainings, lm.pos, lm.neg
}

// featureSet accumulates the hashed features of one link.
type featureSet struct {
	feats []feature
}

func (fs *featureSet) add(name string, val float32) {
	fs.feats = append(fs.feats, feature{id: fnv1a(name, "") & weightMask, val: val})
}

// addToken adds prefix+tok once per link.
func (fs *featureSet) addToken(prefix, tok string) { fs.addID(fnv1a(prefix, tok) & weightMask) }

// addIDs adds the features of ids (addToken's), in order.
func (fs *featureSet) addIDs(ids []uint32) {
	for _, id := range ids {
		fs.addID(id)
	}
}

// addID adds the feature id once per link.
func (fs *featureSet) addID(id uint32) {
	for _, f := range fs.feats {
		if f.id == id {
			return
		}
	}
	fs.feats = append(fs.feats, feature{id: id, val: 1})
}

// fnv1a is the 32-bit FNV-1a hash of a+b.
func fnv1a(a, b string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(a); i++ {
		h = (h ^ uint32(a[i])) * 16777619
	}
	for i := 0; i < len(b); i++ {
		h = (h ^ uint32(b[i])) * 16777619
	}
	return h
}
