package topic

import (
	"fmt"
	"math"
	"slices"
	"sync"
)

// Sharing the relevance of the pages seen (distributed crawl). The
// threshold's calibration (mixture.go) reads the relevance of the latest
// pages seen. A process of a distributed crawl sees a share of them, so
// its own would calibrate on a sample of the crawl's; with a StatsSharer
// that is also a RelevanceSharer, the model keeps instead a histogram of
// the whole crawl's pages seen, mergeable by adding counts: its own pages
// go in when judged and are handed to the sharer, the other processes'
// come with AddStats (StatsDelta.Rel). The calibration reads the
// histogram as a sample (RelHist.Values: each bin's pages spread evenly
// over the bin), so it runs unchanged on it. The histogram keeps the
// latest pages as the single process's sample does: pages are counted in
// epochs of RelEpochPages by the crawl's pages seen at the time (the
// document count, seeds included, which every process holds to within
// the pages on their way), and the latest RelWindow epochs are kept:
// between sampleSize and sampleSize+RelEpochPages pages once the crawl
// passed them, every page before.

// RelevanceSharer is an optional capability of a StatsSharer: a sharer
// that carries the relevance of the pages judged too. Judged is called on
// OnPage's path, with the epoch and bin of a page's relevance (RelBin);
// it must return at once and be safe for concurrent use.
type RelevanceSharer interface {
	Judged(epoch int64, bin int)
}

// The relevance histogram's geometry: RelBins bins over [0, 1]; pages
// counted in epochs of RelEpochPages pages seen, the latest RelWindow
// epochs kept (the current one and RelWindow−1 full ones: sampleSize).
const (
	RelBins       = 1024
	RelWindow     = 9
	RelEpochPages = sampleSize / (RelWindow - 1)
)

// RelCount is a count of pages whose relevance fell in bin Bin of the
// histogram during epoch Epoch (negative: taken away).
type RelCount struct {
	Epoch int64
	Bin   int
	N     int64
}

// RelBin is the bin of relevance r (clamped into [0, 1]).
func RelBin(r float64) int {
	if !(r > 0) {
		return 0
	}
	return min(int(r*RelBins), RelBins-1)
}

// RelEpoch is the epoch of a page judged when the crawl had seen docs
// pages.
func RelEpoch(docs int64) int64 { return max(docs, 0) / RelEpochPages }

// RelHist is the windowed relevance histogram: safe for concurrent use;
// the zero value is empty.
type RelHist struct {
	mu   sync.Mutex
	top  int64              // the latest epoch counted
	tag  [RelWindow]int64   // the epoch each slot counts
	bins [RelWindow][]int64 // by epoch % RelWindow; nil: none yet
	n    [RelWindow]int64   // pages per slot
}

// Add counts n pages of bin in epoch e; an epoch past the window's
// start drops the oldest, an epoch before it is ignored. It reports
// whether the count was kept.
func (h *RelHist) Add(e int64, bin int, n int64) bool {
	if bin < 0 || bin >= RelBins || e < 0 {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if e <= h.top-RelWindow {
		return false
	}
	h.top = max(h.top, e)
	s := e % RelWindow
	if h.bins[s] == nil || h.tag[s] != e {
		if h.bins[s] == nil {
			h.bins[s] = make([]int64, RelBins)
		}
		clear(h.bins[s])
		h.tag[s], h.n[s] = e, 0
	}
	h.bins[s][bin] += n
	h.n[s] += n
	return true
}

// live reports whether slot s counts an epoch of the window.
func (h *RelHist) live(s int) bool {
	return h.bins[s] != nil && h.tag[s] > h.top-RelWindow
}

// Top is the latest epoch counted.
func (h *RelHist) Top() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.top
}

// Counts lists the window's non-zero counts, by epoch then bin.
func (h *RelHist) Counts() []RelCount {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []RelCount
	for s := range h.bins {
		if !h.live(s) {
			continue
		}
		for b, n := range h.bins[s] {
			if n != 0 {
				out = append(out, RelCount{Epoch: h.tag[s], Bin: b, N: n})
			}
		}
	}
	slices.SortFunc(out, func(a, b RelCount) int {
		if a.Epoch != b.Epoch {
			return int(a.Epoch - b.Epoch)
		}
		return a.Bin - b.Bin
	})
	return out
}

// Len is the pages the window holds.
func (h *RelHist) Len() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	var n int64
	for s := range h.bins {
		if h.live(s) {
			n += h.n[s]
		}
	}
	return n
}

// Values is the window as a sample of relevance values, ascending: a
// bin holding c pages gives c values spread evenly over it (the bin's
// width, 1/RelBins, is the most a value is off by).
func (h *RelHist) Values() []float64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	var sum [RelBins]int64
	total := 0
	for s := range h.bins {
		if !h.live(s) {
			continue
		}
		for b, n := range h.bins[s] {
			sum[b] += n
		}
	}
	for _, c := range sum {
		total += int(max(c, 0))
	}
	out := make([]float64, 0, total)
	for b, c := range sum {
		for j := range c { // c ≤ 0: none
			out = append(out, (float64(b)+(float64(j)+0.5)/float64(c))/RelBins)
		}
	}
	return out
}

// checkRel checks a delta's relevance counts.
func checkRel(rel []RelCount) error {
	for _, c := range rel {
		if c.Bin < 0 || c.Bin >= RelBins || c.Epoch < 0 || c.Epoch > math.MaxInt32 || c.N > math.MaxInt32 || c.N < math.MinInt32 {
			return fmt.Errorf("%w: relevance count %+v", ErrBadStats, c)
		}
	}
	return nil
}

// judged counts a page's relevance r in the shared histogram and hands
// it to the sharer.
func (m *Model) judged(r float64) {
	e, b := RelEpoch(m.bg.docs.Load()), RelBin(r)
	m.hist.Add(e, b, 1)
	m.relShare.Judged(e, b)
}
