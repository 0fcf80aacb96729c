package hub

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An entry described after its list (round 9): AsciiDoc writes a list
// of how-tos as one-item lists, each item a link to the how-to, each
// followed by a paragraph describing it (git's howto-index.html), so the
// description is outside the entry. A paragraph (p, or a div whose first
// element is a p) that directly follows a list holding one item that leads
// to a page (or a div holding nothing but such a list) is that entry's
// description and counts as an entry of its own.
//
// A declaration described after its pre (round 16): ocamldoc writes each
// submodule as a pre "module <a>Sub</a>: sig .. end" (an entry led by its
// keyword and name: prelines.go declKeyword), then its description as a
// div holding paragraphs (div.info) beside it, outside the pre. A div
// whose first element is a p that directly follows a pre whose line
// counted as a declaration's entry is that entry's description, as after
// a one-item list. Only a div: a bare paragraph after a declaration is the
// page's own prose (Batteries.Interfaces.html introduces monads in three
// loose paragraphs between two module type declarations).

// describesEntry reports whether n is the description of the one-item list
// before it.
func (f *leadFinder) describesEntry(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P:
	case atom.Div:
		if c := firstElement(n); c == nil || c.DataAtom != atom.P {
			return false
		}
	default:
		return false
	}
	list := prevElement(n)
	if list != nil && list.DataAtom == atom.Div {
		list = firstElement(list)
		if list == nil || !listTag(list.DataAtom) || nextElement(list) != nil {
			return false
		}
	}
	if list == nil || !listTag(list.DataAtom) {
		return false
	}
	item := firstElement(list)
	if item == nil || item.DataAtom != atom.Li || nextElement(item) != nil {
		return false
	}
	return f.entryLead(item) == leadPage && f.name == 0
}

// describesDecl reports whether n, a div, is the description of the
// declaration counted in pre, the pre just before it.
func describesDecl(n, pre *html.Node) bool {
	if n.DataAtom != atom.Div {
		return false
	}
	if c := firstElement(n); c == nil || c.DataAtom != atom.P {
		return false
	}
	return prevElement(n) == pre
}

func listTag(a atom.Atom) bool { return a == atom.Ul || a == atom.Ol }
