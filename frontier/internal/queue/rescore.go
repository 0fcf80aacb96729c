package queue

import "github.com/crawl-project/crawl"

// Rescore sets every Entry's priority to score(link) and rebuilds the
// host heaps and the heap of hosts: O(n) for n entries.
func (q *Queues) Rescore(score func(l *crawl.Link) float64) int {
	n := 0
	for _, h := range q.heap {
		for _, e := range h.items {
			e.Link.Priority = CleanPriority(score(&e.Link))
			n++
		}
		for i := len(h.items)/2 - 1; i >= 0; i-- {
			h.down(i)
		}
	}
	for i := len(q.heap)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
	return n
}

// down restores the heap order below position i of a host's queue.
func (h *hostQueue) down(i int) {
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h.items) && Better(h.items[l], h.items[m]) {
			m = l
		}
		if r < len(h.items) && Better(h.items[r], h.items[m]) {
			m = r
		}
		if m == i {
			return
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
}

// Each calls fn for every queued entry, in no particular order; fn must
// not change an entry's priority.
func (q *Queues) Each(fn func(e *Entry)) {
	for _, h := range q.heap {
		for _, e := range h.items {
			fn(e)
		}
	}
}
