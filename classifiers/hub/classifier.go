package hub

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/svm"
)

// Class labels in the LIBSVM files: hub = +1, topic = -1.
const (
	labelHub   = 1.0
	labelTopic = -1.0
)

// Classifier labels URLs hub or topic. It is immutable and safe for
// concurrent use.
type Classifier struct {
	tables Tables
	scaler *svm.Scaler
	model  *svm.Model
	hubPos bool         // the model's decision is positive for hub
	anchor *AnchorLayer // nil: anchor text only counts through feature ①
	info   Info
}

// Info describes how a classifier was trained; it is saved in
// features.json.
type Info struct {
	C, Gamma     float64
	Weighted     bool    // class weights were used
	CVAccuracy   float64 // accuracy of the best grid cell, host-grouped k-fold CV (0 without a grid)
	CVF1         float64 // hub F1 of the best grid cell (0 without a grid)
	Folds        int
	Edited       int        // training URLs dropped by editing (TrainOptions.Edit)
	Grid         []GridCell // every grid cell (nil without a grid)
	Examples     int
	Hubs         int
	TrainSeconds float64
}

// TrainOptions control Train. The zero value trains with the paper's
// parameters (C = 32, gamma = 0.0625), class weights off, no grid search
// and no probabilities.
type TrainOptions struct {
	C, Gamma float64 // used without Grid; 0 means 32 and 0.0625 (the paper's best)
	Grid     bool    // grid-search C and gamma by Folds-fold CV
	Cs       []float64
	Gammas   []float64 // grid; nil means DefaultCs / DefaultGammas
	Folds    int       // CV folds; 0 means 10
	Seed     int64     // CV fold seed
	Workers  int       // grid workers; 0 means GOMAXPROCS
	// Tolerance: the grid picks, among the cells whose CV hub F1 is within
	// Tolerance of the best, the one with the fewest support vectors.
	// 0 means 0.005; negative means the best F1 only.
	Tolerance float64
	Weighted  bool // weight C per class by the inverse class frequency
	// Linear trains a linear kernel instead of RBF (gamma unused): one dot
	// product per URL instead of one kernel per support vector.
	Linear bool
	// Edit drops the training URLs the first model misclassifies (their
	// labels are mostly noise) and trains again: about five times fewer
	// support vectors, hence faster classification, at the same F1.
	Edit bool
	// EditMargin, with Edit, also drops training URLs whose decision
	// value, signed by their label, is below it (0: only misclassified).
	EditMargin float64
	// Probability trains Platt scaling so Score is P(hub).
	Probability bool
	// Tables, when non-nil, replace the learned text-value tables (e.g.
	// PaperTables()).
	Tables *Tables
}

// DefaultCs and DefaultGammas are the grid of Train with Grid and no Cs or
// Gammas: C ∈ 2^{3,5,7,9}, gamma ∈ 2^{-8,-6,-4,-2} (16 cells; the paper's
// best, C = 32 and gamma = 0.0625, is one of them). Small
// C is left out: on these noisy labels it keeps many margin support
// vectors (C = 2: about 500 after editing, against about 100 for C ≥ 8),
// which slows classification fivefold for no gain in held-out F1.
func DefaultCs() []float64 { return svm.Pow2(3, 9, 2) }

// DefaultGammas: see DefaultCs.
func DefaultGammas() []float64 { return svm.Pow2(-8, -2, 2) }

// ErrNoData is returned by Train for training data without both classes.
var ErrNoData = errors.New("hub: training data needs hub and topic examples")

// Train learns the text-value tables, the feature ranges and an RBF C-SVC
// from examples.
func Train(examples []Example, opts TrainOptions) (*Classifier, error) {
	start := time.Now()
	hubs := 0
	for _, e := range examples {
		if e.Hub {
			hubs++
		}
	}
	if hubs == 0 || hubs == len(examples) {
		return nil, ErrNoData
	}
	c := &Classifier{}
	if opts.Tables != nil {
		c.tables = *opts.Tables
	} else {
		urls, lab := make([]string, len(examples)), make([]bool, len(examples))
		for i, e := range examples {
			urls[i], lab[i] = e.URL, e.Hub
		}
		var err error
		if c.tables, err = LearnTables(urls, lab); err != nil {
			return nil, err
		}
	}
	raw := &svm.Problem{Y: make([]float64, len(examples)), X: make([][]svm.Node, len(examples))}
	vecs := make([]Vector, len(examples))
	for i, e := range examples {
		vecs[i] = Extract(e.URLInfo, &c.tables)
		raw.X[i] = sparse(vecs[i][:], false)
		raw.Y[i] = labelTopic
		if e.Hub {
			raw.Y[i] = labelHub
		}
	}
	c.scaler = svm.FitScaler(raw, -1, 1)
	prob := &svm.Problem{Y: raw.Y, X: make([][]svm.Node, len(examples))}
	for i := range vecs {
		x := vecs[i]
		c.scale(&x)
		prob.X[i] = sparse(x[:], true)
	}
	hosts := make([]string, len(examples))
	for i, e := range examples {
		hosts[i] = e.Host
	}
	param, info, gram, err := chooseParam(prob, hosts, opts, hubs)
	if err != nil {
		return nil, err
	}
	// The grid's kernel matrix, when it kept one, gives the final
	// trainings (all on prob's vectors) the same models faster.
	train := svm.Train
	if gram != nil {
		defer gram.Release()
		train = func(p *svm.Problem, param svm.Param) (*svm.Model, error) { return svm.TrainWithGram(p, param, gram) }
	}
	if c.model, err = train(prob, param); err != nil {
		return nil, fmt.Errorf("hub: train: %w", err)
	}
	if opts.Edit {
		if c.model, info.Edited, err = edit(prob, c.model, param, opts.EditMargin, train); err != nil {
			return nil, err
		}
	}
	c.hubPos = c.model.Labels()[0] == labelHub
	info.Examples, info.Hubs = len(examples), hubs
	info.TrainSeconds = time.Since(start).Seconds()
	c.info = info
	return c, nil
}

// editRounds bounds the editing passes of TrainOptions.Edit.
const editRounds = 5

// edit retrains m without the examples it misclassifies (Wilson editing),
// repeating until the model fits what is left or editRounds passes. train
// is svm.Train or a training through a kernel matrix of p's vectors.
func edit(p *svm.Problem, m *svm.Model, param svm.Param, margin float64, train func(*svm.Problem, svm.Param) (*svm.Model, error)) (*svm.Model, int, error) {
	cur := p
	for round := range editRounds {
		var kept svm.Problem
		sign := 1.0
		if m.Labels()[0] != labelHub {
			sign = -1
		}
		for i, x := range cur.X {
			d := sign * m.Decision(x) * cur.Y[i]
			if d > 0 && (round > 0 || d >= margin) {
				kept.Y = append(kept.Y, cur.Y[i])
				kept.X = append(kept.X, x)
			}
		}
		if kept.Len() == cur.Len() {
			break
		}
		m2, err := train(&kept, param)
		if err != nil {
			return nil, 0, fmt.Errorf("hub: train edited: %w", err)
		}
		m, cur = m2, &kept
	}
	return m, p.Len() - cur.Len(), nil
}

// chooseParam returns the training parameters, by grid search when opts
// ask for it, and then p's kernel matrix for the chosen kernel when the
// grid search kept one (the caller releases it).
func chooseParam(p *svm.Problem, hosts []string, opts TrainOptions, hubs int) (svm.Param, Info, *svm.Gram, error) {
	param := svm.DefaultParam()
	param.C, param.Gamma = 32, 0.0625
	if opts.C > 0 {
		param.C = opts.C
	}
	if opts.Gamma > 0 {
		param.Gamma = opts.Gamma
	}
	info := Info{Weighted: opts.Weighted}
	var gram *svm.Gram
	if opts.Linear {
		param.Kernel, param.Gamma = svm.Linear, 0
	}
	if opts.Weighted {
		n, topics := float64(p.Len()), float64(p.Len()-hubs)
		param.Weights = map[float64]float64{labelHub: n / (2 * float64(hubs)), labelTopic: n / (2 * topics)}
	}
	if opts.Grid {
		cs, gs := opts.Cs, opts.Gammas
		if len(cs) == 0 {
			cs = DefaultCs()
		}
		if len(gs) == 0 {
			gs = DefaultGammas()
		}
		info.Folds = opts.Folds
		if info.Folds == 0 {
			info.Folds = 10
		}
		workers := opts.Workers
		if workers <= 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		if opts.Linear {
			gs = []float64{0}
		}
		tol := opts.Tolerance
		if tol == 0 {
			tol = 0.005
		}
		cells, best, g, err := gridSearch(p, hosts, param, cs, gs, info.Folds, opts.Seed, workers, max(tol, 0))
		if err != nil {
			return param, info, nil, err
		}
		param.C, param.Gamma, info.CVAccuracy, info.CVF1 = best.C, best.Gamma, best.Accuracy, best.F1
		info.Grid, gram = cells, g
	}
	param.Probability = opts.Probability
	info.C, info.Gamma = param.C, param.Gamma
	return param, info, gram, nil
}

// sparse converts a dense vector to LIBSVM nodes, leaving out NaN (missing)
// and, when dropZero, zero entries.
func sparse(x []float64, dropZero bool) []svm.Node {
	out := make([]svm.Node, 0, len(x))
	for i, v := range x {
		if math.IsNaN(v) || (dropZero && v == 0) {
			continue
		}
		out = append(out, svm.Node{Index: i + 1, Value: v})
	}
	return out
}

// scale maps a raw vector to the model's space in place: svm-scale ranges,
// then missing (NaN) features to 0, the middle of [-1, 1], which is what an
// omitted index means in a LIBSVM vector.
func (c *Classifier) scale(x *Vector) {
	c.scaler.ScaleDense(x[:]) // a missing feature stays NaN, or becomes 0 without a range
	for i, v := range x {
		if v != v {
			x[i] = 0
		}
	}
}

// Decision returns the SVM decision value for u, positive for hub (without
// the anchor layer: see Classify).
func (c *Classifier) Decision(u URLInfo) float64 {
	x := Extract(u, &c.tables)
	return c.decisionOf(&x)
}

// decisionOf is the SVM decision value of a raw feature vector x
// (Extract's), positive for hub; x is scaled in place.
func (c *Classifier) decisionOf(x *Vector) float64 {
	c.scale(x)
	d := c.model.DecisionDense(x[:])
	if !c.hubPos {
		d = -d
	}
	return d
}

// Classify labels u crawl.LabelHub or crawl.LabelTopic by the sign of the
// decision value (as svm-predict without -b does). score is the
// probability of hub when the model has probability information, else
// the decision value (positive for hub).
//
// When the classifier has an AnchorLayer and u has anchor text, the label
// is the sign of the layer's z instead, and score is 1/(1+e^−z) (with
// probability information) or z.
func (c *Classifier) Classify(u URLInfo) (label string, score float64) {
	return c.classifyWith(u, c.Decision(u))
}

// classifyWith is Classify given u's decision value d.
func (c *Classifier) classifyWith(u URLInfo, d float64) (label string, score float64) {
	if c.anchor != nil && u.Anchor != "" {
		z := c.anchor.logit(d, u.Anchor)
		label = crawl.LabelTopic
		if z > 0 {
			label = crawl.LabelHub
		}
		if !c.model.HasProbability() {
			return label, z
		}
		return label, 1 / (1 + math.Exp(-z))
	}
	label = crawl.LabelTopic
	if d > 0 {
		label = crawl.LabelHub
	}
	if !c.model.HasProbability() {
		return label, d
	}
	if c.hubPos {
		return label, c.model.BinaryProbability(d)
	}
	return label, 1 - c.model.BinaryProbability(-d) // the model's first class is topic
}

// IsHub reports whether a label given by Classify is the hub label.
func IsHub(label string) bool { return label == crawl.LabelHub }

// Info returns how the classifier was trained.
func (c *Classifier) Info() Info { return c.info }

// Tables returns the text-value tables the classifier uses.
func (c *Classifier) Tables() Tables { return c.tables }

// NumSV reports the model's number of support vectors.
func (c *Classifier) NumSV() int { return c.model.NumSV() }

// Scaled returns u's feature vector as the model sees it: scaled to
// [−1, 1] by the bundle's ranges, missing features 0. Written in LIBSVM
// format with zeros left out, it is what svm-predict needs with hub.model.
func (c *Classifier) Scaled(u URLInfo) Vector {
	x := Extract(u, &c.tables)
	c.scale(&x)
	return x
}
