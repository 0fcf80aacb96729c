package topic

import (
	"math"
	"slices"
	"sync"
)

// Threshold from the seeds and the pages seen (our extension, issue 13:
// harvest that means something). The seed pages' median leave-one-out
// cosine says how close a page of the topic is to seeds it did not make,
// but it knows nothing of the site: where the seeds are alike and the topic
// is wider (ten athletics reports for sport) it calls most of the topic
// irrelevant, and where the seeds are diverse it calls half the site
// relevant. The pages seen say where the site's background lies. The
// threshold is the mean of the two: the seeds' median, and the point
// where a two-component Gaussian mixture of relevance, fitted by EM to the
// pages seen with the seeds' leave-one-out cosines as labelled members of
// the upper (topic) component, gives the two components equal posterior
// (the valley between seed-like pages and the background). Chosen on the
// tuning topics of internal/linkgraph (see its README): the measured
// harvest@200 against the true one, mean |ln((meas+0.01)/(true+0.01))|
// over 15 tuning topics × 5 draws, 0.31 → 0.19 for breadth-first crawls
// and 0.40 → 0.23 for learned ones (the mixture alone 0.25 and 0.28, lower
// quantiles of the seeds' cosines 0.55 and more).

// sampleSize bounds the pages seen kept for the calibration (the latest).
const sampleSize = 2000

// pageSample keeps the relevance of the latest pages seen.
type pageSample struct {
	mu   sync.Mutex
	r    []float64
	next int
}

func (s *pageSample) add(x float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.r) < sampleSize {
		s.r = append(s.r, x)
		return
	}
	s.r[s.next] = x
	s.next = (s.next + 1) % sampleSize
}

func (s *pageSample) values() []float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.r)
}

// calibrated is the relevance threshold from the seeds' leave-one-out
// cosines and the relevance of the pages seen: the mean of the seeds'
// median and the mixture's valley (valley), the median alone before two
// pages were seen. One seed page's stand-in (splitHalf) is the cosine of
// two halves of one page, closer than two pages of a topic: its threshold
// is the valley alone (session 11c of the README).
func calibrated(loo, seen []float64) float64 {
	med := median(loo)
	switch {
	case len(seen) < 2:
		return med
	case len(loo) < 2:
		return valley(loo, seen)
	}
	return (med + valley(loo, seen)) / 2
}

// Mixture fit: EM iterations, and the floors of the components' spreads.
const (
	emIterations = 40
	emFloor      = 0.01
	emInitFloor  = 0.02
)

// valley fits two Gaussians to seen by EM, the upper one (the topic) also
// holding the seeds' cosines loo as certain members, the lower one (the
// background) started on the lower half of seen, and returns the lowest
// point between their means where the upper one's posterior reaches ½
// (the upper mean when it is not above the lower).
func valley(loo, seen []float64) float64 {
	mp, sp := meanSD(loo)
	sp = max(sp, emInitFloor)
	lo := slices.Clone(seen)
	slices.Sort(lo)
	lo = lo[:max(2, len(lo)/2)]
	mn, sn := meanSD(lo)
	sn = max(sn, emInitFloor)
	pi := 0.3
	post := make([]float64, len(seen))
	for range emIterations {
		// E step, with the sums of both means (each sum in the order of
		// seen, as one loop per sum would add them)
		var sr, s, sn0, wn float64
		for i, x := range seen {
			a, b := pi*gauss(x, mp, sp), (1-pi)*gauss(x, mn, sn)
			p := a / (a + b + 1e-300)
			post[i] = p
			sr += p
			s += p * x
			sn0 += (1 - p) * x
			wn += 1 - p
		}
		pi = min(max(sr/float64(len(seen)), 0.01), 0.99)
		// the upper component: the pages' posteriors and the seeds at weight 1
		for _, x := range loo {
			s += x
		}
		w := sr + float64(len(loo))
		mp = s / w
		wn = max(wn, 1e-9)
		mn = sn0 / wn
		// the spreads around the new means
		var v, vn float64
		for i, x := range seen {
			v += post[i] * (x - mp) * (x - mp)
			vn += (1 - post[i]) * (x - mn) * (x - mn)
		}
		for _, x := range loo {
			v += (x - mp) * (x - mp)
		}
		sp = max(math.Sqrt(v/w), emFloor)
		sn = max(math.Sqrt(vn/wn), emFloor)
	}
	if mp <= mn {
		return mp
	}
	for k := 0; k <= 200; k++ {
		x := mn + (mp-mn)*float64(k)/200
		if pi*gauss(x, mp, sp) >= (1-pi)*gauss(x, mn, sn) {
			return x
		}
	}
	return mp
}

// meanSD is the mean and population standard deviation of xs.
func meanSD(xs []float64) (float64, float64) {
	var s float64
	for _, x := range xs {
		s += x
	}
	m := s / float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(len(xs)))
}

// gauss is the normal density up to the constant 1/√(2π).
func gauss(x, m, s float64) float64 { return math.Exp(-0.5*((x-m)/s)*((x-m)/s)) / s }
