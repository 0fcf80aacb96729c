package hub

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Entries and blocks are counted when the walk leaves them, so that their
// size is known: an entry or block holding more than maxEntryRunes of its
// own text is not an entry of a list but a layout container whose first
// text happens to be a link (a 2005 news page's table row holding the
// navigation column and the article, a column div beside two others), and
// counts nothing; the entries and blocks inside it are judged on their own.
//
// An entry's own text is its text outside the lists and tables nested in
// it (their items are entries of their own, of the outermost entry's kind:
// a table of contents' nested section links count as the table of
// contents). A block's text is its whole subtree; a block too large to
// count passes on the text of the blocks inside it that do.

// maxEntryRunes is the most own text an entry or block may hold and count.
const maxEntryRunes = 1000

// entryScope is an open entry, or a barrier: a list or table nested in an
// entry, whose text outside entries of its own counts for nothing.
type entryScope struct {
	kind   lead   // leadPage, leadPlace, or leadNone for a barrier
	own    int    // non-space runes of the entry's own text so far
	plain  int    // words of the own text outside links (countWords)
	name   int    // words of the name before the entry's link, 0 for none (entry.go)
	label  int    // words of a kind label outside a cell of its own before the link, 0 for none (openEntry)
	self   bool   // it holds a link to a place in the page itself (entry.go)
	row    int32  // a row of sibling cells (rows.go): its number, else 0
	target string // the leading link's href
	lines  bool   // it holds a paragraph split into lines, which count instead (prelines.go)
	decl   int    // runes of the declaration's keyword before its link (entry.go declLead), else 0
	out    int    // with decl: runes of the entry's own text outside links
}

// counts reports whether a closed entry's text counts: not a layout
// container, not a summary of the page's own members, and, when a name
// (or a kind label outside a cell of its own: openEntry) leads it, nothing
// but the name and links (an index term and where it is: "asString() :
// <a>Json::Value</a>").
func (s *entryScope) counts() bool {
	if s.decl > 0 { // a declaration: its own anchor is no summary's link (entry.go declLead)
		return !s.lines && s.own <= maxEntryRunes && s.out > s.decl
	}
	return !s.lines && s.own <= maxEntryRunes && !s.self && s.plain <= max(s.name, s.label)+maxNameSlack
}

// blockScope is an open repeated block.
type blockScope struct {
	run    *html.Node // the run it is a block of
	sum    int        // non-space runes of the block's subtree so far
	credit int        // of sum, the runes of inner blocks that count
}

// opened records the scopes an element opened.
type opened uint8

const (
	openedEntry opened = 1 << iota // an entry or a barrier
	openedBlock
	openedPre // a pre split into lines (prelines.go)
)

// open opens the scopes element n starts: an entry when it leads to a page
// or a place, a barrier when it is a list or table inside an entry, a block
// when the walk found it a repeated block (block).
func (w *walker) open(n *html.Node, run *html.Node, memo int32) opened {
	var o opened
	var l lead
	if memo > 0 { // found with n's block's (blockentry.go)
		m := &w.memos[memo-1]
		l, w.leads.name, w.leads.href, w.leads.first, w.leads.decl, w.leads.celled = m.lead, m.name, m.href, m.first, m.decl, m.celled
	} else {
		l = w.leads.entryLead(n)
	}
	if l == leadNone && run != nil && wrappedRow(n) {
		l = w.leads.firstTextLead(n, 0, false)
	}
	if l != leadNone && (w.leads.name == 0 || l != leadPage || namedEntryCounts(n)) {
		w.openEntry(l, 0)
		o |= openedEntry
	} else if (n.DataAtom == atom.P || n.DataAtom == atom.Div) && len(w.entries) == 0 &&
		(w.leads.describesEntry(n) || w.declPre != nil && describesDecl(n, w.declPre)) {
		w.entries = append(w.entries, entryScope{kind: leadPage})
		o |= openedEntry
	} else if k := len(w.entries); k > 0 && w.entries[k-1].kind != leadNone {
		switch n.DataAtom {
		case atom.Ul, atom.Ol, atom.Dl, atom.Table:
			w.entries = append(w.entries, entryScope{})
			o |= openedEntry
		}
	}
	if run != nil {
		w.blocks = append(w.blocks, blockScope{run: run})
		o |= openedBlock
	}
	return o
}

// openEntry opens an entry that leads by l (the outermost entry's kind
// when nested in an entry led by its link: a table of contents' sections),
// with the name and link the lead finder just found. Entries nested in an
// entry led by a name keep their own kind: a caption "Inherited from
// <a>Base</a>:" before a table of Base's members, a row of sibling cells,
// is no chapter whose sections lead where it does. A name before a link to
// a place that the previous such entry had too ("Method <a>m</a>",
// "Method <a>n</a>") is a kind label, as a list marker is, not an index
// term: such entries lead by their link (the member-list rule of
// minIndexTargets applies), and the first of them, counted as a term when
// it closed, is moved to them. A kind label that does not fill a cell of
// its own (a label column: leadFinder.celled, or a row of sibling cells)
// may be the first word of sentences with a link inline in their prose
// ("The <a>string()</a> command now …", release notes): such an entry
// counts only when it holds little more than the label and its links, as
// one led by a name (entryScope.label).
func (w *walker) openEntry(l lead, row int32) {
	name, label := w.leads.name, 0
	if l == leadPlace && name > 0 {
		t := strings.TrimSpace(w.leads.first)
		if t == w.placeName {
			if !w.leads.celled && row == 0 {
				label = name
			}
			name = 0
			if w.placeOwn > 0 { // the first of the run was taken for a term
				w.e.IndexEntry -= w.placeOwn
				w.linkedIndex += w.placeOwn
				w.noteTarget(w.placeTarget)
				w.placeOwn = 0
			}
		} else {
			w.placeName, w.placeOwn = t, 0
		}
	}
	if len(w.entries) > 0 && w.entries[0].name == 0 {
		l = w.entries[0].kind
	}
	w.entries = append(w.entries, entryScope{kind: l, name: name, label: label, target: w.leads.href, row: row, decl: w.leads.decl})
}

// closeEntry closes the innermost entry and counts its text.
func (w *walker) closeEntry() {
	s := w.entries[len(w.entries)-1]
	w.entries = w.entries[:len(w.entries)-1]
	if !s.counts() {
		return
	}
	switch s.kind {
	case leadPage:
		w.e.Entry += s.own
		w.lastPage = s.target
	case leadPlace:
		if s.name == 0 && w.lastPage != "" && pageOf(s.target) == pageOf(w.lastPage) {
			w.e.Entry += s.own // a section of the page the list just led to
			return
		}
		if s.name > 0 {
			w.e.IndexEntry += s.own // a term, then where it is
			w.placeOwn, w.placeTarget = s.own, s.target
		} else {
			w.linkedIndex += s.own
			w.noteTarget(s.target)
		}
	}
}

// leave closes the scopes an element opened and counts what they hold.
func (w *walker) leave(o opened) {
	if o&openedPre != 0 {
		w.closePre()
	}
	if o&openedEntry != 0 {
		w.closeEntry()
	}
	if o&openedBlock != 0 {
		s := w.blocks[len(w.blocks)-1]
		w.blocks = w.blocks[:len(w.blocks)-1]
		counted := s.credit
		if s.sum <= maxEntryRunes {
			counted = s.sum
			if w.runs == nil {
				w.runs = map[*html.Node]runText{}
			}
			r := w.runs[s.run]
			w.runs[s.run] = runText{text: r.text + s.sum, blocks: r.blocks + 1}
		}
		if k := len(w.blocks); k > 0 {
			w.blocks[k-1].sum += s.sum
			w.blocks[k-1].credit += counted
		} else {
			w.e.Block += counted
		}
	}
}

// An index whose entries are links into fewer than minIndexTargets pages
// is the list of one page's members (a class's member list, with its base
// classes: on the tuning sites these lead into 3–6 pages, a site's
// generated indexes into 16 or more), not a way through the site: its
// entries count nothing, unless the page cuts them by letters (a letter
// heading: letters.go), as an index does and a member list does not. Entries
// led by a name ("asString() : <a>Json::Value</a>", a term and where it
// is) are an index's however few pages they lead into.
const minIndexTargets = 8

// noteTarget notes the page an index entry's link leads into (its href
// without the #fragment), up to minIndexTargets distinct ones.
func (w *walker) noteTarget(href string) {
	if w.nTargets == minIndexTargets {
		return
	}
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	href = strings.TrimSpace(href)
	for _, t := range w.targets[:w.nTargets] {
		if t == href {
			return
		}
	}
	w.targets[w.nTargets] = href
	w.nTargets++
}

// pageOf returns href without its #fragment, spaces trimmed.
func pageOf(href string) string {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	return strings.TrimSpace(href)
}

// noteOneLink notes a run whose leading blocks all lead by one link
// (blockRun.oneLink): end leaves it out.
func (w *walker) noteOneLink(first *html.Node) { w.oneLink = append(w.oneLink, first) }

// runLength returns the number of blocks of the run whose first block is
// first: its alike adjacent element siblings.
func runLength(first *html.Node) int {
	n := 1
	for s := nextElement(first); s != nil && alike(first, s); s = nextElement(s) {
		n++
	}
	return n
}

// runText is the counted text of a run's blocks and their number.
type runText struct{ text, blocks int }

// end sets Evidence.BlockRun from the runs' counted text (a run counts when
// at least half of its blocks lead to a page and count: three alike
// sections of which one starts with a link are no list; and when they do
// not all lead by one link, block.go), and counts the
// index entries led by a link when they lead into minIndexTargets pages.
// BlockRun is the largest run's text, or the text of all the runs of term
// blocks (entry.go: termLead) of one kind (tag and classKey) when that is
// more: an API page lists its constructors, methods, properties and
// signals as several runs of such blocks, one per kind of member, each a
// small share of the page. TermRun is that sum when it is more than the
// largest run (else 0).
func (w *walker) end() {
	if w.nTargets >= minIndexTargets || w.lettered {
		w.e.IndexEntry += w.linkedIndex
	}
	var terms map[string]int // counted text of the runs of term blocks, by kind
	largest, sum := 0, 0
	for first, r := range w.runs {
		if 2*r.blocks < runLength(first) || slices.Contains(w.oneLink, first) {
			continue
		}
		largest = max(largest, r.text)
		if w.leads.termLead(first) != leadPage {
			continue
		}
		if terms == nil {
			terms = map[string]int{}
		}
		c, _ := attr(first, "class")
		k := first.Data + "." + classKey(c)
		terms[k] += r.text
		sum = max(sum, min(terms[k], w.e.Block)) // runs nested in runs of their kind count once
	}
	w.e.BlockRun = max(largest, sum)
	if sum > largest {
		w.e.TermRun = sum
	}
}
