package fpc

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The walk needs each element's tag hash (FNV-1a of its name) and
// common-tag bit. The parser gives every known tag name an atom
// (html.Node.DataAtom, zero for other names), so the hash and bit of the
// commonTags are looked up by atom in a table made once (commonAtoms)
// instead of hashing the name at each element; other names are hashed
// each time. (Every common tag has an atom: TestTagOf.)

// commonAtomSlots is the size of commonAtoms.
const commonAtomSlots = 1024

// tagEntry is an atom's tag hash and common-tag bit.
type tagEntry struct {
	atom atom.Atom
	bit  int8
	hash uint64
}

// atomMul is the multiplier of tagSlot: the first odd number from the
// golden ratio's that gives every common tag a slot of its own (a perfect
// hash of the 64 atoms, found once at start).
var atomMul = func() uint32 {
	for m := uint32(0x9E3779B1); ; m += 2 {
		var taken [commonAtomSlots]bool
		ok := true
		for _, name := range commonTags {
			k := (uint32(atom.Lookup([]byte(name))) * m) >> 22
			ok = ok && !taken[k]
			taken[k] = true
		}
		if ok {
			return m
		}
	}
}()

// commonAtoms holds the commonTags by atom (tagSlot).
var commonAtoms = func() (t [commonAtomSlots]tagEntry) {
	for b, name := range commonTags {
		a := atom.Lookup([]byte(name))
		t[tagSlot(a)] = tagEntry{atom: a, bit: int8(b), hash: hashString(name)}
	}
	return t
}()

// tagSlot is atom a's slot in commonAtoms.
func tagSlot(a atom.Atom) uint32 { return (uint32(a) * atomMul) >> 22 }

// tagOf returns the hash of element n's tag name and its common-tag bit
// (-1 when it is not one of commonTags).
func tagOf(n *html.Node) (uint64, int) {
	if e := &commonAtoms[tagSlot(n.DataAtom)]; n.DataAtom != 0 && e.atom == n.DataAtom {
		return e.hash, int(e.bit)
	}
	h := hashString(n.Data)
	if b, ok := commonTagBit(h); ok {
		return h, int(b)
	}
	return h, -1
}

// rareSlots is the size of a walker's table of the other tags' hashes
// (walker.rare), direct-mapped by atom: a page has a few tags with an
// atom that are not commonTags (code, tt, acronym, colgroup on
// documentation pages), each on many elements.
const rareSlots = 1 << rareBits

// rareBits is log2(rareSlots).
const rareBits = 6

// rareTag is tagOf's answer for a tag name.
type rareTag struct {
	name string
	hash uint64
	bit  int8
	ok   bool // taken
}

// rareTagOf is tagOf(n) for an element whose atom is not a common tag's
// (the walk looked that up): for a name without an atom, tagOf itself;
// for one with an atom, tagOf's answer for the name kept in w.rare, so
// that the name is hashed once while it keeps its slot. The answer is a
// function of the name (tagOf hashes it), and the slot is taken only
// for the same name (by the parser, the same string: compared by its
// address first), so the table is kept from page to page.
func (w *walker) rareTagOf(n *html.Node) (uint64, int) {
	if n.DataAtom == 0 {
		return tagOf(n)
	}
	e := &w.rare[(uint32(n.DataAtom)*0x9E3779B1)>>(32-rareBits)]
	if !e.ok || e.name != n.Data {
		h, bit := tagOf(n)
		*e = rareTag{n.Data, h, int8(bit), true}
	}
	return e.hash, int(e.bit)
}
