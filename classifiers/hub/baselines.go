package hub

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// The paper's two page-level baselines (its Tables 3–5), which need the
// fetched page: the multi-feature heuristic rule classifier and the
// content-feature SVM.

// ruleBins is the number of quantile bins per heuristic feature.
const ruleBins = 8

// RuleClassifier is the multi-feature heuristic rule classifier (Ail et
// al., as the paper re-implements it): three features — non-link
// characters, punctuation count, text/link ratio (log-scaled) — each
// binned at training quantiles; a bin's support for "topic" is
// 2·P(topic | bin) − 1 ∈ [−1, 1] by Bayes' rule with Laplace smoothing;
// the combined support is their mean, and a page whose support is below
// Threshold is a hub. Threshold is chosen on the training pages from the
// paper's range −0.2…0.6 (step 0.05; the paper's best was −0.1).
type RuleClassifier struct {
	edges     [3][]float64 // inner bin edges per feature
	support   [3][ruleBins]float64
	Threshold float64
}

func ruleFeatures(s PageStats) [3]float64 {
	return [3]float64{math.Log1p(float64(s.Text)), math.Log1p(float64(s.Punct)), math.Log1p(s.LinkRatio())}
}

// TrainRules fits the bins, supports and threshold on pages.
func TrainRules(pages []PageExample) (*RuleClassifier, error) {
	if err := needBoth(pages); err != nil {
		return nil, err
	}
	rc := &RuleClassifier{}
	for f := range 3 {
		vals := make([]float64, len(pages))
		for i, p := range pages {
			vals[i] = ruleFeatures(p.Stats)[f]
		}
		sort.Float64s(vals)
		for b := 1; b < ruleBins; b++ {
			rc.edges[f] = append(rc.edges[f], vals[b*len(vals)/ruleBins])
		}
		var topic, all [ruleBins]float64
		for _, p := range pages {
			b := rc.bin(f, ruleFeatures(p.Stats)[f])
			all[b]++
			if !p.Hub {
				topic[b]++
			}
		}
		for b := range ruleBins {
			rc.support[f][b] = 2*(topic[b]+1)/(all[b]+2) - 1
		}
	}
	bestF1, best := -1.0, 0.0
	for k := range 17 { // −0.2, −0.15, …, 0.6
		rc.Threshold = -0.2 + 0.05*float64(k)
		if f1 := rc.Evaluate(pages).F1(); f1 > bestF1 {
			bestF1, best = f1, rc.Threshold
		}
	}
	rc.Threshold = best
	return rc, nil
}

func (rc *RuleClassifier) bin(f int, v float64) int {
	return sort.SearchFloat64s(rc.edges[f], v+1e-12)
}

// Support returns the combined topic support of a page in [−1, 1].
func (rc *RuleClassifier) Support(s PageStats) float64 {
	x := ruleFeatures(s)
	var sum float64
	for f := range 3 {
		sum += rc.support[f][rc.bin(f, x[f])]
	}
	return sum / 3
}

// IsHub reports whether the page's support is below the threshold.
func (rc *RuleClassifier) IsHub(s PageStats) bool { return rc.Support(s) < rc.Threshold }

// Evaluate counts the rule classifier's outcomes on pages.
func (rc *RuleClassifier) Evaluate(pages []PageExample) Metrics {
	var m Metrics
	for _, p := range pages {
		m.Add(p.Hub, rc.IsHub(p.Stats))
	}
	return m
}

// ContentSVM is the content-feature SVM baseline: an RBF C-SVC over
// DOM depth (the paper's "page depth" is the crawl depth, unknown for the
// stored pages, so the DOM's depth stands in), anchor-text amount, text
// amount, their ratio and URL count, log-scaled then scaled to [−1, 1].
// The paper's update cycle and new-URL count/ratio need a previous crawl
// and are left out.
type ContentSVM struct {
	scaler *svm.Scaler
	model  *svm.Model
	C      float64
	Gamma  float64
}

func contentVector(s PageStats) []svm.Node {
	v := []float64{float64(s.MaxDepth), math.Log1p(float64(s.Anchor)), math.Log1p(float64(s.Text)),
		math.Log1p(s.LinkRatio()), math.Log1p(float64(s.Links))}
	return sparse(v, false)
}

// TrainContentSVM grid-searches C ∈ 2^{-1…9} and gamma ∈ 2^{-7…1} (step 2)
// by 5-fold CV on pages and trains the best model.
func TrainContentSVM(pages []PageExample, seed int64) (*ContentSVM, error) {
	if err := needBoth(pages); err != nil {
		return nil, err
	}
	raw := &svm.Problem{}
	for _, p := range pages {
		raw.X = append(raw.X, contentVector(p.Stats))
		y := labelTopic
		if p.Hub {
			y = labelHub
		}
		raw.Y = append(raw.Y, y)
	}
	cs := &ContentSVM{scaler: svm.FitScaler(raw, -1, 1)}
	p := cs.scaler.ScaleProblem(raw)
	res, err := svm.GridSearch(p, svm.DefaultParam(), svm.Pow2(-1, 9, 2), svm.Pow2(-7, 1, 2), 5, seed, 2)
	if err != nil {
		return nil, fmt.Errorf("hub: content svm: %w", err)
	}
	param := svm.DefaultParam()
	param.C, param.Gamma = res.BestC, res.BestGamma
	cs.C, cs.Gamma = res.BestC, res.BestGamma
	if cs.model, err = svm.Train(p, param); err != nil {
		return nil, fmt.Errorf("hub: content svm: %w", err)
	}
	return cs, nil
}

// IsHub predicts a page.
func (cs *ContentSVM) IsHub(s PageStats) bool {
	return cs.model.Predict(cs.scaler.Scale(contentVector(s))) == labelHub
}

// Evaluate counts the content SVM's outcomes on pages.
func (cs *ContentSVM) Evaluate(pages []PageExample) Metrics {
	var m Metrics
	for _, p := range pages {
		m.Add(p.Hub, cs.IsHub(p.Stats))
	}
	return m
}

func needBoth(pages []PageExample) error {
	hubs := 0
	for _, p := range pages {
		if p.Hub {
			hubs++
		}
	}
	if hubs == 0 || hubs == len(pages) {
		return errors.New("hub: baseline training needs hub and topic pages")
	}
	return nil
}
