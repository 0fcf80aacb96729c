package hub

import "hash/maphash"

// linkMemo maps a link's (URL, anchor text, depth) to a value, holding no
// pointer the collector would scan (issue 13, session 18): the keys' bytes
// are copied into one byte arena, the entries hold offsets into it and
// the key's 64-bit hash, and the index is an open-addressing table of
// entry numbers (linear probing). A look-up compares the bytes, so two
// keys of one hash are two entries: the memo is a map[linkKey]float64 as
// far as its callers can tell. That map's table held two strings a slot
// (tens of thousands of pointers marked at every cycle of a crawl's
// collector) and kept the URL and anchor strings of pages long stored
// alive.
//
// The zero linkMemo is empty and ready; it is not safe for concurrent use
// (decisionCache locks it).
type linkMemo struct {
	seed  maphash.Seed
	slots []int32 // an entry's index+1, 0: empty; the length a power of two
	ents  []linkEntry
	bytes []byte // each entry's URL then its anchor text
	// narrow, when not 0, masks the hashes (tests: keys of one hash)
	narrow uint64
}

// linkKey is what a key's hash is of.
type linkKey struct {
	url, anchor string
	depth       int
}

type linkEntry struct {
	hash      uint64
	off       int // where its URL begins in bytes; its anchor follows
	urlLen    int
	anchorLen int
	depth     int
	v         float64
}

// linkMemoSlots is the table's first size.
const linkMemoSlots = 1024

// len is the number of keys remembered.
func (m *linkMemo) len() int { return len(m.ents) }

func (m *linkMemo) hash(url, anchor string, depth int) uint64 {
	h := maphash.Comparable(m.seed, linkKey{url, anchor, depth})
	if m.narrow != 0 {
		h &= m.narrow
	}
	return h
}

// find is the slot of the key's entry, found, or the empty slot where it
// would go. The table must have room (put keeps a quarter empty).
func (m *linkMemo) find(h uint64, url, anchor string, depth int) (slot int, found bool) {
	mask := len(m.slots) - 1
	for s := int(h) & mask; ; s = (s + 1) & mask {
		i := m.slots[s]
		if i == 0 {
			return s, false
		}
		e := &m.ents[i-1]
		if e.hash == h && e.depth == depth && e.urlLen == len(url) && e.anchorLen == len(anchor) &&
			string(m.bytes[e.off:e.off+e.urlLen]) == url &&
			string(m.bytes[e.off+e.urlLen:e.off+e.urlLen+e.anchorLen]) == anchor {
			return s, true
		}
	}
}

// get is the value remembered for the key.
func (m *linkMemo) get(url, anchor string, depth int) (float64, bool) {
	if len(m.ents) == 0 {
		return 0, false
	}
	s, ok := m.find(m.hash(url, anchor, depth), url, anchor, depth)
	if !ok {
		return 0, false
	}
	return m.ents[m.slots[s]-1].v, true
}

// put remembers v for the key, replacing the value it had.
func (m *linkMemo) put(url, anchor string, depth int, v float64) {
	if m.slots == nil {
		m.seed = maphash.MakeSeed()
		m.slots = make([]int32, linkMemoSlots)
	}
	h := m.hash(url, anchor, depth)
	s, ok := m.find(h, url, anchor, depth)
	if ok {
		m.ents[m.slots[s]-1].v = v
		return
	}
	if 4*(len(m.ents)+1) > 3*len(m.slots) {
		m.grow()
		s, _ = m.find(h, url, anchor, depth)
	}
	m.ents = append(m.ents, linkEntry{hash: h, off: len(m.bytes), urlLen: len(url), anchorLen: len(anchor), depth: depth, v: v})
	m.bytes = append(append(m.bytes, url...), anchor...)
	m.slots[s] = int32(len(m.ents))
}

// grow doubles the table, placing the entries again by their hashes.
func (m *linkMemo) grow() {
	m.slots = make([]int32, 2*len(m.slots))
	mask := len(m.slots) - 1
	for i := range m.ents {
		s := int(m.ents[i].hash) & mask
		for m.slots[s] != 0 {
			s = (s + 1) & mask
		}
		m.slots[s] = int32(i + 1)
	}
}

// reset forgets every key, keeping the room.
func (m *linkMemo) reset() {
	clear(m.slots)
	m.ents, m.bytes = m.ents[:0], m.bytes[:0]
}
