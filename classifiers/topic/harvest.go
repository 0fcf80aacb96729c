package topic

import "sync"

// Point is one point of a harvest curve: after Crawled pages (in fetch
// order), Relevant of them were relevant.
type Point struct {
	Crawled  int
	Relevant int
	Rate     float64 // Relevant / Crawled
}

// Harvest tracks the harvest rate of a crawl: relevant pages / crawled
// pages, a page being relevant when its cosine to the seed centroid is at
// least Config.Relevance (crawl.Page.Relevant). It keeps one bit per page
// in the order pages were added, so the curve can be drawn afterwards.
// The zero Harvest is ready to use; it is safe for concurrent use.
type Harvest struct {
	mu       sync.Mutex
	crawled  int
	relevant int
	bits     []uint64
}

// Add records one crawled page and returns the point it makes.
func (h *Harvest) Add(relevant bool) Point {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.crawled%64 == 0 {
		h.bits = append(h.bits, 0)
	}
	if relevant {
		h.bits[h.crawled/64] |= 1 << (h.crawled % 64)
		h.relevant++
	}
	h.crawled++
	return point(h.crawled, h.relevant)
}

// Now returns the current point (the zero Point before any page).
func (h *Harvest) Now() Point {
	h.mu.Lock()
	defer h.mu.Unlock()
	return point(h.crawled, h.relevant)
}

// Curve returns the harvest curve sampled every step pages (step < 1
// means 1), always ending with the last page.
func (h *Harvest) Curve(step int) []Point {
	h.mu.Lock()
	rel := make([]bool, h.crawled)
	for i := range rel {
		rel[i] = h.bits[i/64]&(1<<(i%64)) != 0
	}
	h.mu.Unlock()
	return Curve(rel, step)
}

// Curve computes a harvest curve from the relevant flags of pages in crawl
// order (for a store: pages by seq): the point after page k (1-based) is
// (k, relevant among the first k, that / k), sampled at k = step, 2·step, …
// and at the last page. step < 1 means 1.
func Curve(relevant []bool, step int) []Point {
	step = max(step, 1)
	var out []Point
	r := 0
	for i, ok := range relevant {
		if ok {
			r++
		}
		if k := i + 1; k%step == 0 || k == len(relevant) {
			out = append(out, point(k, r))
		}
	}
	return out
}

func point(crawled, relevant int) Point {
	p := Point{Crawled: crawled, Relevant: relevant}
	if crawled > 0 {
		p.Rate = float64(relevant) / float64(crawled)
	}
	return p
}
