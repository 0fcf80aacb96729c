package frontier

import (
	"context"

	"github.com/crawl-project/crawl"
)

// Rescorer is implemented by frontiers whose queued links can be given new
// priorities, for a focused crawl whose link model learns as it goes
// (topic.Hook.Rescore). Rescore calls score for every queued link (with
// the frontier locked: score must be quick and must not call the
// frontier) and reorders the queue by the new priorities. It returns how
// many links it rescored.
type Rescorer interface {
	Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error)
}

// Rescore implements Rescorer: every queued link is rescored.
func (m *Memory) Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, ErrClosed
	}
	return m.q.rescore(score), nil
}

// rescore sets every entry's priority to score(link) and rebuilds the
// host heaps and the heap of hosts: O(n) for n entries.
func (q *queues) rescore(score func(l *crawl.Link) float64) int {
	n := 0
	for _, h := range q.heap {
		for _, e := range h.items {
			e.link.Priority = cleanPriority(score(&e.link))
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
		if l < len(h.items) && better(h.items[l], h.items[m]) {
			m = l
		}
		if r < len(h.items) && better(h.items[r], h.items[m]) {
			m = r
		}
		if m == i {
			return
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
}

// Rescore implements Rescorer for the links held in memory (the window,
// the best queued links): the links waiting in SQLite keep their stored
// priority until they are loaded. Rescored priorities live in memory until
// Close writes them to their rows (a resumed crawl keeps the rescored
// order; after a crash the stored ones are the push-time priorities):
// after a rescoring, a window that overflows is refilled from the start of
// the stored order (nothing is lost; stored priorities decide which
// spilled links come back first).
func (f *SQLite) Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, ErrClosed
	}
	f.rescored = true
	return f.q.rescore(score), nil
}
