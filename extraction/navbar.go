package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// A navigation bar repeated below the page's content (prev, up, next;
// a pager above and below its results) is the page's frame too: the same
// links, in the same order, in blocks of the same shape, once above and
// once below what lies between them. Racket's Scribble puts div.navsettop
// and div.navsetbottom around every page's content in div.main: on a page
// of a paragraph or two (htdp-ptr/index.html, raco/pkg.html) the two bars
// began two records, the top one holding the whole page ([navsettop, h2,
// p], [navsetbottom]: similar from the bars alone), or their links were
// records (guide/exe.html: "← prev", "up", "next →" twice). The bars are
// marked before the side table of contents (selfnav.go): the rest of a
// page without headings beside it is its content, the bars left out.
//
// markBars marks, for each element, its last element child B and the first
// earlier child A of B's shape (stm.Tree.Hash) when:
//   - they link the same addresses in the same order (sameLinks);
//   - they hold no heading, and an element lies between them, a heading
//     when the page has one (the page's content: a navigation bar holds
//     none). Two entries of an API page may link the
//     same types in the same order (Javadoc's overloads of send and exit
//     in Erlang's jinterface, OtpConnection.html), but each is under its
//     heading;
//   - they are not rows or items of a list (tr, td, th, li, dt, dd): an
//     entry of its list, not a bar around it (the last two rows of a
//     Racket definition table both link font-feature-settings/c,
//     draw/font-list_.html, a page without headings).
//
// Whether the bars are mostly links is not asked: Scribble's write "←
// prev" and "next →" as plain text where there is no such page, and the
// text outweighed the links. Each parent costs one pass over its
// children and one comparison: the rows of a table share their shape but
// not their links.
func (p *page) markBars() {
	t := p.t
	headless := len(p.headings) == 0
	// a subtree too small, framed or code is passed over at once: every
	// node inside it is so too (ownText)
	for i := 0; i < t.Len(); i++ {
		if t.Size[i] < minBars || t.Label[i] == stm.TextLabel || p.framed[i] || p.inCode[i] {
			i += int(t.Size[i]) - 1
			continue
		}
		kids := t.Children(i)
		last := -1
		for k := len(kids) - 1; k >= 0; k-- {
			if t.Label[kids[k]] != stm.TextLabel {
				last = k
				break
			}
		}
		if last < 2 {
			continue // no room for content between two bars
		}
		b := kids[last]
		switch tagOf(t, int(b)) {
		case atom.Tr, atom.Td, atom.Th, atom.Li, atom.Dt, atom.Dd:
			continue // a row or an item is an entry of its list, not a bar around it
		}
		for k, a := range kids[:last-1] {
			if t.Hash[a] != t.Hash[b] || t.Size[a] != t.Size[b] || t.Label[a] == stm.TextLabel {
				continue
			}
			if sameLinks(p, int(a), int(b)) && !holdsHeading(t, int(a), int(a)+int(t.Size[a])) &&
				between(t, kids[k+1:last]) && (headless || holdsHeading(t, int(kids[k+1]), int(b))) {
				frame(p, int(a))
				frame(p, int(b))
			}
			break
		}
	}
}

// minBars is the least size of an element holding two bars and content
// between them: two bars of two links with text each (5 nodes apiece),
// an element between them, the element itself.
const minBars = 12

// between reports whether kids, the children between two bars, hold an
// element: the content the bars are around.
func between(t *stm.Tree, kids []int32) bool {
	for _, c := range kids {
		if t.Label[c] != stm.TextLabel {
			return true
		}
	}
	return false
}

// holdsHeading reports whether nodes i to end-1 hold an h1–h6.
func holdsHeading(t *stm.Tree, i, end int) bool {
	for ; i < end; i++ {
		switch tagOf(t, i) {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			return true
		}
	}
	return false
}

// sameLinks reports whether the subtrees of a and b, of one shape, link
// the same addresses in the same order, two of them or more other
// documents (docLink): links that only run a script or move within the
// page ("#", "javascript:void(0)") are alike in any two blocks of a
// widget.
func sameLinks(p *page, a, b int) bool {
	t := p.t
	docs := 0
	for k := range int(t.Size[a]) {
		if tagOf(t, a+k) != atom.A {
			continue
		}
		h := href(p, a+k)
		if tagOf(t, b+k) != atom.A || h != href(p, b+k) {
			return false
		}
		if docLink(h) {
			docs++
		}
	}
	return docs >= 2
}

// docLink reports whether href leads to a document: not empty, not a
// fragment of the page, not a script.
func docLink(href string) bool {
	return href != "" && href[0] != '#' && !(len(href) >= 11 && strings.EqualFold(href[:11], "javascript:"))
}

// href is the address link i names, as written.
func href(p *page, i int) string {
	for _, a := range p.t.Node[i].Attr {
		if a.Key == "href" && a.Namespace == "" {
			return strings.TrimSpace(a.Val)
		}
	}
	return ""
}

// frame marks node i and the nodes inside it as the page's frame.
func frame(p *page, i int) {
	end := i + int(p.t.Size[i])
	for j := i; j < end; j++ {
		p.framed[j] = true
	}
}

// unframed returns recs without the records all of whose roots are the
// page's frame (a navigation bar below the content segmented as a record
// of its own), recs itself when there are none.
func unframed(p *page, recs [][]int32) [][]int32 {
	var out [][]int32
	for k, r := range recs {
		in := true
		for _, i := range r {
			in = in && p.framed[i]
		}
		switch {
		case in && out == nil:
			out = append(make([][]int32, 0, len(recs)), recs[:k]...)
		case !in && out != nil:
			out = append(out, r)
		}
	}
	if out == nil {
		return recs
	}
	return out
}
