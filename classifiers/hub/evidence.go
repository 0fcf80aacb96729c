package hub

import (
	"math"
	"strings"

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
	Entry      int // of Text+Anchor, the runes inside entries that lead to another page (entry.go)
	IndexEntry int // of Text+Anchor, the runes inside entries that lead to a place in another page
	Block      int // of Text+Anchor, the runes inside repeated blocks that lead to another page (block.go)
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
		n                                 *html.Node
		inLink, list, entry, index, block bool
	}
	stack := []frame{{n: doc}}
	var scratch []leadItem // entryLead's stack, reused
	for seen := 0; len(stack) > 0 && seen < maxEvidenceNodes; seen++ {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := f.n
		switch n.Type {
		case html.TextNode:
			e.count(n.Data, f.inLink, f.list, f.entry, f.index, f.block)
			continue
		case html.CommentNode, html.DoctypeNode:
			continue
		case html.ElementNode:
			if boilerplateElement(n) {
				continue
			}
			if !f.entry && !f.index {
				switch entryLead(n, &scratch) {
				case leadPage:
					f.entry = true
				case leadPlace:
					f.index = n.DataAtom != atom.Dd
				}
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
		var run blockRun
		for c := n.LastChild; c != nil; c = c.PrevSibling { // popped in document order
			block := f.block || run.leads(c, &scratch)
			stack = append(stack, frame{n: c, inLink: f.inLink, list: f.list, entry: f.entry, index: f.index, block: block})
		}
	}
	return e
}

func (e *Evidence) count(t string, inLink, list, entry, index, block bool) {
	n := 0
	for _, r := range t {
		if !isSpaceRune(r) {
			n++
		}
	}
	if block {
		e.Block += n
	}
	switch {
	case entry:
		e.Entry += n
	case index:
		e.IndexEntry += n
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
var boilerWords = [...]string{"nav", "menu", "sidebar", "header", "footer", "breadcrumb", "related"}

// boilerplateElement reports whether an element is site furniture rather
// than main content: script-like elements, the HTML5 sectioning elements
// for navigation and page furniture, and elements whose class or id names
// it (a class or id word, split at spaces, '-' and '_', that starts or
// ends with one of boilerWords, ASCII case ignored: "navheader",
// "sphinxsidebar", not "canvas"), except html, body and main, which hold
// the page whatever their class says.
func boilerplateElement(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg, atom.Select,
		atom.Nav, atom.Header, atom.Footer, atom.Aside, atom.Head:
		return true
	case atom.Html, atom.Body, atom.Main:
		return false // the page itself, whatever its class says (<body class="no-sidebar">)
	}
	for _, a := range n.Attr {
		if a.Key != "class" && a.Key != "id" {
			continue
		}
		for v := a.Val; v != ""; {
			end := strings.IndexAny(v, " -_")
			tok := v
			if end >= 0 {
				tok, v = v[:end], v[end+1:]
			} else {
				v = ""
			}
			if boilerToken(tok) {
				return true
			}
		}
	}
	return false
}

// boilerToken reports whether tok starts or ends with one of boilerWords,
// ASCII case ignored.
func boilerToken(tok string) bool {
	for _, w := range boilerWords {
		if len(tok) >= len(w) && (asciiEqualFold(tok[:len(w)], w) || asciiEqualFold(tok[len(tok)-len(w):], w)) {
			return true
		}
	}
	return false
}

// asciiEqualFold reports whether s equals the lower-case ASCII word w,
// ASCII case ignored.
func asciiEqualFold(s, w string) bool {
	for i := range len(w) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// numEvidence is the number of features of a page for PageModel.
const numEvidence = 5

// Features returns the page's features: link density (log of link text
// per character of other main-content text), log(1 + links), log(1 +
// non-link text) of the main content, and the shares of the main
// content's text in entries that lead to another page and in entries that
// lead to a place in another page (entry.go). (The share in repeated
// blocks, Block, is PageModel's block rule, not a feature: README.md.)
// (Shares of link text in list items, also measured, are nearly equal to
// the link density on tables of contents; with them a model fitted on
// list pages and articles extrapolated badly to documentation indexes, so
// they are left out: README.md.)
func (e Evidence) Features() [numEvidence]float64 {
	all := e.Text + e.Anchor
	return [numEvidence]float64{
		math.Log(float64(e.Anchor+1) / float64(e.Text+1)),
		math.Log1p(float64(e.Links)),
		math.Log1p(float64(e.Text)),
		float64(e.Entry) / float64(all+1),
		float64(e.IndexEntry) / float64(all+1),
	}
}
