package hub

import (
	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
)

// A list item or table row in a run of alike siblings is searched for its
// first visible text twice: as a block of the run when its parent is
// visited (blockRun.leads: a short label may precede the link, which may
// lead to any site) and as an entry when it is visited itself (entryLead:
// a name may precede the link, which must stay on the page's site). Both
// searches pop the same nodes in the same order and differ only in where
// they stop and in what an off-site link is, so one search answers both
// (searchBoth), and the entry's answer waits in the walk's leadMemos until
// the walk opens the item.

// leadMemo is an entry's firstTextLead(n, 0, false) and what it set
// (leadFinder's name, href and first).
type leadMemo struct {
	lead        lead
	name        int
	href, first string
	decl        int
	celled      bool // the name fills a table cell of its own (leadFinder.celled)
}

// blockAndEntryLead is firstTextLead(n, maxBlockLabelRunes, true), which
// it returns with f's name, href and first as that search sets them, and
// firstTextLead(n, 0, false), which it returns as a leadMemo, in one
// search.
func (f *leadFinder) blockAndEntryLead(n *html.Node) (lead, leadMemo) {
	stack := append(f.both[:0], bothItem{n: n, top: true})
	b, e, stack := f.searchBoth(stack)
	f.both = stack[:0]
	return b, e
}

// bothItem is a leadItem of both searches: the link it is in for the
// block's (any site) and for the entry's (this site).
type bothItem struct {
	n               *html.Node
	linkedB, linked lead
	heading         bool
	code            bool
	top             bool
}

// searchBoth is searchLead for a block (labelRunes maxBlockLabelRunes, any
// site) and for an entry (labelRunes 0, this site) at once: a search ends
// where its own would, the other goes on from there. It sets f.name,
// f.href and f.first as the block's search does.
func (f *leadFinder) searchBoth(stack []bothItem) (lead, leadMemo, []bothItem) {
	const labelRunes = maxBlockLabelRunes
	var e leadMemo
	bl, bHref, bFirst := leadNone, "", ""
	bDone, eDone := false, false
	pre, words, letters := 0, 0, false
	celled := false
	keyword := true
	inCode := true // all the text before the link is in code (codeLabel)
	glued := false // the text before the link ends without a space (codeLabel)
	first := ""
	for seen := 0; len(stack) > 0 && seen < maxLeadNodes && !(bDone && eDone); seen++ {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if !it.top {
			if s := n.NextSibling; s != nil {
				stack = append(stack, bothItem{n: s, linkedB: it.linkedB, linked: it.linked, heading: it.heading, code: it.code})
			}
		}
		switch n.Type {
		case html.TextNode:
			if !text.HasNonSpace(n.Data) {
				glued = false
				continue
			}
			if !eDone && it.linked != leadNone {
				switch {
				case declLead(pre, words, letters, keyword, it.linked):
					e.decl = pre
				case !marker(pre, letters) || cellName(pre, words, celled, it.linked):
					e.name, e.celled = max(words, 1), celled
				}
				e.lead, eDone = it.linked, true
			}
			if !bDone && it.linkedB != leadNone {
				bl, bDone = it.linkedB, true
				if !codeLabel(n, pre, words, letters, keyword, inCode, glued, it.code, it.linkedB) {
					bl = leadNone
				}
			}
			if bDone && eDone {
				continue
			}
			if it.heading { // a section's title, not an item's label
				bDone, eDone = true, true
				continue
			}
			if pre == 0 {
				if !eDone {
					first = n.Data
				}
				if !bDone {
					bFirst = n.Data
				}
			}
			// the rest of the text is not counted once it ends both searches
			// (the block's past labelRunes, the entry's past maxNameRunes or
			// past maxNameWords words and a marker's runes), or the one not done
			var r, w int
			var l bool
			switch {
			case bDone: // the entry's
				r, l, w = textCountsUntil(n.Data, maxNameRunes-pre, maxNameWords-words, maxMarkerRunes-pre)
			case eDone: // the block's
				r, l, w = textCountsUpTo(n.Data, labelRunes-pre)
			default:
				r, l, w = textCountsUntil(n.Data, max(maxNameRunes, labelRunes)-pre, maxNameWords-words, max(maxMarkerRunes, labelRunes)-pre)
			}
			pre, letters, words = pre+r, letters || l, words+w
			keyword = keyword && pre <= maxKeywordRunes && it.code && lettersOnly(n.Data)
			inCode = inCode && it.code
			glued = endsGlued(n.Data)
			if !(marker(pre, letters) || pre <= labelRunes) {
				bDone = true
			}
			if !(marker(pre, letters) || pre <= maxNameRunes && words <= maxNameWords) {
				eDone = true
			}
			continue
		case html.ElementNode:
			k := tagKindsOf(n.DataAtom) // the switch's tags in one look-up (tags.go)
			if boilerplateKinds(n, f.boil, k) {
				continue
			}
			switch {
			case k&(kindNested|kindHeading|kindCell|kindCode|kindLink) == 0:
			case k&kindNested != 0: // ul, ol, dl, table
				if !it.top {
					continue
				}
			case k&kindHeading != 0:
				it.heading = true
			case k&kindCell != 0: // td, th
				celled = celled || pre > 0
				keyword = false // a column of modifiers and types (declLead)
			case k&kindCode != 0: // code, tt, pre
				it.code = true
			case k&kindLink != 0: // a
				if href, ok := attr(n, "href"); ok {
					c := f.classes(href)
					it.linked, it.linkedB = c.onSite, c.anySite
					if it.linked != leadNone && !eDone {
						e.href = href
					}
					if it.linkedB != leadNone && !bDone {
						bHref = href
					}
				}
			}
		default:
			continue
		}
		if c := n.FirstChild; c != nil { // its siblings follow when it is popped
			stack = append(stack, bothItem{n: c, linkedB: it.linkedB, linked: it.linked, heading: it.heading, code: it.code})
		}
	}
	e.first = first
	f.name, f.href, f.first, f.celled = 0, bHref, bFirst, false
	return bl, e, stack
}
