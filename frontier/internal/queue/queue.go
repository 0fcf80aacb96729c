package queue

import (
	"math"
	"slices"
	"time"

	"github.com/crawl-project/crawl"
)

// Entry is one queued link with its host key and insertion sequence.
type Entry struct {
	Link crawl.Link
	Host string
	Seq  int64
}

// Better is the best-first order: higher priority first, then lower seq
// (FIFO among equal priorities — the tie-break a bare heap would lose).
func Better(a, b *Entry) bool {
	if a.Link.Priority != b.Link.Priority {
		return a.Link.Priority > b.Link.Priority
	}
	return a.Seq < b.Seq
}

// CleanPriority maps NaN, which has no order, to the lowest priority.
func CleanPriority(p float64) float64 {
	if math.IsNaN(p) {
		return math.Inf(-1)
	}
	return p
}

// hostQueue is one host's back queue: a binary heap of its entries.
type hostQueue struct {
	host  string
	items []*Entry
	pos   int // index in Queues.heap, -1 when not in it
}

func (h *hostQueue) push(e *Entry) {
	h.items = append(h.items, e)
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !Better(h.items[i], h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *hostQueue) pop() *Entry {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items[last] = nil
	h.items = h.items[:last]
	h.down(0)
	return top
}

// Queues holds per-host back Queues and a heap of the non-empty hosts
// ordered by their best Entry, so the best link overall is at the top and
// a host with a million links is one heap element like any other.
// Not safe for concurrent use: the backends lock around it.
type Queues struct {
	hosts  map[string]*hostQueue
	heap   []*hostQueue
	n      int
	cand   []int   // scratch for search
	margin float64 // Config.FocusMargin
	wait   time.Duration
	// refusing is when the margin first refused a link since the best
	// link was last popped (zero: not refusing); now is the clock.
	refusing time.Time
	now      func() time.Time
}

// New returns empty queues; margin is Config.FocusMargin, wait
// Config.FocusWait measured by clock (nil: time.Now).
func New(margin float64, wait time.Duration, clock func() time.Time) *Queues {
	if clock == nil {
		clock = time.Now
	}
	return &Queues{hosts: map[string]*hostQueue{}, margin: margin, wait: wait, now: clock}
}

// Len returns how many entries are queued.
func (q *Queues) Len() int { return q.n }

// HasHost reports whether host has queued entries.
func (q *Queues) HasHost(host string) bool {
	_, ok := q.hosts[host]
	return ok
}

// Best returns the priority of the best queued Entry (of any host), and
// false when nothing is queued.
func (q *Queues) Best() (float64, bool) {
	if len(q.heap) == 0 {
		return 0, false
	}
	return q.heap[0].items[0].Link.Priority, true
}

// Push queues e in its host's back queue.
func (q *Queues) Push(e *Entry) {
	h := q.hosts[e.Host]
	if h == nil {
		h = &hostQueue{host: e.Host, pos: -1}
		q.hosts[e.Host] = h
	}
	h.push(e)
	q.n++
	if h.pos < 0 {
		h.pos = len(q.heap)
		q.heap = append(q.heap, h)
		q.up(h.pos)
	} else if h.items[0] == e {
		q.up(h.pos)
	}
}

// pop removes the best Entry among ready hosts. ok is false when no host
// is ready (or nothing is queued), and, with a focus margin, when the best
// ready Entry is more than the margin below the best Entry of all. It
// visits the heap of hosts best first without changing it, through a small
// heap of candidate positions: the children of a busy host are the only
// new candidates, so skipping k busy hosts costs O(k log k), whatever the
// number of hosts.
func (q *Queues) Pop(ready func(string) bool) (*Entry, bool) {
	if len(q.heap) == 0 {
		return nil, false
	}
	at := 0
	if ready != nil && !ready(q.heap[0].host) {
		at = q.search(ready)
		if at < 0 {
			return nil, false
		}
	}
	h := q.heap[at]
	if at != 0 && !q.WithinMargin(h.items[0].Link.Priority) {
		return nil, false
	}
	if at == 0 {
		q.refusing = time.Time{} // the best link's host is ready again
	}
	e := h.pop()
	q.n--
	if len(h.items) == 0 {
		q.remove(at)
		delete(q.hosts, h.host)
	} else {
		q.down(at)
	}
	return e, true
}

// WithinMargin reports whether an Entry of priority p may be popped under
// the focus margin: always without one or with nothing queued, else when p
// is at most the margin below the best queued priority, or, with a focus
// wait, when the margin has been refusing links for that long since the
// best link was last popped (the wait is bounded: past it, worse links go
// until the best link's host is ready again).
func (q *Queues) WithinMargin(p float64) bool {
	if q.margin <= 0 || len(q.heap) == 0 || p >= q.heap[0].items[0].Link.Priority-q.margin {
		return true
	}
	if q.wait <= 0 {
		return false
	}
	now := q.now()
	if q.refusing.IsZero() {
		q.refusing = now
		return false
	}
	return now.Sub(q.refusing) >= q.wait
}

// search returns the heap position of the best ready host, -1 if none.
func (q *Queues) search(ready func(string) bool) int {
	cand := q.cand[:0]
	defer func() { q.cand = cand[:0] }()
	push := func(i int) {
		if i >= len(q.heap) {
			return
		}
		cand = append(cand, i)
		for c := len(cand) - 1; c > 0; {
			p := (c - 1) / 2
			if !q.lessAt(cand[c], cand[p]) {
				break
			}
			cand[c], cand[p] = cand[p], cand[c]
			c = p
		}
	}
	push(1)
	push(2)
	for len(cand) > 0 {
		i := cand[0]
		last := len(cand) - 1
		cand[0] = cand[last]
		cand = cand[:last]
		for c := 0; ; {
			l, r, m := 2*c+1, 2*c+2, c
			if l < len(cand) && q.lessAt(cand[l], cand[m]) {
				m = l
			}
			if r < len(cand) && q.lessAt(cand[r], cand[m]) {
				m = r
			}
			if m == c {
				break
			}
			cand[c], cand[m] = cand[m], cand[c]
			c = m
		}
		if ready(q.heap[i].host) {
			return i
		}
		push(2*i + 1)
		push(2*i + 2)
	}
	return -1
}

// Drain removes and returns every Entry, best first.
func (q *Queues) Drain() []*Entry {
	all := make([]*Entry, 0, q.n)
	for _, h := range q.heap {
		all = append(all, h.items...)
	}
	slices.SortFunc(all, func(a, b *Entry) int {
		switch {
		case Better(a, b):
			return -1
		case Better(b, a):
			return 1
		}
		return 0
	})
	q.hosts = map[string]*hostQueue{}
	q.heap = nil
	q.n = 0
	return all
}

func (q *Queues) lessAt(i, j int) bool { return Better(q.heap[i].items[0], q.heap[j].items[0]) }

func (q *Queues) swap(i, j int) {
	q.heap[i], q.heap[j] = q.heap[j], q.heap[i]
	q.heap[i].pos = i
	q.heap[j].pos = j
}

func (q *Queues) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !q.lessAt(i, p) {
			return
		}
		q.swap(i, p)
		i = p
	}
}

func (q *Queues) down(i int) {
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(q.heap) && q.lessAt(l, m) {
			m = l
		}
		if r < len(q.heap) && q.lessAt(r, m) {
			m = r
		}
		if m == i {
			return
		}
		q.swap(i, m)
		i = m
	}
}

// remove takes the host at heap index i off the heap.
func (q *Queues) remove(i int) {
	h := q.heap[i]
	last := len(q.heap) - 1
	if i != last {
		q.swap(i, last)
	}
	q.heap[last] = nil
	q.heap = q.heap[:last]
	h.pos = -1
	if i < len(q.heap) {
		q.down(i)
		q.up(i)
	}
}
