package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// A site's side table of contents marks the page it is on: it lists the
// page itself among its entries as a link to the page as a whole ("you
// are here": Racket's Scribble writes <a href="" class="tocviewselflink">
// in its div.tocset beside every page). It is the site's navigation,
// repeated on every page of a manual, yet a plain div rather than a nav
// landmark, so page.framed did not mark it: on Debian's racket-doc its
// rows were the records of 419 of the 1,828 pages, 14,695 records
// (raco/pkg.html: the 19 tools of raco beside one paragraph of its own). A page's own table of
// contents, index or list of entries leads to other pages and places,
// never back to the whole page. (The same evidence as the hub classifier's
// page evidence, classifiers/hub/selfnav.go, round 14; extraction keeps
// its own copy, read on its compact tree.)
//
// So the region around a self link that holds none of the page's headings
// is part of the page's frame (markSelfNav): from the self link up to the
// highest ancestor holding no h1–h6, below the lowest element holding
// both the link and a heading. The page's own content is where its
// headings are; a navigation column holds none. The region must be mostly
// links (a paragraph naming the page itself is not navigation: Scribble
// links a module's name to its own page, href="", in the prose documenting
// it), and it is never the page's body or main content (main, role=main,
// id content or main, or an element holding one). On a page without a
// heading the region is the highest block around the link that is mostly
// links, beside a rest of the page that is not (selfNavColumn).
//
// Only href="" is a self link. A link to the page's own address is not
// taken (tables of contents and indexes that list every page list their
// own too, with their headings outside the list: SQLite's sitemap, Vim's
// help.txt; classifiers/hub's README, round 14; on the installed
// documentation, the main regions that link their own page by its
// address are the page's content: 33 of erlang-doc's module pages, 6 of
// PostgreSQL's, 5 of git-doc's), nor a link marked current or active (a
// pager's current page, a blog's current category; in the installed
// documentation, class current and active mark sidebars that are nav
// landmarks already: ghc-doc's Read the Docs theme, rust-doc's mdBook).

// maxSelfLinks bounds the self links whose regions are looked for: a page
// links itself once or twice (its navigation, a breadcrumb).
const maxSelfLinks = 4

// markSelfNav marks the navigation regions of p (above) and the nodes
// inside them in p.framed. reset has found the page's self links and
// headings (p.selves, p.headings) in its pass over the page.
func (p *page) markSelfNav() {
	for _, s := range p.selves {
		var r int
		if len(p.headings) == 0 {
			r = selfNavColumn(p, s)
		} else {
			r = selfNavRegion(p, s, p.headings)
		}
		if r < 0 || p.framed[r] {
			continue
		}
		frame(p, r)
	}
}

// ownTextLen is the visible text of node i's subtree without the content
// images count for (p.text).
func ownTextLen(p *page, i int) int {
	t := p.t
	k := 0
	for j := i; j < i+int(t.Size[i]); j++ {
		if t.Label[j] == stm.TextLabel {
			k += int(p.text[j])
		}
	}
	return k
}

// selfNavRegion returns the highest ancestor of self holding none of the
// headings (in document order), or -1 when there is none fit to be
// navigation (above).
func selfNavRegion(p *page, self int32, headings []int32) int {
	t := p.t
	holds := func(a int32) bool { // a holds a heading
		for _, h := range headings {
			if h >= a && h < a+t.Size[a] {
				return true
			}
		}
		return false
	}
	if holds(self) {
		return -1 // a link around a heading: the page's title
	}
	below := self
	for a := t.Parent[self]; a >= 0; below, a = a, t.Parent[a] {
		if !holds(a) {
			continue
		}
		if below == self {
			return -1 // the link's parent holds a heading
		}
		r := int(below)
		if !navCandidate(p, r) || !mostlyLinks(p, r) {
			return -1
		}
		return r
	}
	return -1 // no heading shares an ancestor with the link
}

// navCandidate reports whether node r may be navigation: not the page's
// html or body, not its main content nor an element holding it.
func navCandidate(p *page, r int) bool {
	t := p.t
	switch tagOf(t, r) {
	case atom.Html, atom.Body:
		return false
	}
	for i := r; i < r+int(t.Size[r]); i++ {
		if t.Label[i] != stm.TextLabel && mainElement(p, i) {
			return false
		}
	}
	return true
}

// mainElement reports whether element i is the page's main content by
// its tag, role or id.
func mainElement(p *page, i int) bool {
	if tagOf(p.t, i) == atom.Main {
		return true
	}
	for _, a := range p.t.Node[i].Attr {
		switch a.Key {
		case "role":
			if strings.EqualFold(a.Val, "main") {
				return true
			}
		case "id":
			switch strings.ToLower(a.Val) {
			case "content", "main", "main-content", "maincontent", "page-content":
				return true
			}
		}
	}
	return false
}

// mostlyLinks reports whether at least half of node r's visible text is
// the text of links.
func mostlyLinks(p *page, r int) bool {
	linked, all := linkedText(p, r, r+int(p.t.Size[r]), int32(r))
	return all > 0 && 2*linked >= all
}

// linkedText sums the visible text of the text nodes i to end-1 (all)
// and of those inside a link below root (linked).
func linkedText(p *page, i, end int, root int32) (linked, all int) {
	for ; i < end; i++ {
		if p.t.Label[i] != stm.TextLabel {
			continue
		}
		k := int(p.text[i])
		all += k
		if inLinkBelow(p, i, root) {
			linked += k
		}
	}
	return linked, all
}

// inLinkBelow reports whether node i is inside a link that is root or
// below it.
func inLinkBelow(p *page, i int, root int32) bool {
	t := p.t
	for a := t.Parent[i]; a >= root; a = t.Parent[a] {
		if tagOf(t, int(a)) == atom.A {
			return true
		}
	}
	return false
}

// minNavLinks is the least number of links to other documents a
// navigation column found without headings holds (selfNavColumn).
const minNavLinks = 3

// selfNavColumn is selfNavRegion on a page without a heading: the highest
// ancestor of self that is mostly links, below the page's html, body and
// main content, when it links minNavLinks other documents or more and
// the rest of the page is not mostly links (the page's own content beside
// it); -1 when there is none. Racket's class pages have no heading (the
// class's definition box is their title): draw/point_.html's side table
// of contents of the drawing toolkit's 33 classes was its records. The
// side column may hold more text than the page (svg-dc_.html: the
// classes and the 72 methods the class inherits, 1,355 of its 2,324
// characters). A self link in the page's content (Scribble links a defined
// name to its own page) climbs to the smallest block around it that is
// not mostly links; a page all links keeps everything.
func selfNavColumn(p *page, self int32) int {
	t := p.t
	linked, all := linkedText(p, int(self), int(self)+int(t.Size[self]), self)
	best, bestLinked, bestAll := -1, 0, 0
	for c, a := self, t.Parent[self]; a >= 0; c, a = a, t.Parent[a] {
		if tag := tagOf(t, int(a)); tag == atom.Html || tag == atom.Body || mainElement(p, int(a)) {
			break
		}
		l1, a1 := linkedText(p, int(a), int(c), a)
		l2, a2 := linkedText(p, int(c)+int(t.Size[c]), int(a)+int(t.Size[a]), a)
		linked, all = linked+l1+l2, all+a1+a2
		if 2*linked < all {
			break
		}
		best, bestLinked, bestAll = int(a), linked, all
	}
	if best < 0 || docLinks(p, best) < minNavLinks || !navCandidate(p, best) {
		return -1
	}
	// the rest of the page, without the frame found so far (the
	// navigation bars above and below the content: markBars)
	restLinked, restAll := -bestLinked, -bestAll
	for i := range t.Len() {
		if t.Label[i] != stm.TextLabel || p.framed[i] {
			continue
		}
		k := int(p.text[i])
		restAll += k
		if inLinkBelow(p, i, 0) {
			restLinked += k
		}
	}
	if restAll <= 0 || 2*restLinked >= restAll {
		return -1 // no content of the page's own beside it
	}
	return best
}

// docLinks counts the links of node r's subtree to other documents
// (docLink).
func docLinks(p *page, r int) int {
	t := p.t
	k := 0
	for i := r; i < r+int(t.Size[r]); i++ {
		if tagOf(t, i) == atom.A && docLink(href(p, i)) {
			k++
		}
	}
	return k
}
