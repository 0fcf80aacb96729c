package topic

import (
	"math"
	"slices"
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
// slots are its features with their places in the compact tables a
// training works on (featureIndex) for ids, in the order of feats.
type example struct {
	feats []feature
	slots []slotFeature
	pos   bool
	y     float32
}

// slotFeature is a feature by its slot (featureIndex) and its value.
type slotFeature struct {
	slot int32
	val  float32
}

// featureIndex numbers the distinct feature ids of the examples a link
// model was given, in order of first sight: a training works on tables
// of that many weights and AdaGrad sums (kilobytes, in cache) instead of
// the dense 2^weightBits ones (a megabyte each, where every access of
// a feature missed the cache), with the same updates in the same order,
// so the same weights. Ids of examples since dropped from the ring keep
// their slot: there are at most 2^weightBits. The table from id to slot
// is dense, made once and only ever added to, so that the weights of
// every training read it as it is (weights.at).
type featureIndex struct {
	slot []atomic.Int32 // feature id → 1 + its slot; 0: none yet
	n    int32          // slots numbered
}

// slotsOf is feats by slot, numbering the ids not seen before.
func (fx *featureIndex) slotsOf(feats []feature) []slotFeature {
	if fx.slot == nil {
		fx.slot = make([]atomic.Int32, 1<<weightBits)
	}
	out := make([]slotFeature, len(feats))
	for i, f := range feats {
		s := fx.slot[f.id].Load() - 1
		if s < 0 {
			s = fx.n
			fx.n++
			fx.slot[f.id].Store(s + 1)
		}
		out[i] = slotFeature{s, f.val}
	}
	return out
}

// weights is an immutable trained model: scoring reads it without locks.
// It holds the weights of the features numbered when it was trained, by
// slot (featureIndex), and reads a feature's slot in the index's table: a
// feature numbered since, or never, weighs 0. Feature ids are hashes
// masked to weightBits bits, and features whose hashes share those bits
// share a weight. A dense table of 2^weightBits weights (a megabyte) was
// allocated and written at random every training, and faulting in its
// pages cost more than the training (README, Session 7).
type weights struct {
	w    []float32      // by slot
	slot []atomic.Int32 // the featureIndex's table
	bias float32
}

// at is the weight of feature id (0 for a feature it has none of).
func (wt *weights) at(id uint32) float32 {
	if s := wt.slot[id].Load() - 1; s >= 0 && int(s) < len(wt.w) {
		return wt.w[s]
	}
	return 0
}

// weightBits sizes the feature space: feature ids are hashes masked to
// it.
const (
	weightBits = 18
	weightMask = 1<<weightBits - 1
)

// linkModel is an online logistic regression over hashed link features,
// trained on the crawl's own pages: a page fetched through a link is a
// positive example of that link's features when the page is relevant
// (Model.Threshold), a negative otherwise. Every Retrain pages, then every
// tenth more pages once that is more (nextRefresh; Config.FixedRefresh:
// every Retrain pages throughout), a new model is trained from zero on the
// most recent examples (all of them until the ring holds maxExamples;
// continuing the last model on the new examples would give other weights,
// so other priorities) and swapped in atomically;
// scoring never waits for training. The worker whose page completes the
// Retrain-th example trains (about 3 ms on 4,000 examples, BenchmarkTrain)
// while the others go on scoring with the previous model. Until both classes have minClass
// examples it is not ready and the hook uses its cold start.
type linkModel struct {
	every int
	fixed bool // train every Retrain examples, not on the growing schedule (nextRefresh)
	cur   atomic.Pointer[weights]

	mu        sync.Mutex
	examples  []example // ring of the most recent examples
	next      int
	pos, neg  int // examples of each class in the ring
	sinceLast int
	added     int64 // examples ever added
	due       int64 // added count at which the next training is due (not fixed)
	trainings int
	index     featureIndex // the examples' feature slots

	scratch sync.Pool // *trainScratch: a training's compact tables
}

func newLinkModel(every int, fixed bool) *linkModel {
	return &linkModel{every: every, fixed: fixed, due: int64(every)}
}

// predict is the model's probability that a link with feats and more
// (its in-link features, apart: no slice of both is built) leads to a
// relevant page.
func (lm *linkModel) predict(feats, more []feature) (float64, bool) {
	wt := lm.cur.Load()
	if wt == nil {
		return 0, false
	}
	z := wt.bias
	for _, f := range feats {
		z += wt.at(f.id) * f.val // as a dense table's 0 would
	}
	for _, f := range more { // summed after feats: the order of one slice of both
		z += wt.at(f.id) * f.val
	}
	return sigmoid(float64(z)), true
}

// add records a training example labelled y in [0, 1] (pos: the page was
// relevant) and trains when Retrain pages have passed since the last
// training. It reports whether it trained.
func (lm *linkModel) add(feats []feature, pos bool, y float32) bool {
	lm.mu.Lock()
	e := example{feats: feats, slots: lm.index.slotsOf(feats), pos: pos, y: y}
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
	lm.added++
	if !lm.trainDue() || lm.pos < minClass || lm.neg < minClass {
		lm.mu.Unlock()
		return false
	}
	lm.sinceLast = 0
	lm.due = nextRefresh(lm.added, int64(lm.every))
	data := append([]example(nil), lm.examples...)
	index := lm.index // the slots of data, numbered by now
	np, nn := lm.pos, lm.neg
	lm.trainings++
	lm.mu.Unlock()
	lm.cur.Store(lm.fit(data, index, np, nn))
	return true
}

// trainDue reports whether a training is due: Retrain examples since the
// last one, or (not fixed) the count nextRefresh set at the last one,
// which grows to a tenth of the examples ever added (README, Session 8).
// Until both classes have minClass examples nothing trains, and the first
// add after that does.
func (lm *linkModel) trainDue() bool {
	if lm.fixed || lm.trainings == 0 {
		return lm.sinceLast >= lm.every
	}
	return lm.added >= lm.due
}

// trainScratch is a training's compact tables, by feature slot: the
// weights and the AdaGrad sums of squared gradients.
type trainScratch struct{ w, g2 []float32 }

// fit trains on data, whose slots index numbers, in the compact tables
// of an earlier training: a training allocates only the weights it
// publishes.
func (lm *linkModel) fit(data []example, index featureIndex, pos, neg int) *weights {
	sc, _ := lm.scratch.Get().(*trainScratch)
	if sc == nil {
		sc = &trainScratch{}
	}
	w := trainSlots(data, index, pos, neg, sc)
	lm.scratch.Put(sc)
	return w
}

// train fits a logistic regression to data from zero, with AdaGrad and
// class weights that balance the two classes (relevant pages are usually
// the few). It numbers the features' slots itself (examples of a
// linkModel have them already).
func train(data []example, pos, neg int) *weights {
	var fx featureIndex
	slotted := make([]example, len(data))
	for i, e := range data {
		e.slots = fx.slotsOf(e.feats)
		slotted[i] = e
	}
	return trainSlots(slotted, fx, pos, neg, &trainScratch{})
}

// trainSlots is train on the compact tables of sc (grown to the slots
// index numbered and zeroed): each update is the one dense tables by feature id would
// get (a feature's slot stands for its id one to one), in the same
// order, so the weights are the same.
func trainSlots(data []example, index featureIndex, pos, neg int, sc *trainScratch) *weights {
	n := int(index.n)
	if cap(sc.w) < n {
		sc.w, sc.g2 = make([]float32, n, n+n/2+64), make([]float32, n, n+n/2+64)
	}
	w, g2 := sc.w[:n], sc.g2[:n]
	clear(w)
	clear(g2)
	wPos, wNeg := float32(1), float32(1)
	var bias, bg2 float32
	for range epochs {
		for _, e := range data {
			z := bias
			for _, f := range e.slots {
				z += w[f.slot] * f.val
			}
			p := float32(sigmoid(float64(z)))
			cw := wNeg
			if e.pos {
				cw = wPos
			}
			g := cw * (p - e.y)
			bg2 += g * g
			bias -= learnRate * g / (sqrt32(bg2) + 1e-6)
			for _, f := range e.slots {
				s := f.slot
				gf := g*f.val + l2*w[s]
				q := g2[s] + gf*gf
				g2[s] = q
				w[s] -= learnRate * gf / (sqrt32(q) + 1e-6)
			}
		}
	}
	return &weights{w: slices.Clone(w), slot: index.slot, bias: bias}
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
	// seen has bit id&255 set for the id of every feature in feats: most
	// ids a link adds are new, and a clear bit tells so without scanning
	// the features held (a link has 30 or so: a scan for each was
	// quadratic).
	seen [4]uint64
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
	word, bit := id>>6&3, uint64(1)<<(id&63)
	if fs.seen[word]&bit != 0 && fs.has(id) {
		return
	}
	fs.seen[word] |= bit
	fs.feats = append(fs.feats, feature{id: id, val: 1})
}

// has reports whether the set holds the feature id.
func (fs *featureSet) has(id uint32) bool {
	for _, f := range fs.feats {
		if f.id == id {
			return true
		}
	}
	return false
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
