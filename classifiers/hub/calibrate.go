package hub

import (
	"sync"
)

// The URL SVM was trained on news sites; on another kind of site (a
// documentation site, where every URL ends in .html under a few
// directories) its decision value can be wrong for every URL of the host.
// hostCalibration learns, per host, how the SVM's decision value d of the
// host's fetched pages relates to their page-evidence labels: once a host
// has MinPages labelled pages, links to it are labelled by a logistic fit
// P(hub) = 1/(1 + e^−(a·d + b)) on them (Platt scaling per host) instead of
// the SVM's global sign. The fit is refreshed as the host's pages grow
// (at MinPages, then every tenth more); it keeps at most maxHostSamples
// pages per host.

const maxHostSamples = 2000

type hostCalibration struct {
	min   int
	mu    sync.RWMutex
	hosts map[string]*hostFit
}

type hostFit struct {
	d, y     []float64
	a, b     float64
	fitted   bool
	fittedAt int
}

func newHostCalibration(minPages int) *hostCalibration {
	return &hostCalibration{min: max(2, minPages), hosts: map[string]*hostFit{}}
}

// observe adds one fetched page of host: its URL decision value and its
// page-evidence label, and refits when due.
func (hc *hostCalibration) observe(host string, d float64, hub bool) {
	if host == "" {
		return
	}
	hc.mu.Lock()
	defer hc.mu.Unlock()
	f := hc.hosts[host]
	if f == nil {
		f = &hostFit{}
		hc.hosts[host] = f
	}
	if len(f.d) >= maxHostSamples {
		return
	}
	y := -1.0
	if hub {
		y = 1
	}
	f.d, f.y = append(f.d, d), append(f.y, y)
	n := len(f.d)
	if n < hc.min || (f.fitted && n < f.fittedAt+max(1, f.fittedAt/10)) {
		return
	}
	xs := make([][3]float64, 0, n+2)
	ys := make([]float64, 0, n+2)
	for i := range f.d {
		xs, ys = append(xs, [3]float64{f.d[i], 0, 1}), append(ys, f.y[i])
	}
	// One virtual hub and one virtual topic at d = 0 keep the fit finite
	// when every page of the host has one label.
	xs, ys = append(xs, [3]float64{0, 0, 1}, [3]float64{0, 0, 1}), append(ys, 1, -1)
	w, err := fitLogistic(xs, ys, 1)
	if err != nil {
		return // keep the previous fit (or none)
	}
	f.a, f.b, f.fitted, f.fittedAt = w[0], w[2], true, n
}

// logit returns a·d + b of host's fit and whether it has one.
func (hc *hostCalibration) logit(host string, d float64) (float64, bool) {
	hc.mu.RLock()
	defer hc.mu.RUnlock()
	f := hc.hosts[host]
	if f == nil || !f.fitted {
		return 0, false
	}
	return f.a*d + f.b, true
}

// Calibrated returns the number of hosts with a per-host fit.
func (h *Hook) Calibrated() int {
	if h.cal == nil {
		return 0
	}
	h.cal.mu.RLock()
	defer h.cal.mu.RUnlock()
	n := 0
	for _, f := range h.cal.hosts {
		if f.fitted {
			n++
		}
	}
	return n
}
