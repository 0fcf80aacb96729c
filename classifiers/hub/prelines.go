package hub

import (
	"strings"
	"unicode"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Lines of preformatted text as entries (round 9). Some generators lay a
// table of contents out as lines of one pre, not as a list: Vim's help files
// as HTML (vim2html) hold each help file's text in a pre, where the main
// help file lists the help files one a line ("|usr_01.txt|  About the
// manuals") and the index of commands one command a line. A line of a pre
// is an entry as a list item is: when its first visible text, after a list
// marker written as text (marker: Vim's link bars "|"), is the text of a
// link to another page, the line's text counts as Evidence.Entry; when it
// is a link to a place in another page, as an index entry led by its link
// (the member-list rule of minIndexTargets applies, scope.go). A line led by
// anything else — code, prose, a link to a place in the page itself — counts
// nothing. A pre inside an open entry is that entry's text and is not split.
//
// Lines of a paragraph separated by <br> (round 11) are read the same way:
// the xmlsoft.org XSLT of libxml2 and libxslt writes its generated API
// indexes (APIfunctions.html, APIsymbols.html, …) as an h2 per type, module
// or letter, then one p of links to places separated by <br>. A p is split
// at its <br> children when it has one (a paragraph without a line break is
// running text, however its first word is linked). Only p: on the labelled
// sites the elements holding two or more <br> whose lines are mostly led by
// a link are 87 paragraphs (libxslt's and EXSLT's indexes, libxml2's), 619
// dd (libxslt's APIchunk term lists: definitions, entries already) and 3
// divs, while 727 divs and 60 table cells holding <br> are layout (address
// blocks, menus, a page's whole text cell). A p inside an open entry is not
// split, as a pre.
//
// A line led by a name before a link to a place in another page (round
// 12) is a back-of-book index's entry: a term, then where it is. PuTTY's
// index (Halibut) is one p of such lines ("accessibility: <a
// href="Chapter4.html#i148">Section 4.9.4</a>"). The name is the list
// items' (entry.go): at most maxNameWords words and maxNameRunes runes of
// text before the link, and the line holds at most maxNameSlack more words
// outside its links; a longer lead is prose and the line counts nothing.
// Unlike a list item's term, such a line counts as an index entry led by
// its link, under the member-list rule of minIndexTargets (scope.go): lines
// of text are looser than items, and a page's few "see <a>x</a>" lines into
// one or two pages are no index.

// preLines is the state of the pre or paragraph being split into lines: the
// link the walk is in and the line being read.
type preLines struct {
	node  *html.Node // the pre or p
	decls bool       // a line led by a declaration's keyword was counted
	open  bool       // the walk is inside a pre or p it splits
	br    bool       // lines end at <br> (a p), not at newlines (a pre)
	link  lead       // where the link the walk is inside leads (hrefLead)
	href  string     // that link's href
	entry int        // br: runes of the lines led by a link to a page so far
	page  string     // br: the page the first of them leads to (pagePath)
	pages bool       // br: they lead to two pages or more
	line  lineState
}

// lineState is the line being read.
type lineState struct {
	decided bool   // the line's first visible text has been seen
	kind    lead   // where the line leads, once decided
	target  string // the leading link's href
	before  int    // runes before the first link (a marker or a name), while undecided
	letters bool   // whether those runes hold a letter
	words   int    // words of those runes (countWords)
	keyword bool   // those runes are one word of letters only (declKeyword)
	decl    bool   // the line is led by a link after a declaration's keyword
	tail    int    // with decl: runes outside links after the leading link
	name    int    // words of the name before a link to a place, 0 for none
	plain   int    // with a name: the line's words outside links
	runes   int    // non-space runes of the line
}

// openPre starts splitting n into lines: a pre at its newlines, a p
// holding a <br> child at its <br> elements, when no entry is open; a p of
// links that each end with a <br> at those, entry or none (brLines).
func (w *walker) openPre(n *html.Node) bool {
	if w.pre.open {
		return false
	}
	switch n.DataAtom {
	case atom.Pre:
		if len(w.entries) > 0 || !holdsHref(n) {
			return false // no line of a pre without links leads: nothing to split
		}
		w.pre = preLines{node: n, open: true}
		return true
	case atom.P:
		switch brLines(n) {
		case brChild:
			if len(w.entries) > 0 || !holdsHref(n) {
				return false
			}
		case brInLinks:
			if k := len(w.entries); k > 0 {
				w.entries[k-1].lines = true // its lines count, not the entry
			}
		default:
			return false
		}
		w.pre = preLines{open: true, br: true}
		return true
	}
	return false
}

// holdsHref reports whether n's subtree holds an a element with an href:
// a line leads only by such a link (preSegment), so a pre or paragraph
// without one counts nothing when split, and is not (most pre elements
// are code). Cheaper than the split: one pointer walk, no text read.
func holdsHref(n *html.Node) bool {
	for c := n.FirstChild; c != nil; {
		if c.Type == html.ElementNode {
			if c.DataAtom == atom.A {
				if _, ok := attr(c, "href"); ok {
					return true
				}
			}
			if c.FirstChild != nil {
				c = c.FirstChild
				continue
			}
		}
		for c.NextSibling == nil && c != n {
			c = c.Parent
		}
		if c == n {
			return false
		}
		c = c.NextSibling
	}
	return false
}

// How a paragraph breaks its lines (brLines).
const (
	brNone    = iota
	brChild   // a <br> child
	brInLinks // links each ending with a <br> and no <br> child
)

// brLines tells how paragraph n breaks its lines: at <br> children, or at
// the <br> each of its links ends with (Scribble's generated index,
// doc-index.html: one paragraph of links, each "<a
// class="indexlink">term<br/></a>", a link to a place in a page). The
// latter is split even inside an open entry (the index paragraph is a
// table cell of a row led by its first link): the entry then counts
// nothing, its lines do (scope.go).
func brLines(n *html.Node) int {
	links := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Br:
			return brChild
		case atom.A:
			if l := c.LastChild; l != nil && l.Type == html.ElementNode && l.DataAtom == atom.Br {
				links++
			}
		}
	}
	if links >= 2 {
		return brInLinks
	}
	return brNone
}

// preLink notes the link the walk enters inside the pre.
func (w *walker) preLink(href string) {
	w.pre.link, w.pre.href = w.leads.hrefLead(href, false), href
}

// preBreak ends a line at a <br> of a paragraph split into lines.
func (w *walker) preBreak() {
	if w.pre.open && w.pre.br {
		w.preLineEnd()
	}
}

// preText reads text t of the pre, n its non-space runes, inLink when
// inside a link. A line that does not lead is skipped to its end uncounted
// (code: most text in pre elements). In a paragraph a newline is a space.
func (w *walker) preText(t string, n int, inLink bool) {
	i := strings.IndexByte(t, '\n')
	if i < 0 || w.pre.br {
		w.preSegment(t, n, inLink)
		return
	}
	for {
		w.preSegment(t[:i], -1, inLink)
		w.preLineEnd()
		t = t[i+1:]
		if i = strings.IndexByte(t, '\n'); i < 0 {
			w.preSegment(t, -1, inLink)
			return
		}
	}
}

// preSegment reads seg, text of one line, n its non-space runes (-1:
// unknown).
func (w *walker) preSegment(seg string, n int, inLink bool) {
	p := &w.pre.line
	if p.decided && p.kind == leadNone {
		return
	}
	if p.decided {
		if p.name > 0 && !inLink {
			r, _, words := textCounts(seg)
			p.runes += r
			p.plain += words
			return
		}
		if n < 0 {
			n = text.NonSpaceRunes(seg)
		}
		p.runes += n
		if p.decl && !inLink {
			p.tail += n
		}
		return
	}
	if n < 0 {
		n = text.NonSpaceRunes(seg)
	}
	if n == 0 {
		return
	}
	p.runes += n
	if inLink {
		p.decided = true
		switch {
		case marker(p.before, p.letters):
			p.kind, p.target = w.pre.link, w.pre.href
		case w.pre.link == leadPlace: // a term, then where it is
			p.kind, p.target = leadPlace, w.pre.href
			p.name, p.plain = max(p.words, 1), p.words
		case w.pre.link == leadPage && !w.pre.br && declKeyword(p):
			p.kind, p.target, p.decl = leadPage, w.pre.href, true
		}
		return
	}
	if p.before += n; p.before > maxNameRunes { // no marker, no name: letters and words tell nothing
		p.decided = true // the line starts with prose: no entry
		return
	}
	_, letters, words := textCounts(seg)
	p.keyword = lettersOnly(seg) && (p.words == 0 || p.keyword)
	p.letters = p.letters || letters
	p.words += words
	if !marker(p.before, p.letters) && p.words > maxNameWords {
		p.decided = true // the line starts with prose: no entry
	}
}

// preLineEnd counts the line just read and starts the next. A paragraph's
// lines led by links to pages are counted when it closes, and only when
// they lead to two pages or more: libxml2's searches.html lists the top
// queries of its search, lines led by links to search.php?query=…, one
// page and no way through the site.
func (w *walker) preLineEnd() {
	p := &w.pre
	switch p.line.kind {
	case leadPage:
		if p.line.decl && p.line.tail == 0 {
			break // "include <a>M</a>": a reference, nothing declared
		}
		if !p.br {
			w.e.Entry += p.line.runes
			p.decls = p.decls || p.line.decl
			break
		}
		p.entry += p.line.runes
		if page := pagePath(p.line.target); p.entry == p.line.runes {
			p.page = page
		} else if page != p.page {
			p.pages = true
		}
	case leadPlace:
		if l := p.line; l.name > 0 && l.plain > l.name+maxNameSlack {
			break // a sentence with a link in it
		}
		w.linkedIndex += p.line.runes
		w.noteTarget(p.line.target)
	}
	p.line = lineState{}
}

// closePre counts the pre's last line (and a paragraph's lines led by
// links to pages).
func (w *walker) closePre() {
	w.preLineEnd()
	if w.pre.pages {
		w.e.Entry += w.pre.entry
	}
	if w.pre.decls {
		w.declPre = w.pre.node
	}
	w.pre = preLines{}
}

// pagePath is href without its query and fragment.
func pagePath(href string) string {
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		href = href[:i]
	}
	return strings.TrimSpace(href)
}

// declKeyword reports whether the text before a line's first link, a link
// to another page, is a declaration's keyword (round 16): one word of
// letters only, at most maxKeywordRunes runes. Code-documentation
// generators declare a named part of an API as its keyword, then its name
// linked to the part's own page: ocamldoc writes a module's submodules as
// one pre each, "module <a href="M.Sub.html">Sub</a>: sig .. end" (a
// module type "module type", a class "class"), and a module that only
// gathers submodules is a table of contents of them. The keyword is no
// name of ocamldoc: any word will do, as a list marker does, and a lead of
// two words or of punctuation ("val x :", "type t =") is code, as before.
// A declaration goes on after its name (its signature, type or value: "sig
// .. end", ": BatOrd.Comp"); a line that ends with its link ("include <a
// href="BatQueue.html">BatQueue</a>", "open", "import") names another
// page to take in and declares nothing: it counts nothing.
func declKeyword(p *lineState) bool {
	return p.keyword && p.words <= maxKeywordWords && p.before <= maxKeywordRunes
}

// lettersOnly reports whether every non-space rune of s is a letter.
func lettersOnly(s string) bool {
	for _, r := range s {
		if !isSpaceRune(r) && !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// declLead reports whether the text before an entry's first link (pre
// runes, words words, letters whether it holds a letter) is a
// declaration's keyword before a link to another page (round 17), as a
// pre's line reads it (declKeyword): at most maxKeywordWords words of
// letters only, at most maxKeywordRunes runes, all of it inside code (a
// code, tt or pre element: keyword reports both). odoc writes a module's
// submodules as definition terms, "<dt><code>module <a
// href="Sub/index.html">Sub</a> : sig ... end</code></dt>", the
// description the dd: the keyword then leads the entry as a list marker
// does (no name: the entry and its dd count whole). A short word of prose
// before a link ("See <a>x</a> for …") is no code and stays a name. As a
// pre's line, an entry that ends with its link ("include <a>M</a>")
// declares nothing and counts nothing (scope.go counts).
func declLead(pre, words int, letters, keyword bool, l lead) bool {
	return l == leadPage && keyword && pre > 0 && letters && words <= maxKeywordWords && !marker(pre, letters)
}

// declDiv returns leadPage when div n is a declaration laid out as a div
// (round 17): its own permalink (an empty link to a place in the page)
// first, then, as its first element child holding anything, a code element
// led by a declaration's keyword and a link to another page (declLead). odoc writes a declaration
// without a doc comment as "<div class="spec module"><a
// class="anchor"></a><code>module <a href="Sub/index.html">Sub</a> :
// sig ... end</code></div>", the same declaration as a dt with no dd. Only
// a div whose own first content is the code: a div wrapping a section
// whose first text happens to be a declaration is no entry; and only one
// led by its permalink: Javadoc (JDK 17) lays its summary tables out as
// div cells, a first column "<code>protected <a>Type</a></code>" of
// modifiers and return types, no declaration of the linked type.
func (f *leadFinder) declDiv(n *html.Node) lead {
	c, own := n.FirstChild, false
	for ; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && text.HasNonSpace(c.Data) {
			return leadNone
		}
		if c.Type != html.ElementNode {
			continue
		}
		if c.FirstChild != nil {
			break
		}
		if href, ok := attr(c, "href"); ok && c.DataAtom == atom.A && strings.HasPrefix(href, "#") {
			own = true
		}
	}
	if !own || c == nil || c.DataAtom != atom.Code {
		return leadNone
	}
	if l := f.firstTextLead(n, 0, false); l == leadPage && f.decl > 0 {
		return l
	}
	f.name, f.href, f.first, f.decl, f.celled = 0, "", "", 0, false
	return leadNone
}
