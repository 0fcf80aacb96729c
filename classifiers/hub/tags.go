package hub

import "golang.org/x/net/html/atom"

// The walk asks of every element what its tag is to it: furniture by its
// tag (furnitureTag), a possible scope (scopeTag), a possible letter
// heading (letterTag), a pre or paragraph that may be split into lines, a
// list item or cell, a link or a line break; the lead searches (entry.go)
// ask of every element they pass whether it is a nested list, a heading,
// a cell, code or a link. Each was a switch over the tag's atom, a binary
// search of a few comparisons; tagKindsOf answers each question with one
// look-up in a small table (README.md, session 20). blockTag and cellTag,
// asked of a parent's children, stay switches: there the look-up cost
// more than the switch it replaced.

// tagKinds are the kinds of an element's tag.
type tagKinds uint16

const (
	kindFurniture tagKinds = 1 << iota // furnitureTag
	kindScope                          // scopeTag
	kindLetter                         // letterTag
	kindPreP                           // pre or p (openPre)
	kindList                           // li, dt, dd, td, th: its text is a list's
	kindLink                           // a
	kindBr                             // br
	kindPage                           // html, body, main: the page, whatever its class (boilerplateIn)
	kindNested                         // ul, ol, dl, table: a list or table nested in an entry (searchLead)
	kindHeading                        // h1–h6
	kindCell                           // td, th
	kindCode                           // code, tt, pre
)

// tagKindsOf returns the kinds of tag a: a slot of tagTable chosen by a
// multiplicative hash of the atom, which holds the atom it is for (a
// tag of none of the kinds finds another atom, or an empty slot, and
// has none).
func tagKindsOf(a atom.Atom) tagKinds {
	e := tagTable.slots[uint32(a)*tagTable.mul>>(32-tagBits)]
	if e.a != a {
		return 0
	}
	return e.k
}

const tagBits = 8

// tagSlot is one tag's kinds.
type tagSlot struct {
	a atom.Atom
	k tagKinds
}

// tagTable holds the kinds of the tags that have some, each in a slot of
// its own: the multiplier is the first, from a fixed start, under which no
// two of them share a slot.
var tagTable = func() (t struct {
	mul   uint32
	slots [1 << tagBits]tagSlot
}) {
	kinds := map[atom.Atom]tagKinds{}
	add := func(k tagKinds, as ...atom.Atom) {
		for _, a := range as {
			kinds[a] |= k
		}
	}
	add(kindFurniture, atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg, atom.Select,
		atom.Nav, atom.Footer, atom.Aside, atom.Head, atom.Header)
	add(kindScope, atom.Li, atom.Tr, atom.Dt, atom.Dd, atom.Div, atom.Section, atom.Article, atom.P,
		atom.Ul, atom.Ol, atom.Dl, atom.Table)
	add(kindLetter, atom.Th, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	add(kindPreP, atom.Pre, atom.P)
	add(kindList, atom.Li, atom.Dt, atom.Dd, atom.Td, atom.Th)
	add(kindLink, atom.A)
	add(kindBr, atom.Br)
	add(kindPage, atom.Html, atom.Body, atom.Main)
	add(kindNested, atom.Ul, atom.Ol, atom.Dl, atom.Table)
	add(kindHeading, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	add(kindCell, atom.Td, atom.Th)
	add(kindCode, atom.Code, atom.Tt, atom.Pre)
	for mul := uint32(0x9E3779B1); ; mul += 2 {
		var used [1 << tagBits]bool
		ok := true
		for a := range kinds {
			s := uint32(a) * mul >> (32 - tagBits)
			if used[s] {
				ok = false
				break
			}
			used[s] = true
		}
		if !ok {
			continue
		}
		t.mul = mul
		for a, k := range kinds {
			t.slots[uint32(a)*mul>>(32-tagBits)] = tagSlot{a: a, k: k}
		}
		return t
	}
}()
