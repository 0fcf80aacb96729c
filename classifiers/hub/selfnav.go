package hub

import (
	"strings"

	"github.com/crawl-project/crawl/text"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A site's navigation marks the page it is on (round 14). A side table of
// contents repeated on every page of a manual lists the page itself among
// its entries, as a link to the page as a whole ("you are here": Scribble
// writes it <a href="" class="tocviewselflink">); a page's own table of contents, index or list of entries
// leads to other pages and places, never back to the whole page. When the
// navigation's element names nothing the boilerplate words know (Scribble's
// div.tocset, a column of tables beside div.maincolumn), its entries were
// counted as the page's: every section of Racket's manuals, a few
// paragraphs beside a side table of contents of 20 to 60 rows, measured as
// a hub.
//
// So the region around a self link that holds no heading of the page is
// left out as navigation: from the self link up to the highest ancestor
// holding no h1–h6, below the lowest element that holds both the link and
// a heading. The page's own content is where its headings are; a
// navigation column holds none. A page without a heading, or whose region
// would be the page itself (html, body) or its main content element
// (contentElement, mainContentElement), keeps everything.

// selfLink reports whether href is empty: a link to the page itself that
// a generator writes for "you are here". A link to the page's own path is
// not taken: tables of contents and indexes that list every page list
// their own too (SQLite's sitemap.html, gtk-doc's chapters, Vim's
// help.txt), and their headings are outside the list, so their whole
// content would be left out (README.md, fourteenth round).
func selfLink(href string) bool { return strings.TrimSpace(href) == "" }

// maxSelfLinks bounds the self links whose regions are looked for: a page
// links itself once or twice (its navigation, a title link).
const maxSelfLinks = 4

// selfNavRegions puts the navigation regions of doc (above), at most
// maxSelfLinks, into regions and returns how many. It walks the whole
// document once.
func selfNavRegions(doc *html.Node, regions *[maxSelfLinks]*html.Node) int {
	var selves [maxSelfLinks]*html.Node
	ns := 0
	var stack [64]*html.Node // a page's headings, most pages' all
	headings := stack[:0]
	for n := doc; n != nil; {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.A:
				if ns < maxSelfLinks {
					if href, ok := attr(n, "href"); ok && selfLink(href) && holdsText(n) {
						selves[ns] = n
						ns++
					}
				}
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				headings = append(headings, n)
			case atom.Script, atom.Style, atom.Head:
				n = nextSkipping(n, doc)
				continue
			}
			if n.FirstChild != nil {
				n = n.FirstChild
				continue
			}
		} else if n.FirstChild != nil { // the document
			n = n.FirstChild
			continue
		}
		for n.NextSibling == nil && n != doc { // nextSkipping, inlined: most nodes are leaves
			n = n.Parent
		}
		if n == doc {
			break
		}
		n = n.NextSibling
	}
	if ns == 0 || len(headings) == 0 {
		return 0
	}
	k := 0
	for _, s := range selves[:ns] {
		if r := selfNavRegion(s, headings); r != nil && !within(r, regions[:k]) {
			regions[k] = r
			k++
		}
	}
	return k
}

// The walk (evidence.go) does not walk the page first to find its self
// links and headings: it meets the self links in document order, those it
// visits and those in the subtrees it leaves out unvisited (selfLinksIn),
// and finds each one's region by climbing from it (selfNavRegionUp). A
// region in a subtree left out changes nothing; a region the walk has
// visited (an ancestor of a self link it visited, or of a subtree it left
// out) makes it begin again with the regions known (walker.again). On the
// Python docs every page links itself from its navigation bars
// (div.related), subtrees left out whole: the page is walked once.

// lazyNav is what the walk found of the regions while walking: the self
// links met (up to maxSelfLinks, as selfNavRegions takes them) and their
// regions, in selfNavRegions' order.
type lazyNav struct {
	selves  int
	regions [maxSelfLinks]*html.Node
	n       int
}

// selfLinksIn meets the self links of subtree b, which the walk leaves out
// (selfNavRegions passes over script, style and head).
func (w *walker) selfLinksIn(b *html.Node) {
	for c := b; c != nil && w.lazy.selves < maxSelfLinks; {
		if c.Type == html.ElementNode {
			switch c.DataAtom {
			case atom.A:
				if href, ok := attr(c, "href"); ok && selfLink(href) && holdsText(c) {
					w.selfLinkAt(c, b)
				}
			case atom.Script, atom.Style, atom.Head:
				c = nextSkipping(c, b)
				continue
			}
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		c = nextSkipping(c, b)
	}
}

// selfLinkAt meets self link s, inside subtree b that the walk leaves out,
// or visited (b nil): its region, if any and not inside an earlier one, is
// kept; the walk begins again when the region is a node it visited.
func (w *walker) selfLinkAt(s, b *html.Node) {
	w.lazy.selves++
	r := selfNavRegionUp(s)
	if r == nil || within(r, w.lazy.regions[:w.lazy.n]) {
		return
	}
	w.lazy.regions[w.lazy.n] = r
	w.lazy.n++
	if b == nil || !inside(r, b) {
		w.again = true
	}
}

// selfNavRegionUp is selfNavRegion(self, the page's headings), finding the
// lowest ancestor holding a heading by climbing from self: each ancestor's
// other children are searched for a heading, up to the first found.
func selfNavRegionUp(self *html.Node) *html.Node {
	if holdsHeading(self, nil) {
		return nil // a link around a heading: the page's title
	}
	var path [64]*html.Node
	k := ancestors(self, &path)
	low, prev := k, self
	for i, p := range path[:k] {
		if headingTag(p) || holdsHeading(p, prev) { // an ancestor that is a heading holds it
			low = i
			break
		}
		prev = p
	}
	return navRegion(path[:k], low)
}

// holdsHeading reports whether n's subtree, but for the subtree of child
// skip and those of script, style and head elements, holds an h1–h6.
func holdsHeading(n, skip *html.Node) bool {
	for c := n.FirstChild; c != nil; {
		if c == skip {
			c = nextSkipping(c, n)
			continue
		}
		if c.Type == html.ElementNode {
			switch c.DataAtom {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				return true
			case atom.Script, atom.Style, atom.Head:
				c = nextSkipping(c, n)
				continue
			}
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		c = nextSkipping(c, n)
	}
	return false
}

// holdsText reports whether n's subtree holds visible text (an entry names
// the page; an empty link around a picture or a chart is no entry: the
// Wayback Machine's toolbar links its capture graph with href="").
func holdsText(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = nextSkipping(c, n) {
		for c.Type == html.ElementNode && c.FirstChild != nil {
			if c.DataAtom == atom.Script || c.DataAtom == atom.Style {
				break
			}
			c = c.FirstChild
		}
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return true
		}
	}
	return false
}

// nextSkipping returns the node after n's subtree in document order within
// doc, or nil.
func nextSkipping(n, doc *html.Node) *html.Node {
	for n != doc && n.NextSibling == nil {
		n = n.Parent
	}
	if n == doc {
		return nil
	}
	return n.NextSibling
}

// selfNavRegion returns the highest ancestor of self holding none of the
// headings, or nil when there is none fit to leave out (above) or it is
// not mostly links.
func selfNavRegion(self *html.Node, headings []*html.Node) *html.Node {
	var path [64]*html.Node
	k := ancestors(self, &path)
	low := k // the index in path of the lowest ancestor holding a heading
	for _, h := range headings {
		for a := h; a != nil; a = a.Parent {
			if a == self {
				return nil // a link around a heading: the page's title
			}
			if i := indexOfNode(path[:k], a); i >= 0 {
				low = min(low, i)
				break
			}
		}
	}
	return navRegion(path[:k], low)
}

// ancestors fills path with n's ancestors, its parent first, up to
// len(path) of them, and returns how many.
func ancestors(n *html.Node, path *[64]*html.Node) int {
	k := 0
	for p := n.Parent; p != nil && k < len(path); p = p.Parent {
		path[k] = p
		k++
	}
	return k
}

// navRegion returns the region below path[low], the lowest of the self
// link's ancestors (path, its parent first) holding a heading, or nil when
// there is none fit to leave out (above) or it is not mostly links.
func navRegion(path []*html.Node, low int) *html.Node {
	if low == len(path) || low == 0 {
		return nil // no heading shares an ancestor with the link, or its parent holds one
	}
	r := path[low-1]
	if r.DataAtom == atom.Html || r.DataAtom == atom.Body || r.DataAtom == atom.Main || contentElement(r) ||
		mainContentElement(r) || holdsMainContent(r) || !mostlyLinks(r) {
		return nil
	}
	return r
}

// mostlyLinks reports whether at least half of r's visible text is link
// text: a navigation region is its links; a paragraph that names the page
// itself (Scribble links a module's name to its own page, href="", in the
// prose that documents it) is not navigation.
func mostlyLinks(r *html.Node) bool {
	linked, all := 0, 0
	for c := r.FirstChild; c != nil; {
		switch c.Type {
		case html.TextNode:
			k := text.NonSpaceRunes(c.Data)
			all += k
			for a := c.Parent; a != r; a = a.Parent {
				if a.DataAtom == atom.A {
					linked += k
					break
				}
			}
		case html.ElementNode:
			if c.FirstChild != nil && c.DataAtom != atom.Script && c.DataAtom != atom.Style {
				c = c.FirstChild
				continue
			}
		}
		c = nextSkipping(c, r)
	}
	return all > 0 && 2*linked >= all
}

func indexOfNode(path []*html.Node, n *html.Node) int {
	for i, p := range path {
		if p == n {
			return i
		}
	}
	return -1
}

// inside reports whether n is b or inside it.
func inside(n, b *html.Node) bool {
	for a := n; a != nil; a = a.Parent {
		if a == b {
			return true
		}
	}
	return false
}

// isRegion reports whether n is one of regions.
func isRegion(n *html.Node, regions []*html.Node) bool {
	for _, r := range regions {
		if n == r {
			return true
		}
	}
	return false
}

// within reports whether n is one of regions or inside one.
func within(n *html.Node, regions []*html.Node) bool {
	for a := n; a != nil; a = a.Parent {
		for _, r := range regions {
			if a == r {
				return true
			}
		}
	}
	return false
}
