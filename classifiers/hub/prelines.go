package hub

import (
	"strings"

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

// preLines is the state of the pre being walked: the link the walk is in and
// the line being read.
type preLines struct {
	open    bool   // the walk is inside a pre it splits
	link    lead   // where the link the walk is inside leads (hrefLead)
	href    string // that link's href
	decided bool   // the line's first visible text has been seen
	kind    lead   // where the line leads, once decided
	target  string // the leading link's href
	before  int    // runes before the first link (a marker), while undecided
	letters bool   // whether those runes hold a letter
	runes   int    // non-space runes of the line
}

// openPre starts splitting pre n into lines when no entry is open.
func (w *walker) openPre(n *html.Node) bool {
	if n.DataAtom != atom.Pre || w.pre.open || len(w.entries) > 0 {
		return false
	}
	w.pre = preLines{open: true}
	return true
}

// preLink notes the link the walk enters inside the pre.
func (w *walker) preLink(href string) {
	w.pre.link, w.pre.href = w.leads.hrefLead(href, false), href
}

// preText reads text t of the pre, n its non-space runes, inLink when
// inside a link. A line that does not lead is skipped to its end uncounted
// (code: most text in pre elements).
func (w *walker) preText(t string, n int, inLink bool) {
	i := strings.IndexByte(t, '\n')
	if i < 0 {
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
	p := &w.pre
	if p.decided && p.kind == leadNone {
		return
	}
	if p.decided {
		if n < 0 {
			n, _, _ = textCounts(seg)
		}
		p.runes += n
		return
	}
	n, letters, _ := textCounts(seg)
	if n == 0 {
		return
	}
	p.runes += n
	if inLink {
		p.decided = true
		if marker(p.before, p.letters) {
			p.kind, p.target = p.link, p.href
		}
		return
	}
	p.before += n
	p.letters = p.letters || letters
	if !marker(p.before, p.letters) {
		p.decided = true // the line starts with text: no entry
	}
}

// preLineEnd counts the line just read and starts the next.
func (w *walker) preLineEnd() {
	p := &w.pre
	switch p.kind {
	case leadPage:
		w.e.Entry += p.runes
	case leadPlace:
		w.linkedIndex += p.runes
		w.noteTarget(p.target)
	}
	link, href := p.link, p.href
	*p = preLines{open: true, link: link, href: href}
}

// closePre counts the pre's last line.
func (w *walker) closePre() {
	w.preLineEnd()
	w.pre = preLines{}
}
