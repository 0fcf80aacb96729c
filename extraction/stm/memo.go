package stm

// memo is the Matcher's table of memoised matches: open addressing with
// linear probing over slots stamped with a generation, so that Reset, run
// before every page, is one increment however many matches the largest
// page left (clearing a Go map walks its whole capacity, page after page),
// and a lookup hashes two words already mixed (structural hashes) instead
// of calling the runtime's hash. Entries are never deleted, so a slot of
// another generation ends a probe.
type memo struct {
	slots []memoSlot // len a power of two, or 0
	gen   uint32     // the live generation; slots of others are empty
	used  int        // live entries
}

type memoSlot struct {
	k   pair
	v   int32
	gen uint32
}

// memoMinSlots is the table's first size.
const memoMinSlots = 256

// slot is the first slot a probe for k visits.
func (t *memo) slot(k pair) int {
	h := (k.a ^ k.b*0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	return int(h>>32) & (len(t.slots) - 1)
}

// get returns the match memoised for k.
func (t *memo) get(k pair) (int32, bool) {
	if t.used == 0 {
		return 0, false
	}
	mask := len(t.slots) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return 0, false
		}
		if s.k == k {
			return s.v, true
		}
	}
}

// put memoises v for k, which get did not find.
func (t *memo) put(k pair, v int32) {
	if t.gen == 0 { // a fresh table: generation 0 marks the empty slots
		t.gen = 1
	}
	if 4*(t.used+1) > 3*len(t.slots) {
		t.grow()
	}
	mask := len(t.slots) - 1
	i := t.slot(k)
	for t.slots[i].gen == t.gen {
		i = (i + 1) & mask
	}
	t.slots[i] = memoSlot{k: k, v: v, gen: t.gen}
	t.used++
}

// grow doubles the table, moving the live entries.
func (t *memo) grow() {
	old, gen := t.slots, t.gen
	t.slots = make([]memoSlot, max(memoMinSlots, 2*len(old)))
	t.gen, t.used = 1, 0
	for _, s := range old {
		if s.gen == gen {
			t.put(s.k, s.v)
		}
	}
}

// reset forgets every entry in constant time, keeping the slots.
func (t *memo) reset() {
	t.used = 0
	t.gen++
	if t.gen == 0 { // wrapped: stamps of old generations could come back
		clear(t.slots)
		t.gen = 1
	}
}
