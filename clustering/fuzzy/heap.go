package fuzzy

// maxHeap is an indexed binary max-heap of vertices keyed by key[v], ties
// broken by the smaller vertex, so Prim's choices are deterministic. It
// holds each vertex at most once: raising a key moves the vertex up.
type maxHeap struct {
	key  []float64 // shared with the caller: key of each vertex
	pos  []int32   // position of each vertex in items, -1 when absent
	item []int32
}

func newMaxHeap(key []float64) *maxHeap {
	h := &maxHeap{key: key, pos: make([]int32, len(key))}
	for i := range h.pos {
		h.pos[i] = -1
	}
	return h
}

func (h *maxHeap) Len() int { return len(h.item) }

// less reports whether item a ranks below item b (pops later).
func (h *maxHeap) less(a, b int32) bool {
	ka, kb := h.key[a], h.key[b]
	if ka != kb {
		return ka < kb
	}
	return a > b
}

// raised restores the heap after key[v] grew, inserting v if absent.
func (h *maxHeap) raised(v int32) {
	i := h.pos[v]
	if i < 0 {
		i = int32(len(h.item))
		h.item = append(h.item, v)
		h.pos[v] = i
	}
	h.up(int(i))
}

// pop removes and returns the vertex with the largest key.
func (h *maxHeap) pop() int32 {
	top := h.item[0]
	last := len(h.item) - 1
	h.swap(0, last)
	h.item = h.item[:last]
	h.pos[top] = -1
	if last > 0 {
		h.down(0)
	}
	return top
}

func (h *maxHeap) swap(i, j int) {
	h.item[i], h.item[j] = h.item[j], h.item[i]
	h.pos[h.item[i]] = int32(i)
	h.pos[h.item[j]] = int32(j)
}

func (h *maxHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(h.item[p], h.item[i]) {
			return
		}
		h.swap(p, i)
		i = p
	}
}

func (h *maxHeap) down(i int) {
	n := len(h.item)
	for {
		big := i
		if c := 2*i + 1; c < n && h.less(h.item[big], h.item[c]) {
			big = c
		}
		if c := 2*i + 2; c < n && h.less(h.item[big], h.item[c]) {
			big = c
		}
		if big == i {
			return
		}
		h.swap(i, big)
		i = big
	}
}
