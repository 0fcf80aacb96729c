package hub

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The evidence walk is one recursive pass in document order: a node's
// scopes are opened when it is entered and closed when it is left, with
// no frame per node (README.md, session 15). What a parent's children need
// from their siblings, the runs of repeated blocks (block.go, found from
// the last child to the first) and the rows of sibling cells (rows.go), is
// found before the first child is visited and kept only for the children
// that have some.

// walk walks doc, counting its evidence. The navigation regions around
// self links (selfnav.go) are looked for only once the walk meets a self
// link (most pages have none, and looking walks the whole document):
// until then none is left out. walk returns false when the regions it
// found then are not empty: the nodes visited before may have been in
// one, and the walk must begin again with them known (w.navKnown).
func (w *walker) walk(doc *html.Node) bool {
	w.doc = doc
	w.node(doc, false, false, nil, 0)
	return !w.again
}

// reset empties w for a walk of the page again, keeping its room, its
// lead finder (whose memories are the page's) and its navigation regions.
func (w *walker) reset() {
	clear(w.kids)
	clear(w.memos)
	*w = walker{
		kids: w.kids[:0], entries: w.entries[:0], blocks: w.blocks[:0], oneLink: w.oneLink[:0],
		leads: w.leads, memos: w.memos[:0], nav: w.nav, nNav: w.nNav, rows: w.rows,
	}
}

// kid is what the children pass of node found of one child: the run of
// repeated blocks it is a block of, its entry lead found with its block's,
// and the rows of sibling cells (rows.go) it starts or ends. The pass runs
// over the children from the last to the first (blockRun), before any is
// visited, so these wait on w.kids, the first child's on top.
type kid struct {
	n       *html.Node
	run     *html.Node // the run of repeated blocks n is a block of, or nil
	memo    int32      // n's entry lead found with its block's, w.memos[memo-1]; 0: none
	startID int32      // the row n starts: its number in the walk, 0 for none
	endID   int32      // the row n ends, 0 for none
	startK  uint8      // the cells of the row n starts
}

// node visits n: it counts a text node, or opens an element's scopes,
// visits its children in document order and closes the scopes. Past
// maxEvidenceNodes nodes it visits nothing. inLink and list are n's
// context; run and memo what n's parent found of it (kid).
func (w *walker) node(n *html.Node, inLink, list bool, run *html.Node, memo int32) {
	if w.seen >= maxEvidenceNodes {
		w.bound()
		return
	}
	w.seen++
	var open opened
	switch n.Type {
	case html.TextNode:
		w.count(n.Data, inLink, list)
		return
	case html.CommentNode, html.DoctypeNode:
		return
	case html.ElementNode:
		kinds := tagKindsOf(n.DataAtom) // the switches below in one look-up (tags.go)
		if (len(n.Attr) > 0 || kinds&kindFurniture != 0) && boilerplateKinds(n, w.leads.boil, kinds) ||
			w.nNav > 0 && isRegion(n, w.nav[:w.nNav]) {
			if !w.navKnown && w.lazy.selves < maxSelfLinks {
				w.selfLinksIn(n)
			}
			return
		}
		if run != nil || memo != 0 || kinds&kindScope != 0 { // open has nothing to do with others
			open = w.open(n, run, memo)
		}
		if !w.lettered && kinds&kindLetter != 0 && letterHeading(n) {
			w.lettered = true
		}
		if kinds&kindPreP != 0 && w.openPre(n) {
			open |= openedPre
		}
		switch {
		case kinds&(kindList|kindLink|kindBr) == 0:
		case kinds&kindList != 0:
			list = true
		case kinds&kindLink != 0:
			if href, ok := attr(n, "href"); ok {
				if !w.navKnown && w.lazy.selves < maxSelfLinks && selfLink(href) && holdsText(n) {
					w.selfLinkAt(n, nil)
				}
				if k := len(w.entries); k > 0 && w.leads.selfPlace(href) {
					w.entries[k-1].self = true
				}
				if w.pre.open {
					w.preLink(href)
				}
				w.e.Links++
				if list {
					w.e.ListLinks++
				}
				inLink = true
			}
		case kinds&kindBr != 0:
			w.preBreak()
		}
	}
	if n.FirstChild != nil {
		if n.FirstChild != n.LastChild { // an only child is in no run and no row
			w.children(n)
		}
		if w.again {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			// the kids on top are c's siblings' or c's: an ancestor's are its siblings
			if t := len(w.kids); t > 0 && w.kids[t-1].n == c {
				k := w.kids[t-1]
				w.kids = w.kids[:t-1]
				if k.startID != 0 {
					w.rowStart(c, int(k.startK), k.startID)
				}
				w.node(c, inLink, list, k.run, k.memo)
				if w.again {
					return
				}
				if k.endID != 0 {
					w.rowEnd(k.endID)
				}
				continue
			}
			if c.Type == html.TextNode && w.seen < maxEvidenceNodes { // most nodes: inline
				w.seen++
				if !w.pre.open && shortBlank(c.Data) { // counts nothing: the line breaks between tags
					continue
				}
				w.count(c.Data, inLink, list)
				continue
			}
			w.node(c, inLink, list, nil, 0)
			if w.again {
				return
			}
		}
	} else if w.again {
		return
	}
	if open != 0 {
		w.leave(open)
	}
}

// scopeTag reports whether open may open a scope of element n when no
// run or memo is given: an entry (entryLead, a wrapped row, a description
// of an entry or a declaration) or a barrier. open opens none of other
// elements and sets nothing.
func scopeTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Li, atom.Tr, atom.Dt, atom.Dd, atom.Div, atom.Section, atom.Article, atom.P,
		atom.Ul, atom.Ol, atom.Dl, atom.Table:
		return true
	}
	return false
}

// bound is a node past maxEvidenceNodes, left out. The first one, when no
// self link's region is known yet, finds them all as selfNavRegions does:
// the nodes left out may hold self links. When there are some the walk
// must begin again (w.again).
func (w *walker) bound() {
	if w.navKnown {
		return
	}
	w.navKnown = true
	var all [maxSelfLinks]*html.Node
	if k := selfNavRegions(w.doc, &all); k != w.lazy.n || all != w.lazy.regions {
		w.again = true
	}
}

// children runs over n's children from the last to the first, before any
// is visited: it finds the runs of repeated blocks (blockRun, in that
// order) and the rows of sibling cells, and keeps what it found of each
// child on w.kids.
func (w *walker) children(n *html.Node) {
	var run blockRun
	var rows []rowSpan
	el := 0
	if childrenAtLeast(n, 2*minRowRepeats) { // fewer children hold no rows (rows.go)
		rows, el = w.rows.find(n)
	}
	for c := n.LastChild; c != nil; c = c.PrevSibling {
		if c.Type != html.ElementNode {
			continue
		}
		// el: c's index among the element children; most children have nothing to keep
		el--
		if len(rows) == 0 && !blockTag(c) {
			continue
		}
		k := kid{n: c}
		if r := len(rows); r > 0 && rows[r-1].start+rows[r-1].k-1 == el {
			w.nRows++
			k.endID = w.nRows
		}
		if blockTag(c) { // run.leads has nothing to do with others
			var m leadMemo
			var memoed bool
			if k.run, memoed = run.leads(c, &w.leads, &m); memoed {
				w.memos = append(w.memos, m)
				k.memo = int32(len(w.memos))
			}
			if run.oneLink() {
				w.noteOneLink(run.first)
			}
		}
		if r := len(rows); r > 0 && rows[r-1].start == el {
			k.startID, k.startK = w.nRows, uint8(rows[r-1].k)
			rows = rows[:r-1]
		}
		if k.run != nil || k.memo != 0 || k.endID != 0 || k.startID != 0 {
			w.kids = append(w.kids, k)
		}
	}
}

// shortBlank reports whether t is one to four ASCII white space bytes:
// count of it adds nothing outside a pre (no runes, no words).
func shortBlank(t string) bool {
	if len(t) == 0 || len(t) > 4 {
		return false
	}
	for i := 0; i < len(t); i++ {
		if asciiKinds[t[i]] != byteSpace { // a wider byte is byteOther
			return false
		}
	}
	return true
}
