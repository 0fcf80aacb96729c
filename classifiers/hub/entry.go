package hub

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An entry that leads to another page is what tables of contents and list
// pages are made of: a list item, a table row, or a definition term with
// its definitions, whose first visible text is the text of a link to
// another page. Evidence.Entry counts the text of such entries, with what
// is nested in them and the entry's description (the rest of the item, the
// row's other cells, the term's definitions).
//
// A link with a #fragment points at a place in a page. An entry led by one
// is what a generated index is made of (a term, then where it is), but
// also an API signature whose return type links to its definition;
// Evidence.IndexEntry counts such entries' text without the definitions
// that follow a term, so that a signature counts its own line only.

// lead is what an entry's first visible text is inside of.
type lead int

const (
	leadNone  lead = iota // not a link (or a link to this page, a mailto:, …)
	leadPage              // a link to another page
	leadPlace             // a link to a place (#fragment) in another page
)

// maxLeadNodes bounds the search for an entry's first visible text.
const maxLeadNodes = 256

// entryLead returns where entry n leads: an li, tr or dt by the link its
// first visible text is inside, a dd as its term when that leads to a page.
// scratch is a reusable stack for the search.
func entryLead(n *html.Node, scratch *[]leadItem) lead {
	switch n.DataAtom {
	case atom.Li, atom.Tr, atom.Dt:
		return firstTextLead(n, scratch)
	case atom.Dd:
		for s := n.PrevSibling; s != nil; s = s.PrevSibling {
			if s.Type != html.ElementNode {
				continue
			}
			switch s.DataAtom {
			case atom.Dd:
				continue
			case atom.Dt:
				if firstTextLead(s, scratch) == leadPage {
					return leadPage
				}
			}
			return leadNone
		}
	}
	return leadNone
}

// firstTextLead returns what the first visible text of entry (lists and
// tables nested in it left out) is inside of.
func firstTextLead(entry *html.Node, scratch *[]leadItem) lead {
	stack := append((*scratch)[:0], leadItem{n: entry})
	defer func() { *scratch = stack[:0] }()
	for seen := 0; len(stack) > 0 && seen < maxLeadNodes; seen++ {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		switch n.Type {
		case html.TextNode:
			if strings.TrimFunc(n.Data, isSpaceRune) != "" {
				return it.linked
			}
			continue
		case html.ElementNode:
			if boilerplateElement(n) {
				continue
			}
			if n != entry {
				switch n.DataAtom {
				case atom.Ul, atom.Ol, atom.Dl, atom.Table:
					continue
				}
			}
			if n.DataAtom == atom.A {
				if href, ok := attr(n, "href"); ok {
					it.linked = hrefLead(href)
				}
			}
		default:
			continue
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling { // popped in document order
			stack = append(stack, leadItem{n: c, linked: it.linked})
		}
	}
	return leadNone
}

// leadItem is a node of firstTextLead's search and the link it is in.
type leadItem struct {
	n      *html.Node
	linked lead
}

// hrefLead classifies an href: a page as a whole (no #fragment), a place
// in another page (a path and a #fragment), or neither (empty, a fragment
// of this page, a mailto:, javascript: or other non-page scheme).
func hrefLead(href string) lead {
	href = strings.TrimSpace(href)
	if i := strings.IndexByte(href, ':'); i > 0 && !strings.ContainsAny(href[:i], "/?#") {
		switch strings.ToLower(href[:i]) {
		case "http", "https":
		default:
			return leadNone
		}
	}
	switch i := strings.IndexByte(href, '#'); {
	case href == "" || i == 0:
		return leadNone
	case i > 0:
		return leadPlace
	}
	return leadPage
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}
