package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// The prose guards of the region choice: an article is not a list of
// records, however regular its paragraphs, sections or sentences.

// proseMin is the length from which a text node counts as article prose.
const proseMin = 80

// article reports whether the page is an article rather than a list: the
// text of long text nodes outside the records exceeds the records' content.
// Related-link lists and comment threads beside an article are then not
// reported as its data records.
func article(p *page, r region) bool {
	t := p.t
	// the long texts of the page less those of the records, when the
	// records' subtrees come one after another (they do: a region's
	// records are runs of its children), without a mark for every node
	prose, recs, end := 0, 0, 0
	for i := range t.Len() {
		if t.Label[i] == stm.TextLabel && p.text[i] >= proseMin {
			prose += int(p.text[i])
		}
	}
	disjoint := true
	for _, rec := range r.records {
		for _, i := range rec {
			if int(i) < end {
				disjoint = false
			}
			end = int(i) + int(t.Size[i])
			recs += int(p.text[i])
			for j := int(i); j < end; j++ {
				if t.Label[j] == stm.TextLabel && p.text[j] >= proseMin {
					prose -= int(p.text[j])
				}
			}
		}
	}
	if disjoint {
		return prose > recs
	}
	return articleMarked(p, r)
}

// articleMarked is article for records whose subtrees may overlap: each
// node marked once.
func articleMarked(p *page, r region) bool {
	t := p.t
	inside := make([]bool, t.Len())
	recs := 0
	for _, rec := range r.records {
		for _, i := range rec {
			recs += int(p.text[i])
			for j := int(i); j < int(i)+int(t.Size[i]); j++ {
				inside[j] = true
			}
		}
	}
	prose := 0
	for i := range t.Len() {
		if !inside[i] && t.Label[i] == stm.TextLabel && p.text[i] >= proseMin {
			prose += int(p.text[i])
		}
	}
	return prose > recs
}

// listings reports whether r's records are mostly code: at least half of
// their text inside code blocks (page.inCode: a documentation page's code
// examples, one pre or table of code lines each). On the Python docs such a
// list outranked the pages' API entries (pprint.html: 4 examples instead
// of 12 functions) once candidate regions inside a pre were no longer
// taken; where the page has no entries the listings stay its records
// (RDoc's methods, each with its source).
func listings(p *page, r region) bool {
	t := p.t
	all, pre := 0, 0
	for _, rec := range r.records {
		for _, i := range rec {
			all += int(p.text[i])
			for j := int(i); j < int(i)+int(t.Size[i]); j++ {
				if p.inCode[j] && t.Label[j] == stm.TextLabel {
					pre += int(p.text[j])
				}
			}
		}
	}
	return all > 0 && 2*pre >= all
}

// prose reports whether half or more of the records with text are prose: text,
// paragraphs and inline markup only (formatting: the phrase elements of
// technical prose, code, tt, kbd, var, count as well as b and i), with a
// long text node or proseMin·2 characters of text in all. That is the
// repeated structure of an article body, not data records.
func prose(p *page, recs [][]int32) bool {
	n, withText := 0, 0
	for _, r := range recs {
		long := false
		ok := true
		text := 0
		for _, i := range r {
			ok = ok && proseNode(p, int(i), &long)
			text += int(p.text[i] - imgContent*p.imgs[i]) // its text nodes' text
		}
		if text == 0 {
			continue // empty paragraphs between the others
		}
		withText++
		if ok && (long || text >= 2*proseMin) || proseLed(p, r) {
			n++
		}
	}
	return withText > 0 && 2*n >= withText
}

// proseLed reports whether record r begins with a paragraph of prose (a p
// of text and inline markup with a long text node or proseMin·2
// characters) and holds more after it: an article cut at its paragraphs,
// each "record" a paragraph and whatever follows it up to the next (a
// heading, a code block, a figure).
func proseLed(p *page, r []int32) bool {
	t := p.t
	first := int(r[0])
	if len(r) < 2 || tagOf(t, first) != atom.P {
		return false
	}
	long := false
	if !proseNode(p, first, &long) {
		return false
	}
	return long || int(p.text[first]) >= 2*proseMin
}

func proseNode(p *page, i int, long *bool) bool {
	t := p.t
	if t.Label[i] == stm.TextLabel {
		if p.text[i] >= proseMin {
			*long = true
		}
		return true
	}
	// paragraphs, links and the formatting a text value keeps inline
	// (code, tt, kbd, var... of technical prose too)
	switch a := tagOf(t, i); a {
	case atom.P, atom.Blockquote, atom.A, atom.Hr:
	default:
		if !formatting(a) {
			return false
		}
	}
	for _, c := range t.Children(i) {
		if !proseNode(p, int(c), long) {
			return false
		}
	}
	return true
}

// notRecords reports whether recs, a segmentation's runs, fail the guards
// of a main region: a text's paragraphs (prose), its sentences
// (sentences), a sentence's pieces (runOn), or records mostly not of one
// tag.class (sameClass).
func notRecords(p *page, recs [][]int32) bool {
	return prose(p, recs) || sentences(p, recs) || runOn(p, recs) || !sameClass(p, recs)
}

// sentences reports whether recs are the paragraphs of a short text:
// every record with text is one p of text, links and inline markup
// (proseNode) that opens with its text, not with a link or a label, and
// ends a sentence (., !, ? or :) after proseMin/2 characters or more.
// Each such paragraph is too short for prose (a sentence or two, cut at
// its links), yet none carries a field of its own: mdBook's notice pages
// (the Rust book's 261 pages of its old editions, three sentences each)
// gave their paragraphs as records. A list's items written as paragraphs
// lead with their title's link or a label (an a, b, strong, code...
// element before any text) and stay records, and so does a list whose
// items are not all such sentences.
func sentences(p *page, recs [][]int32) bool {
	t := p.t
	n := 0
	for _, r := range recs {
		if len(r) == 1 && p.text[r[0]] == 0 {
			continue // empty paragraphs between the others
		}
		i := int(r[0])
		if len(r) != 1 || tagOf(t, i) != atom.P || p.text[i] < proseMin/2 {
			return false
		}
		kids := t.Children(i)
		if len(kids) == 0 || t.Label[kids[0]] != stm.TextLabel {
			return false
		}
		long := false
		if !proseNode(p, i, &long) || !sentenceEnd(t, i) {
			return false
		}
		n++
	}
	return n > 0
}

// sentenceEnd reports whether the last text of node i's subtree ends a
// sentence: ., !, ? or :, before closing quotes or brackets.
func sentenceEnd(t *stm.Tree, i int) bool {
	for j := i + int(t.Size[i]) - 1; j >= i; j-- {
		if t.Label[j] != stm.TextLabel {
			continue
		}
		s := strings.TrimRight(t.Node[j].Data, " \t\n\r\u00a0\"')»”’")
		if s == "" {
			continue
		}
		switch s[len(s)-1] {
		case '.', '!', '?', ':':
			return true
		}
		return false
	}
	return false
}

// sectioned reports whether some record runs across a section of an
// article: a heading after a paragraph of prose (a p of text and inline
// markup), with nothing but links between them (linksOnly). A record of a
// list may open with its heading, or hold one after its date or image,
// but the paragraph before a heading ends the section it belongs to: such
// "records" are an article whose paragraphs, code examples and headings
// lie flat, cut at its examples (rustdoc's module essays: "Vectors ensure
// they never allocate more than isize::MAX bytes." with the heading
// "Examples" after it). texi2html puts a navigation bar, a rule and the
// section's anchors before each heading ([ << ] [ >> ] [Top] [Contents]),
// all children of body: the gettext manual's chapters were their
// sections cut at their examples, 38 "records" of gettext_4.html.
func sectioned(p *page, recs [][]int32) bool {
	t := p.t
	for _, r := range recs {
		para := false
		for _, i := range r {
			switch a := tagOf(t, int(i)); {
			case a == atom.P:
				long := false
				para = p.text[i] > 0 && proseNode(p, int(i), &long)
			case para && heading(a):
				return true
			case para && linksOnly(t, int(i)):
			default:
				para = false
			}
		}
	}
	return false
}

// linksOnly reports whether node i holds no word outside links: a rule,
// an anchor, a bar of links between brackets.
func linksOnly(t *stm.Tree, i int) bool {
	for j, end := i, i+int(t.Size[i]); j < end; j++ {
		switch {
		case tagOf(t, j) == atom.A:
			j += int(t.Size[j]) - 1 // a link's text, or an anchor
		case t.Label[j] == stm.TextLabel && strings.IndexFunc(t.Node[j].Data, word) >= 0:
			return false
		}
	}
	return true
}

// heading reports whether a is a section heading, h1 to h6.
func heading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// runOn reports whether recs are runs of one flowing text: every node of
// every record is text, a link or formatting, with no line break between
// them, so that the records are the pieces of a sentence cut at its links
// (a paragraph's children), not items of a list.
func runOn(p *page, recs [][]int32) bool {
	t := p.t
	for _, r := range recs {
		for _, i := range r {
			for j := int(i); j < int(i)+int(t.Size[i]); j++ {
				if t.Label[j] == stm.TextLabel {
					continue
				}
				if a := tagOf(t, j); a == atom.Br || a != atom.A && !formatting(a) {
					return false
				}
			}
		}
	}
	return true
}
