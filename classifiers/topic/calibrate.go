package topic

import "slices"

// DefaultCalibration is the default Config.Calibration: a page is relevant
// when its relevance reaches this share of the calibrated threshold (the
// mean of the seed pages' median leave-one-out cosine and the pages seen's
// valley, mixture.go). Chosen on the tuning topics of
// internal/linkgraph (see its README).
const DefaultCalibration = 1.0

// calibrate sets the threshold of the TF space of the feature terms (the
// relevance threshold with an explicit Config.Relevance; for the learned
// strategy, the scale of a link context's cosine): Config.Relevance when
// set, else Config.Calibration × the median of the seed pages'
// leave-one-out cosines (each seed page to the mean of the others:
// how close a page that belongs to the topic is to a centroid it did not
// make). A topic whose seed pages are alike gets a high threshold, a
// diffuse one a low threshold, whatever the site's vocabulary. With one
// seed page there is no leave-one-out: its cosine to itself (1) stands in.
// The relevance space (relevance.go) calibrates its own threshold over
// every word, with the pages seen (mixture.go).
func (m *Model) calibrate() {
	if m.cfg.Relevance > 0 {
		m.threshold = m.cfg.Relevance
		return
	}
	m.loo = looCosines(m.seeds)
	m.threshold = m.cfg.Calibration * median(m.loo)
}

// looCosines returns, for each vector, its cosine to the mean of the
// others ([1] for a single vector).
func looCosines(vs [][]float64) []float64 {
	if len(vs) < 2 {
		return []float64{1}
	}
	sum := make([]float64, len(vs[0]))
	for _, v := range vs {
		for i, x := range v {
			sum[i] += x
		}
	}
	out := make([]float64, len(vs))
	rest := make([]float64, len(sum))
	for k, v := range vs {
		for i := range sum {
			rest[i] = sum[i] - v[i]
		}
		out[k] = cosDense(v, rest)
	}
	return out
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// Threshold is the current relevance threshold: Config.Relevance when set,
// else calibrated from the seed pages in the current relevance space (see
// Config.Calibration and Relevance).
func (m *Model) Threshold() float64 { return m.relThreshold() }

// SeedLOO returns the seed pages' leave-one-out cosines the current
// threshold was calibrated from (nil with an explicit Config.Relevance).
func (m *Model) SeedLOO() []float64 {
	if sp := m.rel.Load(); sp != nil && m.cfg.Relevance == 0 {
		return slices.Clone(sp.loo)
	}
	return slices.Clone(m.loo)
}

// Dense is v as a dense vector over the model's features.
func (m *Model) Dense(v Vector) []float64 { return v.dense(len(m.terms)) }
