package hub

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// minNamedRows is the fewest rows of a table (tr siblings of one parent)
// in which a row led by a name before a link to another page (entry.go)
// counts: a member table names many things and their pages, while a pair
// of rows such as "Getter method <a>get_x()</a>", "Setter method
// <a>set_x()</a>" on a property's page labels two links of a page about
// one thing. Rows led by a name before a link to a place (an index's terms:
// a letter's page may hold two), list items and terms led by a name (a
// class hierarchy nests lists of one or two items) count in lists of any
// length, as do entries led by their link.
const minNamedRows = 3

// namedEntryCounts reports whether an entry n led by a name may count: it
// is no table row, or it has at least minNamedRows−1 row siblings.
func namedEntryCounts(n *html.Node) bool {
	if n.DataAtom != atom.Tr || n.Parent == nil {
		return true
	}
	k := 1
	for s := n.Parent.FirstChild; s != nil && k < minNamedRows; s = s.NextSibling {
		if s != n && s.Type == html.ElementNode && s.DataAtom == n.DataAtom {
			k++
		}
	}
	return k >= minNamedRows
}
