package hub

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A table may be laid out without tr: its cells are sibling elements and a
// row is a group of k adjacent cells whose tag-and-class sequence repeats
// (Javadoc's summary tables: div.col-first, div.col-last, div.col-first,
// …). This is MDR's generalized node: a region of siblings with period k
// ≥ 2 is a run of rows of k cells. rowFinder finds them among a parent's
// element children; the walk (evidence.go) opens an entry for each row
// whose first visible text, over its cells, leads to another page, as it
// does for a tr.
//
// A region is found where the sequence of the children's signatures (tag
// and classKey, block.go) has period k (2 ≤ k ≤ maxRowPeriod) for at least
// minRowRepeats periods, starting at a child; its first signature
// occurs once in it (rowPeriod; a period of equal siblings is a run of blocks, block.go) and
// each is a block element (cellTag). The smallest such period is taken and the search
// goes on after the region. Cost: O(children · maxRowPeriod²).

const (
	maxRowPeriod  = 6 // the most cells in a row
	minRowRepeats = 2 // the fewest rows of a region
)

// rowSpan is one row: the index of its first cell among its parent's
// element children and its number of cells.
type rowSpan struct{ start, k int }

// rowFinder finds rows; its slices are reused from parent to parent.
type rowFinder struct {
	sigs  []uint64
	spans []rowSpan
}

// rowBuf is the capacity rowFinder's slices start with: one allocation
// each per page unless a parent has more element children.
const rowBuf = 64

// find returns the rows among n's element children in document order (the
// slice is reused by the next call) and the number of element children.
func (r *rowFinder) find(n *html.Node) ([]rowSpan, int) {
	if r.sigs == nil {
		r.sigs, r.spans = make([]uint64, 0, rowBuf), make([]rowSpan, 0, rowBuf)
	}
	r.sigs, r.spans = r.sigs[:0], r.spans[:0]
	if n.Type != html.ElementNode {
		return nil, 0
	}
	cells, els := 0, 0 // element children that may be cells, element children
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			els++
			if cellTag(c) {
				cells++
			}
		}
	}
	if cells < 2*minRowRepeats {
		return nil, els
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			r.sigs = append(r.sigs, cellSig(c))
		}
	}
	for i := 0; i+2*minRowRepeats <= len(r.sigs); {
		k, rows := r.periodAt(i)
		if k == 0 {
			i++
			continue
		}
		for j := range rows {
			r.spans = append(r.spans, rowSpan{start: i + j*k, k: k})
		}
		i += rows * k
	}
	return r.spans, len(r.sigs)
}

// periodAt returns the smallest period k of a region starting at child i
// and its number of rows, or 0, 0.
func (r *rowFinder) periodAt(i int) (k, rows int) {
	s := r.sigs
	for k := 2; k <= maxRowPeriod && i+k*minRowRepeats <= len(s); k++ {
		if !rowPeriod(s[i : i+k]) {
			continue
		}
		j := i
		for j+k < len(s) && s[j] == s[j+k] {
			j++
		}
		if rows := (j + k - i) / k; rows >= minRowRepeats {
			return k, rows
		}
	}
	return 0, 0
}

// rowPeriod reports whether the signatures may be one row's cells: none
// is 0 (an element that cannot be a cell of such a row) and the first
// occurs once, so that it marks where each row starts (a heading naming a
// member, then its description in two alike divs; a period of equal
// siblings is a run of blocks, block.go).
func rowPeriod(s []uint64) bool {
	for _, x := range s {
		if x == 0 {
			return false
		}
	}
	for _, y := range s[1:] {
		if y == s[0] {
			return false
		}
	}
	return true
}

// cellSig returns an element's signature, its tag and classKey hashed
// (FNV-1a), or 0 for an element that cannot be a row's cell (cellTag).
func cellSig(n *html.Node) uint64 {
	if !cellTag(n) {
		return 0
	}
	c, _ := attr(n, "class")
	h := fnv64String(fnv64Byte(fnv64String(fnv64Offset, n.Data), 0), classKey(c))
	return max(h, 1)
}

// rowStart opens a row's entry at its first cell n, of k cells, when the
// row's first visible text leads to another page.
func (w *walker) rowStart(n *html.Node, k int, id int32) {
	if l := w.leads.firstTextLeadN(n, k, 0, false); l != leadNone {
		w.openEntry(l, id)
	}
}

// rowEnd closes row id's entry after its last cell.
func (w *walker) rowEnd(id int32) {
	if k := len(w.entries); k > 0 && w.entries[k-1].row == id {
		w.closeEntry()
	}
}

// cellTag reports whether n may be a cell of a row laid out as siblings: a
// block of the page (div, p, section, article, figure, blockquote, a
// heading, a list or a table), not an entry or a cell of its own (li, tr,
// dt, dd, td, th) and not text-level markup (a, span, code, …: a class
// hierarchy drawn in a pre as line art and links is not a table).
func cellTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.P, atom.Section, atom.Article, atom.Figure, atom.Blockquote,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Dl, atom.Table:
		return true
	}
	return false
}

// wrappedRow reports whether a repeated block (block.go) is a row of a
// table laid out as divs, its cells wrapped in an element of their own
// (rustdoc's item tables: div.item-row holding div.item-left, the item's
// name and link, and div.item-right, its summary): 2 to maxRowPeriod
// element children that may be cells (cellTag), the first of a signature
// no other has (rowPeriod). Such a block is an entry when its first
// visible text leads, as a tr (scope.go).
func wrappedRow(n *html.Node) bool {
	var sigs [maxRowPeriod]uint64
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if k == maxRowPeriod {
			return false
		}
		sigs[k] = cellSig(c)
		k++
	}
	return k >= 2 && rowPeriod(sigs[:k])
}
