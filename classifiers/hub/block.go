package hub

import (
	"unicode/utf8"

	"github.com/crawl-project/crawl/text"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A list page that is not laid out as a list or a table (news lists, shop
// lists, search results) repeats one block per item: adjacent sibling
// elements of one tag and class, each led by a link to the item's page.
// Evidence.Block counts the text of such blocks: a div, article, section,
// li or tr in a run of at least minBlockRun adjacent element siblings of
// the same tag and class (alike), whose first visible text, after at most
// a short label outside headings, is the text of a link to another page
// (leadFinder.firstTextLead, entry.go) — on any site: a results page leads
// off its own site. Evidence.BlockRun counts the blocks of the largest run
// alone: a list page's items are one run, while an article's related-link
// boxes are many small ones. This is the repeated structure that record
// extraction finds, measured cheaply: runs of equal tag and class instead
// of MDR's tag-string edit distance. A run whose leading blocks all lead by
// one link is no list, however many they are (a trait's implementations,
// each a section whose first text is a badge linking to one tracking
// issue): it leads to one page, not to an item per block.

// minBlockRun is the fewest adjacent alike siblings that make a run.
const minBlockRun = 3

// blockRun follows the runs of alike siblings while a parent's children
// are visited from the last to the first.
type blockRun struct {
	n       int        // the current run's length
	left    int        // its elements not visited yet
	first   *html.Node // its first element in document order: the run's name
	href    string     // the link its first leading block visited leads by
	leading int        // its blocks visited that lead
	mixed   bool       // they lead by more than one link
}

// leads returns the run of child c (visited after its next siblings),
// named by its first element, when c is a block of a run of at least
// minBlockRun that leads to another page; else nil. Of a list item or a
// table row in such a run it also returns the entry's lead (entryLead) in
// memo, with memoed set (blockentry.go).
func (r *blockRun) leads(c *html.Node, f *leadFinder, memo *leadMemo) (run *html.Node, memoed bool) {
	if c.Type != html.ElementNode || !blockTag(c) {
		return nil, false
	}
	if r.left > 0 { // the elements of a run are adjacent: c is the run's next
		r.left--
	} else {
		r.n, r.first = 1, c
		for s := prevElement(c); s != nil && alike(s, c); s = prevElement(s) {
			r.n++
			r.first = s
		}
		r.left = r.n - 1
		r.href, r.leading, r.mixed = "", 0, false
	}
	if r.n < minBlockRun {
		return nil, false
	}
	var l lead
	if c.DataAtom == atom.Li || c.DataAtom == atom.Tr {
		l, *memo = f.blockAndEntryLead(c)
		memoed = true
	} else {
		l = f.firstTextLead(c, maxBlockLabelRunes, true)
	}
	if l == leadPage {
		if r.leading > 0 && f.href != r.href {
			r.mixed = true
		}
		r.href = f.href
		r.leading++
		return r.first, memoed
	}
	return nil, memoed
}

// oneLink reports whether the run just visited whole (c, the last element
// given to leads, was its first) has two or more blocks that lead and all
// lead by one link: the run is no list (end, scope.go).
func (r *blockRun) oneLink() bool {
	return r.left == 0 && r.n >= minBlockRun && r.leading >= 2 && !r.mixed
}

func blockTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.Article, atom.Section, atom.Li, atom.Tr:
		return true
	}
	return false
}

// prevElement returns n's previous element sibling, or nil.
func prevElement(n *html.Node) *html.Node {
	for s := n.PrevSibling; s != nil; s = s.PrevSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// alike reports whether two elements have the same tag and the same class
// key (classKey: rows alternating "odd" and "even" are alike).
func alike(a, b *html.Node) bool {
	if a.DataAtom != b.DataAtom || a.Data != b.Data {
		return false
	}
	ca, _ := attr(a, "class")
	cb, _ := attr(b, "class")
	return ca == cb || classKey(ca) == classKey(cb)
}

// classKey returns the first word of a class attribute that is not a
// row-alternation or state word (odd, even, alt, first, last, active,
// selected; ASCII case ignored): "result single forum" and "result single
// article" are both "result".
func classKey(c string) string {
	for i := 0; i < len(c); {
		for i < len(c) && keySpace(c[i]) {
			i++
		}
		start := i
		for i < len(c) && !keySpace(c[i]) {
			i++
		}
		if w := c[start:i]; w != "" && !stateWord(w) {
			return w
		}
	}
	return ""
}

// keySpace reports whether b separates class words (HTML's white space).
func keySpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }

// stateWord reports whether w is odd, even, alt, first, last, active or
// selected, ASCII case ignored (strings.ToLower's answer: no other rune
// lowers to one of these ASCII words).
func stateWord(w string) bool {
	switch len(w) {
	case 3:
		return asciiEqualFold(w, "odd") || asciiEqualFold(w, "alt")
	case 4:
		return asciiEqualFold(w, "even") || asciiEqualFold(w, "last")
	case 5:
		return asciiEqualFold(w, "first")
	case 6:
		return asciiEqualFold(w, "active")
	case 8:
		return asciiEqualFold(w, "selected")
	}
	return false
}

// codeLabel reports whether the text before a block's first link (pre
// runes, words words, letters whether it holds a letter; keyword and
// inCode as searchLead keeps them) may lead the block as its label (round
// 18). A label is a few words of the page's prose, a result's type or its
// vote count; code before the link is no label but the start of a
// declaration, and leads only as a declaration's keyword does in an entry
// (declLead), when the declaration goes on after its link (declGoesOn):
// "module <a href="Sub/index.html">Sub</a> : sig ... end" declares the
// linked thing itself, a submodule whose page the block leads to. A member
// whose declaration names another page's type is not that page's entry:
// odoc 2 writes a class type's members as a run of alike div.odoc-spec
// blocks, "method areas : <a>areaElement</a> …" (a name and a colon before
// the link: the link is the member's type) and "inherit <a>element</a>"
// (ending with its link: a class taken in, as "include <a>M</a>", which
// declares nothing). Code that runs into the link without a space is a
// qualified name whose last segment the link is, the linked thing itself:
// rustdoc's re-exports, "pub use super::ffi::<a
// href="../ffi/trait.OsStrExt.html">OsStrExt</a>;", a prelude's list of
// what it brings in (glued). linkCode says whether the link's text is in
// code; a list marker before the link is no label either way.
func codeLabel(n *html.Node, pre, words int, letters, keyword, inCode, glued, linkCode bool, l lead) bool {
	if pre == 0 || !inCode || marker(pre, letters) || glued {
		return true
	}
	return linkCode && declLead(pre, words, letters, keyword, l) && declGoesOn(n)
}

// endsGlued reports whether s ends with a rune that is no space: text that
// runs into what follows it.
func endsGlued(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r != utf8.RuneError && !isSpaceRune(r)
}

// maxDeclAfterNodes bounds declGoesOn's search.
const maxDeclAfterNodes = 64

// declGoesOn reports whether text outside links follows the link that
// holds text node n inside the nearest code, tt or pre element holding it:
// the declaration goes on after its name (its signature, ": sig ... end").
func declGoesOn(n *html.Node) bool {
	x := n
	for x.Parent != nil && x.DataAtom != atom.A { // the link's own text is not after it
		x = x.Parent
	}
	seen := 0
	for ; x != nil; x = x.Parent {
		if x.Type == html.ElementNode && (x.DataAtom == atom.Code || x.DataAtom == atom.Tt || x.DataAtom == atom.Pre) {
			return false
		}
		for s := x.NextSibling; s != nil; s = s.NextSibling {
			if textOutsideLinks(s, &seen) {
				return true
			}
			if seen > maxDeclAfterNodes {
				return false
			}
		}
	}
	return false
}

// textOutsideLinks reports whether n's subtree holds non-space text outside
// links, counting the nodes it visits in *seen (at most maxDeclAfterNodes).
func textOutsideLinks(n *html.Node, seen *int) bool {
	*seen++
	if *seen > maxDeclAfterNodes {
		return false
	}
	switch n.Type {
	case html.TextNode:
		return text.HasNonSpace(n.Data)
	case html.ElementNode:
		if n.DataAtom == atom.A {
			return false
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if textOutsideLinks(c, seen) {
				return true
			}
		}
	}
	return false
}
