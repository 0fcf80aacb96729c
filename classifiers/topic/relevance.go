package topic

import (
	"math"
	"sync"
)

// Relevance weighting by the pages seen. A term frequent on every page of
// the site ("python", "documentation", a site name) says nothing about the
// topic, yet it dominates a TF centroid: on the Python docs every page has
// cosine > 0.2 to an asyncio centroid. Once the crawl has seen
// minBackground pages, relevance is the cosine in TF-IDF space, the IDF of
// each feature term counted over the pages seen (seed pages included), the
// seed centroid and the threshold recomputed in that space every
// refreshEvery pages.
const (
	minBackground = 50
	refreshEvery  = 25
)

// relSpace is an immutable relevance space: IDF weights, the seed
// centroid in it and the calibrated threshold.
type relSpace struct {
	idf       []float64 // nil: TF (before minBackground pages)
	cen       []float64
	cnorm     float64
	threshold float64
	loo       []float64
}

// background counts the document frequency of the feature terms over the
// pages seen.
type background struct {
	mu    sync.Mutex
	df    []int
	docs  int
	since int
}

// initRelevance sets the first relevance space: the TF seed centroid and
// its calibrated threshold (calibrate), and counts the seed pages as seen.
func (m *Model) initRelevance() {
	m.bg.df = make([]int, len(m.terms))
	for _, s := range m.seeds {
		m.bg.docs++
		for i, x := range s {
			if x > 0 {
				m.bg.df[i]++
			}
		}
	}
	m.rel.Store(&relSpace{cen: m.anchor, cnorm: m.anchorN, threshold: m.threshold, loo: m.loo})
}

// Observe counts a fetched page's vector in the pages seen and refreshes
// the relevance space every refreshEvery pages once minBackground pages
// were seen. With an explicit Config.Relevance it does nothing: the
// override is the paper's fixed cosine.
func (m *Model) Observe(v Vector) {
	if m.cfg.Relevance > 0 || len(m.seeds) == 0 {
		return
	}
	m.bg.mu.Lock()
	m.bg.docs++
	m.bg.since++
	for _, i := range v.idx {
		m.bg.df[i]++
	}
	if m.bg.docs < minBackground || m.bg.since < refreshEvery {
		m.bg.mu.Unlock()
		return
	}
	m.bg.since = 0
	idf := make([]float64, len(m.bg.df))
	for i, d := range m.bg.df {
		idf[i] = math.Log(float64(m.bg.docs+1) / float64(d+1))
	}
	m.bg.mu.Unlock()
	m.rel.Store(m.space(idf))
}

// space builds the relevance space of the seed pages under idf.
func (m *Model) space(idf []float64) *relSpace {
	ws := make([][]float64, len(m.seeds))
	cen := make([]float64, len(idf))
	for k, s := range m.seeds {
		w := make([]float64, len(s))
		for i, x := range s {
			w[i] = x * idf[i]
		}
		if n := norm(w); n > 0 {
			for i := range w {
				w[i] /= n
			}
		}
		ws[k] = w
		for i, x := range w {
			cen[i] += x / float64(len(m.seeds))
		}
	}
	loo := looCosines(ws)
	return &relSpace{idf: idf, cen: cen, cnorm: norm(cen), threshold: m.cfg.Calibration * median(loo), loo: loo}
}

// Relevance is the cosine of v to the seed centroid in the current
// relevance space (TF-IDF over the pages seen, TF before enough pages),
// or, with an explicit Config.Relevance, the paper's TF cosine
// (SeedScore). A page is relevant when it reaches Threshold.
func (m *Model) Relevance(v Vector) float64 {
	sp := m.rel.Load()
	if sp == nil || sp.idf == nil {
		return m.SeedScore(v)
	}
	if sp.cnorm == 0 {
		return 0
	}
	var dot, ss float64
	for k, i := range v.idx {
		w := v.val[k] * sp.idf[i]
		dot += w * sp.cen[i]
		ss += w * w
	}
	if ss == 0 {
		return 0
	}
	return dot / (math.Sqrt(ss) * sp.cnorm)
}

// relThreshold is the current relevance threshold.
func (m *Model) relThreshold() float64 {
	if sp := m.rel.Load(); sp != nil {
		return sp.threshold
	}
	return m.threshold
}
