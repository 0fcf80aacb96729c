package fpc

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A page names a few dozen tags over thousands of elements, and the walk
// needs each element's tag hash (FNV-1a of its name) and common-tag bit.
// The parser gives every known tag name an atom (html.Node.DataAtom, zero
// for other names), so the walker keeps the hash and bit of the atoms it
// met in a small direct-mapped table (tagSlots) instead of hashing the
// name at each element; names without an atom are hashed each time.

// tagSlots is the size of the walker's table of atoms.
const tagSlots = 256

// tagEntry is an atom's tag hash and common-tag bit (-1: a rare tag).
type tagEntry struct {
	atom atom.Atom
	bit  int8
	hash uint64
}

// tagOf returns the hash of element n's tag name and its common-tag bit
// (-1 when it is not one of commonTags).
func (w *walker) tagOf(n *html.Node) (uint64, int) {
	a := n.DataAtom
	if a == 0 {
		return tagHashBit(n.Data)
	}
	e := &w.tags[tagSlot(a)]
	if e.atom != a {
		h, b := tagHashBit(n.Data)
		*e = tagEntry{atom: a, bit: int8(b), hash: h}
	}
	return e.hash, int(e.bit)
}

// tagSlot is atom a's slot in the walker's table.
func tagSlot(a atom.Atom) uint32 { return (uint32(a) * 0x9E3779B1) >> 24 }

// tagHashBit hashes a tag name and looks its common-tag bit up.
func tagHashBit(name string) (uint64, int) {
	h := hashString(name)
	if b, ok := commonTagBit(h); ok {
		return h, int(b)
	}
	return h, -1
}
