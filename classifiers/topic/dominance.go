package topic

import "math"

// Threshold rules (Config.ThresholdRule). Both start from the seeds'
// leave-one-out cosines and the relevance of the pages seen; with an
// explicit Config.Relevance neither applies (the paper's fixed cosine,
// 0.2 in its experiments).
const (
	// ThresholdSeedsMixture: the mean of the seeds' median leave-one-out
	// cosine and the valley of a two-component mixture of the pages seen
	// (mixture.go). The rule of the fourth round (internal/linkgraph
	// README) and the default: the topical rule, better on this round's
	// tuning topics, was worse on its report topics (README.md).
	ThresholdSeedsMixture = "seeds-mixture"
	// ThresholdTopical (selectable): ThresholdSeedsMixture, except in a
	// crawl that is the topic: once dominanceMinSeen pages were seen, when
	// the median page seen is at least as close to the seeds as the seeds
	// are to each other (median relevance ≥ the seeds' median
	// leave-one-out cosine), the threshold is at most the lower tail of
	// the pages seen, dominanceZ standard deviations under the mean of
	// their log relevance.
	ThresholdTopical = "topical"
)

// DefaultThresholdRule is the default Config.ThresholdRule.
const DefaultThresholdRule = ThresholdSeedsMixture

// ThresholdRules lists the rules Config.ThresholdRule accepts.
func ThresholdRules() []string { return []string{ThresholdSeedsMixture, ThresholdTopical} }

// The topical rule's constants, chosen on the tuning topics of
// internal/calibeval (classifiers/topic/README.md): pages seen before the
// crawl may count as the topic's (50 and 100 tried), and the lower tail
// (1, 2 and 3 standard deviations tried).
const (
	dominanceMinSeen = 100
	dominanceZ       = 2.0
)

// threshold is the relevance threshold of rule from the seeds'
// leave-one-out cosines loo and the relevance of the pages seen.
func threshold(rule string, loo, seen []float64) float64 {
	return ruleThreshold(rule, calibrated(loo, seen), loo, seen)
}

// ruleThreshold is threshold given t, calibrated(loo, seen).
func ruleThreshold(rule string, t float64, loo, seen []float64) float64 {
	if rule == ThresholdTopical {
		if d, ok := dominated(loo, seen); ok {
			return min(t, d)
		}
	}
	return t
}

// CalibrateThreshold is the relevance threshold rule (a
// Config.ThresholdRule; an unknown one is ThresholdSeedsMixture) gives
// from the seeds' leave-one-out cosines loo and the relevance of the pages
// seen: what the model calibrates (times Config.Calibration), for
// evaluations that re-judge a crawl's pages under another rule
// (internal/calibeval).
func CalibrateThreshold(rule string, loo, seen []float64) float64 {
	return threshold(rule, loo, seen)
}

// dominated is the topical rule's threshold of a crawl that is the topic
// (ok) : at least dominanceMinSeen pages seen, their median relevance at
// least the seeds' median leave-one-out cosine; the threshold is then
// exp(mean − dominanceZ·sd) of their log relevance.
func dominated(loo, seen []float64) (float64, bool) {
	if len(seen) < dominanceMinSeen || len(loo) < 2 || median(seen) < median(loo) {
		return 0, false
	}
	var s, ss float64
	for _, x := range seen {
		l := math.Log(max(x, 1e-4))
		s += l
		ss += l * l
	}
	n := float64(len(seen))
	m := s / n
	sd := math.Sqrt(max(ss/n-m*m, 0))
	return math.Exp(m - dominanceZ*sd), true
}
