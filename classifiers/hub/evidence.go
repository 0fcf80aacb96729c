package hub

import (
	"math"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The URL SVM decides before a fetch (the paper's point). After the fetch
// the page itself is evidence: a table of contents, an index or a list page
// is mostly link text, much of it in list items, with little running text
// of its own. Evidence measures that in the page's main content (the
// subtrees of <nav>, <header>, <footer>, <aside> and of elements whose class
// or id names navigation, menus, sidebars, headers, footers or breadcrumbs
// left out: every page of a site repeats them), and PageModel turns it into
// P(hub) with a logistic regression trained on labelled pages
// (cmd/pagemodel, README.md).

// Evidence are the content measures of one fetched page.
type Evidence struct {
	Text       int // non-space runes of main-content text outside links
	Anchor     int // non-space runes of main-content text inside <a href>
	ListAnchor int // of Anchor, the runes inside list items and table cells (li, dt, dd, td, th)
	Links      int // <a href> elements in the main content
	ListLinks  int // of Links, those inside list items and table cells
}

// maxEvidenceNodes bounds the walk: a page with more elements is measured
// on its first maxEvidenceNodes (the shares stay meaningful; the time and
// stack stay bounded on hostile pages).
const maxEvidenceNodes = 200_000

// MeasurePage walks a page's DOM and returns its Evidence. It never fails;
// a nil document gives zero Evidence.
func MeasurePage(doc *html.Node) Evidence {
	var e Evidence
	if doc == nil {
		return e
	}
	type frame struct {
		n            *html.Node
		inLink, list bool
	}
	stack := []frame{{n: doc}}
	for seen := 0; len(stack) > 0 && seen < maxEvidenceNodes; seen++ {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := f.n
		switch n.Type {
		case html.TextNode:
			e.count(n.Data, f.inLink, f.list)
			continue
		case html.CommentNode, html.DoctypeNode:
			continue
		case html.ElementNode:
			if boilerplateElement(n) {
				continue
			}
			switch n.DataAtom {
			case atom.Li, atom.Dt, atom.Dd, atom.Td, atom.Th:
				f.list = true
			case atom.A:
				if hasAttr(n, "href") {
					e.Links++
					if f.list {
						e.ListLinks++
					}
					f.inLink = true
				}
			}
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling { // pushed last first: popped in document order
			stack = append(stack, frame{n: c, inLink: f.inLink, list: f.list})
		}
	}
	return e
}

func (e *Evidence) count(t string, inLink, list bool) {
	n := 0
	for i := 0; i < len(t); {
		if c := t[i]; c < utf8.RuneSelf { // ASCII, the bulk of most pages, without decoding
			if c != ' ' && (c < '\t' || c > '\r') {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(t[i:])
		if !isSpaceRune(r) {
			n++
		}
		i += size
	}
	switch {
	case inLink:
		e.Anchor += n
		if list {
			e.ListAnchor += n
		}
	default:
		e.Text += n
	}
}

func isSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0x85, 0xA0:
		return true
	}
	return r > 0xFF && strings.ContainsRune("\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000", r)
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

// boilerWords name the page furniture every page of a site repeats.
var boilerWords = []string{"nav", "menu", "sidebar", "header", "footer", "breadcrumb", "related"}

// boilerplateElement reports whether an element is site furniture rather
// than main content: script-like elements, the HTML5 sectioning elements
// for navigation and page furniture, and elements whose class or id names
// it (a class or id word, split at spaces, '-' and '_', that starts or
// ends with one of boilerWords: "navheader", "sphinxsidebar", not "canvas").
func boilerplateElement(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg, atom.Select,
		atom.Nav, atom.Header, atom.Footer, atom.Aside, atom.Head:
		return true
	}
	for _, a := range n.Attr {
		if (a.Key == "class" || a.Key == "id") && boilerplateName(a.Val) {
			return true
		}
	}
	return false
}

// boilerplateName reports whether a class or id value holds a word (split
// at spaces, '-' and '_') that starts or ends with one of boilerWords, in
// any ASCII case, without allocating: it runs on every element.
func boilerplateName(v string) bool {
	for v != "" {
		i := strings.IndexAny(v, " -_")
		tok := v
		if i >= 0 {
			tok, v = v[:i], v[i+1:]
		} else {
			v = ""
		}
		if len(tok) < 3 {
			continue
		}
		for _, w := range boilerWords {
			if len(tok) >= len(w) && (strings.EqualFold(tok[:len(w)], w) || strings.EqualFold(tok[len(tok)-len(w):], w)) {
				return true
			}
		}
	}
	return false
}

// numEvidence is the number of features of a page for PageModel.
const numEvidence = 3

// Features returns the page's features: link density (link text per
// character of main content), log(1 + links) and log(1 + non-link text)
// of the main content. (Shares of link text in list items, also measured,
// are nearly equal to the link density on tables of contents; with both a
// model fitted on list pages and articles extrapolated badly to
// documentation indexes, so they are left out: README.md.)
func (e Evidence) Features() [numEvidence]float64 {
	return [numEvidence]float64{
		math.Log(float64(e.Anchor+1) / float64(e.Text+1)),
		math.Log1p(float64(e.Links)),
		math.Log1p(float64(e.Text)),
	}
}
