package hub

import (
	"math"
	"strings"
	"sync"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The URL SVM decides before a fetch (the paper's point). After the fetch
// the page itself is evidence: a table of contents, an index or a list page
// is mostly link text, much of it in list items, with little running text
// of its own. Evidence measures that in the page's main content (the
// subtrees of <nav>, <header>, <footer>, <aside> and of elements whose class
// or id names navigation, menus, sidebars, headers, footers or breadcrumbs
// left out: every page of a site repeats them), and PageModel turns it into
// P(hub) with a logistic regression trained on labelled pages
// (cmd/pagemodel, README.md).

// Evidence are the content measures of one fetched page.
type Evidence struct {
	Text       int // non-space runes of main-content text outside links
	Anchor     int // non-space runes of main-content text inside <a href>
	ListAnchor int // of Anchor, the runes inside list items and table cells (li, dt, dd, td, th)
	Links      int // <a href> elements in the main content
	ListLinks  int // of Links, those inside list items and table cells
	Entry      int // of Text+Anchor, the runes inside entries that lead to another page (entry.go)
	IndexEntry int // of Text+Anchor, the runes inside entries that lead to a place in another page
	Block      int // of Text+Anchor, the runes inside repeated blocks that lead to another page (block.go)
	BlockRun   int // of Block, the runes inside the blocks of the largest run (block.go)
	TermRun    int // BlockRun when it is the sum of several runs of term blocks of one kind, else 0 (scope.go)
}

// maxEvidenceNodes bounds the walk: a page with more elements is measured
// on its first maxEvidenceNodes (the shares stay meaningful; the time and
// stack stay bounded on hostile pages).
const maxEvidenceNodes = 200_000

// MeasurePage walks a page's DOM and returns its Evidence. It never fails;
// a nil document gives zero Evidence. The page's URL is not known: every
// link but a mailto:, javascript: or #fragment of the page may lead to
// another page of the site (MeasurePageAt knows better).
func MeasurePage(doc *html.Node) Evidence { return MeasurePageAt(doc, "") }

// MeasurePageAt is MeasurePage for a page fetched from pageURL: links to
// other sites and back to the page itself lead nowhere (entry.go). An
// empty or unparsable pageURL is not known.
func MeasurePageAt(doc *html.Node, pageURL string) Evidence {
	if doc == nil {
		return Evidence{}
	}
	w := walker{leads: newLeadFinder(pageURL)}
	room := walkRooms.Get().(*walkRoom)
	defer room.keep(&w)
	room.lend(&w)
	if !w.walk(doc) { // a self link with navigation regions around it: again, leaving them out
		w.reset()
		w.navKnown = true
		w.nNav = selfNavRegions(doc, &w.nav)
		w.walk(doc)
	}
	w.end()
	return w.e
}

// walker is MeasurePage's state: the children still to visit and the open
// entries and blocks (scope.go) whose text is being counted.
type walker struct {
	e           Evidence
	doc         *html.Node
	seen        int   // nodes visited, at most maxEvidenceNodes
	kids        []kid // what the children pass found of the children still to visit (node)
	entries     []entryScope
	blocks      []blockScope
	runs        map[*html.Node]runText // text and number of each run's blocks that count
	oneLink     []*html.Node           // runs whose leading blocks all lead by one link (block.go)
	leads       leadFinder
	memos       []leadMemo               // entries' leads found with their blocks' (blockentry.go)
	nav         [maxSelfLinks]*html.Node // the navigation regions around self links (selfnav.go)
	nNav        int                      // how many
	navKnown    bool                     // nav and nNav are the page's (walk)
	lazy        lazyNav                  // the regions found while walking, !navKnown (selfnav.go)
	again       bool                     // a region holds a node visited: the walk must begin again
	lastPage    string                   // the href of the last counted entry that led to a page (scope.go)
	rows        rowFinder
	targets     [minIndexTargets]string // pages index entries lead into (noteTarget)
	nTargets    int
	lettered    bool       // the page holds an index's letter heading (letters.go)
	linkedIndex int        // index entries' text led by a link (scope.go)
	placeName   string     // the name of the last entry led by a name before a link to a place (scope.go)
	placeOwn    int        // that entry's text, counted as an index term's, while no entry repeats its name
	placeTarget string     // that entry's link
	nRows       int32      // rows of sibling cells found so far (rows.go)
	pre         preLines   // the pre or paragraph being split into lines (prelines.go)
	declPre     *html.Node // the last pre that counted a declaration's line (described.go)
}

// walkRoom is the room of a walker's slices, lent from page to page
// (walkRooms): growing a page's slices anew for every page cost more than
// the walk's own work.
type walkRoom struct {
	kids    []kid
	entries []entryScope
	blocks  []blockScope
	oneLink []*html.Node
	leads   []leadItem
	both    []bothItem
	memos   []leadMemo
	rows    rowFinder
	hrefs   hrefCache
	boil    boilerCache // a function of the class value alone: good for every page
}

var walkRooms = sync.Pool{New: func() any { return new(walkRoom) }}

// lend gives w the room's slices, empty.
func (r *walkRoom) lend(w *walker) {
	w.kids, w.entries, w.blocks, w.oneLink = r.kids[:0], r.entries[:0], r.blocks[:0], r.oneLink[:0]
	w.leads.stack, w.leads.both, w.memos, w.rows = r.leads[:0], r.both[:0], r.memos[:0], r.rows
	r.hrefs.next()
	w.leads.hrefs = &r.hrefs
	w.leads.boil = &r.boil
}

// keep takes back w's slices, grown or not, cleared of the page's nodes,
// and returns the room to the pool.
func (r *walkRoom) keep(w *walker) {
	r.kids, r.entries, r.blocks, r.oneLink = w.kids[:0], w.entries[:0], w.blocks[:0], w.oneLink[:0]
	r.leads, r.both, r.rows = w.leads.stack[:0], w.leads.both[:0], w.rows
	clear(w.memos) // the page's hrefs and texts
	r.memos = w.memos[:0]
	clear(r.kids[:cap(r.kids)])
	clear(r.entries[:cap(r.entries)])
	clear(r.blocks[:cap(r.blocks)])
	clear(r.oneLink[:cap(r.oneLink)])
	clear(r.leads[:cap(r.leads)])
	clear(r.both[:cap(r.both)])
	walkRooms.Put(r)
}

// childrenAtLeast reports whether n has k children or more.
func childrenAtLeast(n *html.Node, k int) bool {
	for c := n.FirstChild; c != nil && k > 0; c = c.NextSibling {
		k--
	}
	return k <= 0
}

func (w *walker) count(t string, inLink, list bool) {
	n := text.NonSpaceRunes(t)
	if w.pre.open {
		w.preText(t, n, inLink)
	}
	if k := len(w.entries); k > 0 {
		w.entries[k-1].own += n
		if !inLink && (w.entries[k-1].name > 0 || w.entries[k-1].label > 0) {
			w.entries[k-1].plain += countWords(t)
		}
		if !inLink && w.entries[k-1].decl > 0 {
			w.entries[k-1].out += n
		}
	}
	if k := len(w.blocks); k > 0 {
		w.blocks[k-1].sum += n
	}
	switch {
	case inLink:
		w.e.Anchor += n
		if list {
			w.e.ListAnchor += n
		}
	default:
		w.e.Text += n
	}
}

func isSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0x85, 0xA0:
		return true
	}
	return r > 0xFF && strings.ContainsRune("\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000", r)
}

// boilerWords name the page furniture every page of a site repeats.
var boilerWords = [...]string{"nav", "menu", "sidebar", "header", "footer", "breadcrumb", "related"}

// boilerplateElement reports whether an element is site furniture rather
// than main content: script-like elements, the HTML5 sectioning elements
// for navigation and page furniture (a header only when it is not the
// page's or a section's own: ownHeader), and elements whose class or id names
// it (a class or id word, split at spaces, '-' and '_', that starts or
// ends with one of boilerWords, ASCII case ignored: "navheader",
// "sphinxsidebar", not "canvas"), except html, body and main, which hold
// the page whatever their class says.
func boilerplateElement(n *html.Node) bool { return boilerplateIn(n, nil) }

// boilerplateIn is boilerplateElement with the class values already
// split looked up in c (nil: none).
func boilerplateIn(n *html.Node, c *boilerCache) bool {
	return boilerplateKinds(n, c, tagKindsOf(n.DataAtom))
}

// boilerplateKinds is boilerplateIn of an element whose tag's kinds
// (tagKindsOf) are k: only furniture and the page's own elements are
// told by their tag.
func boilerplateKinds(n *html.Node, c *boilerCache, k tagKinds) bool {
	if k&(kindFurniture|kindPage) != 0 {
		switch n.DataAtom {
		case atom.Header: // furnitureTag
			if !ownHeader(n) {
				return true
			} // the page's or a section's own, unless its class names furniture
		case atom.Html, atom.Body, atom.Main:
			return false // the page itself, whatever its class says (<body class="no-sidebar">)
		default: // script, style, nav, footer, aside, head, …: furnitureTag
			return true
		}
	}
	for i := range n.Attr {
		a := &n.Attr[i]
		var boiler bool
		switch {
		case a.Key == "class" && c != nil:
			boiler = c.value(a.Val)
		case a.Key == "class" || a.Key == "id":
			boiler = boilerValue(a.Val)
		default:
			continue
		}
		if boiler {
			// an article, or an element named the content, whatever its class
			// says; or a wrapper named furniture that holds the page's main
			// content (QDoc nests the whole page in div.header)
			return !contentElement(n) && !holdsMainContent(n)
		}
	}
	return false
}

// furnitureTag reports whether boilerplateIn may call element n furniture
// by its tag alone; of other elements only by their class or id.
func furnitureTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg, atom.Select,
		atom.Nav, atom.Footer, atom.Aside, atom.Head, atom.Header:
		return true
	}
	return false
}

// boilerValue reports whether a class or id value holds a word that
// starts or ends with one of boilerWords (boilerToken).
func boilerValue(v string) bool {
	for i := 0; i < len(v); { // the words between separators (empty ones name nothing)
		for i < len(v) && classSep[v[i]] {
			i++
		}
		start := i
		for i < len(v) && !classSep[v[i]] {
			i++
		}
		if tok := v[start:i]; maybeBoiler(tok) && boilerToken(tok) {
			return true
		}
	}
	return false
}

// boilerCache remembers boilerValue of the class values met: a
// documentation page repeats a few ("reference internal", "pre") on
// thousands of elements, the walk and the lead searches ask of many
// elements twice, and the pages of a site share their class values, so
// the cache is kept from page to page (walkRoom). Direct-mapped: a value
// whose slot another took is split again, which costs time only.
type boilerCache struct {
	slots [boilerSlots]struct {
		val    string
		boiler bool
	}
}

const boilerSlots = 256

// value is boilerValue(v), remembered.
func (c *boilerCache) value(v string) bool {
	k := len(v)
	if k < 3 { // no word of three letters: boilerValue says false
		return false
	}
	e := &c.slots[(uint(k)*0x9E37+uint(v[0])*31+uint(v[k/2])*131+uint(v[k-1])*7)%boilerSlots]
	if e.val == v { // an empty slot's "" is shorter than v
		return e.boiler
	}
	e.val, e.boiler = v, boilerValue(v)
	return e.boiler
}

// boilerToken reports whether tok starts or ends with one of boilerWords,
// ASCII case ignored.
func boilerToken(tok string) bool {
	for _, w := range boilerWords {
		if len(tok) >= len(w) && (asciiEqualFold(tok[:len(w)], w) || asciiEqualFold(tok[len(tok)-len(w):], w)) {
			return true
		}
	}
	return false
}

// asciiEqualFold reports whether s equals the lower-case ASCII word w,
// ASCII case ignored.
func asciiEqualFold(s, w string) bool {
	for i := range len(w) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// numEvidence is the number of features of a page for PageModel.
const numEvidence = 5

// Features returns the page's features: link density (log of link text
// per character of other main-content text), log(1 + links), log(1 +
// non-link text) of the main content, and the shares of the main
// content's text in entries that lead to another page and in entries that
// lead to a place in another page (entry.go). (The share in repeated
// blocks, Block, is PageModel's block rule, not a feature: README.md.)
// (Shares of link text in list items, also measured, are nearly equal to
// the link density on tables of contents; with them a model fitted on
// list pages and articles extrapolated badly to documentation indexes, so
// they are left out: README.md.)
func (e Evidence) Features() [numEvidence]float64 {
	all := e.Text + e.Anchor
	return [numEvidence]float64{
		math.Log(float64(e.Anchor+1) / float64(e.Text+1)),
		math.Log1p(float64(e.Links)),
		math.Log1p(float64(e.Text)),
		float64(e.Entry) / float64(all+1),
		float64(e.IndexEntry) / float64(all+1),
	}
}

// ownHeader reports whether header n introduces the content it is in, not
// the site: the header of a section or article, or a header holding the
// page's title, an h1 whose text is no link (odoc writes a module's name
// and its preamble in a header, each section's heading and introduction in
// the section's header). A site's banner links its name home.
func ownHeader(n *html.Node) bool {
	if p := n.Parent; p != nil && (p.DataAtom == atom.Section || p.DataAtom == atom.Article) {
		return true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.H1 {
			return !holdsLink(c)
		}
	}
	return false
}

// holdsLink reports whether n holds an a element with an href.
func holdsLink(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if _, ok := attr(c, "href"); ok && c.DataAtom == atom.A || holdsLink(c) {
			return true
		}
	}
	return false
}
