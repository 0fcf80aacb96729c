package hub

import (
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An entry that leads to another page is what tables of contents and list
// pages are made of: a list item, a table row, or a definition term with
// its definitions, whose first visible text is the text of a link to
// another page. Evidence.Entry counts the text of such entries, with the
// entry's description (the rest of the item, the row's other cells, the
// term's definitions); scope.go says how entries nested in entries count.
//
// A link with a #fragment points at a place in a page. An entry led by one
// is what a generated index is made of (a term, then where it is), but
// also an API signature whose return type links to its definition;
// Evidence.IndexEntry counts such entries' text without the definitions
// that follow a term, so that a signature counts its own line only.
//
// The first visible text may be a list marker written as text ("1.",
// "•", at most maxMarkerRunes runes with no letter, or maxLetterMarkerRunes
// with one: "a)", an icon's letter) before the link. For repeated blocks
// (block.go) it may also be a short label (at most maxBlockLabelRunes
// runes: a result's type, its vote count) that is not a heading: a block
// whose first text is a heading is a section, not an item. For entries it
// may be a name (at most maxNameWords words, maxNameRunes runes, outside
// headings); such an entry counts only when it holds nothing but the name,
// links and at most maxNameSlack more words (scope.go): an index term and
// where it is ("asString() : <a>Json::Value</a>", a class hierarchy's
// "com.example.<a>Foo</a>"), not a sentence with a link in it; a name that
// consecutive entries leading to places share is a kind label ("Method",
// scope.go).
//
// An entry holding a link to a place in the page itself (selfPlace)
// summarises a member of this page, whatever its first link leads to: an
// API summary's row led by its return type's link counts nothing.
//
// A declaration's keyword in code before a link to another page leads an
// entry as a marker does (round 17, declLead in prelines.go): odoc's
// "<dt><code>module <a>Sub</a> : sig ... end</code></dt>" and its dd
// count whole, however long the description, and its own permalink (a
// link to its place in the page) does not make it a summary of the
// page's member; it must go on after its link, not in a table cell nor in
// a row of cells (a column of modifiers and types). A div holding such a
// declaration after its permalink is an entry too (declDiv).
//
// When the page's URL is known (MeasurePageAt), a link leads to another
// page only when it stays on the page's site (the same host, "www." and
// subdomains aside) and does not point back at the page itself: a list of
// links to other sites (a bibliography, a list of standards) is not a way
// through this site.

// lead is what an entry's first visible text is inside of.
type lead uint8

const (
	leadNone  lead = iota // not a link (or a link to this page, to another site, a mailto:, …)
	leadPage              // a link to another page
	leadPlace             // a link to a place (#fragment) in another page
)

const (
	maxLeadNodes         = 256 // bounds the search for an entry's first visible text
	maxMarkerRunes       = 4   // a list marker written as text before the link
	maxLetterMarkerRunes = 2   // a marker with a letter ("a)", an icon's letter)
	maxBlockLabelRunes   = 20  // a block's label before the link
	maxNameRunes         = 64  // an entry's name before the link
	maxNameWords         = 2   // words (runs holding a letter or digit) of such a name
	maxNameSlack         = 2   // words of an entry led by a name outside the name and its links
	maxKeywordRunes      = 12  // a declaration's keyword before the link of a pre's line (prelines.go)
	maxKeywordWords      = 2   // words of such a keyword ("module type")
)

// leadFinder finds where entries lead; it holds the page's URL (nil when
// unknown) and a reusable stack for the search.
type leadFinder struct {
	page   *url.URL
	site   string // page's host without "www."
	seg    string // the last segment of page's path (ownSegment)
	hasSeg bool   // the path holds a '/' and does not end with one
	stack  []leadItem
	both   []bothItem   // blockAndEntryLead's stack
	name   int          // firstTextLeadN: words of the name before the link, 0 for none
	celled bool         // firstTextLeadN: the name fills a table cell of its own before the link's (a label column)
	href   string       // firstTextLeadN: the leading link's href
	first  string       // firstTextLeadN: the first text node before the link (a name's start), else ""
	decl   int          // firstTextLeadN: runes of a declaration's keyword before the link (declLead), else 0
	boil   *boilerCache // boilerValue of class values, kept from page to page with the walk's room (nil: none)
	dt     termMemo     // the last dt's termOf
	hrefs  *hrefCache   // nil: hrefs are classified at each question
}

func newLeadFinder(pageURL string) leadFinder {
	u, err := url.Parse(pageURL)
	if pageURL == "" || err != nil || u.Host == "" {
		return leadFinder{}
	}
	j := strings.LastIndexByte(u.Path, '/')
	return leadFinder{page: u, site: siteOf(u.Hostname()), seg: u.Path[j+1:], hasSeg: j >= 0 && j < len(u.Path)-1}
}

// entryLead returns where entry n leads: an li, tr or dt by the link its
// first visible text is inside, a dd as its term when that leads to a page,
// or by its own first visible text when its term leads nowhere (a letter
// heading of an index).
func (f *leadFinder) entryLead(n *html.Node) lead {
	switch n.DataAtom {
	case atom.Li, atom.Tr:
		return f.firstTextLead(n, 0, false)
	case atom.Dt:
		return f.termOf(n)
	case atom.Div, atom.Section, atom.Article:
		if l := f.termLead(n); l != leadNone || n.DataAtom != atom.Div {
			return l
		}
		return f.declDiv(n)
	case atom.Dd:
		defer func() { f.decl = 0 }() // a description, not the declaration
		for s := n.PrevSibling; s != nil; s = s.PrevSibling {
			if s.Type != html.ElementNode {
				continue
			}
			switch s.DataAtom {
			case atom.Dd:
				continue
			case atom.Dt:
				switch f.termOf(s) {
				case leadPage:
					return leadPage
				case leadNone: // a letter heading ("C"): each definition is an entry
					return f.firstTextLead(n, 0, false)
				}
			}
			return leadNone
		}
	}
	return leadNone
}

// termOf is firstTextLead(dt, 0, false), remembered for the last dt: the
// walk asks it of a term (entryLead) and again of each of its definitions
// (dd) that follow it, with the same answer and the same f.name, f.href
// and f.first.
func (f *leadFinder) termOf(dt *html.Node) lead {
	if m := &f.dt; m.n == dt {
		f.name, f.href, f.first, f.decl, f.celled = m.name, m.href, m.first, m.decl, m.celled
		return m.lead
	}
	l := f.firstTextLead(dt, 0, false)
	f.dt = termMemo{n: dt, lead: l, name: f.name, href: f.href, first: f.first, decl: f.decl, celled: f.celled}
	return l
}

// termMemo is the last dt's termOf and what it set.
type termMemo struct {
	n           *html.Node
	lead        lead
	name        int
	href, first string
	decl        int
	celled      bool
}

// termLead returns leadPage when n (a div, section or article) opens with
// a heading whose first visible text is a link to another page: a term
// and its description, as a dt and its dd (an API's member named by a
// heading that links to the member's page, then its summary). A heading
// whose text precedes its link, or that links to a place, is a section's
// title and leads nowhere.
func (f *leadFinder) termLead(n *html.Node) lead {
	h := firstElement(n)
	if h == nil || !headingTag(h) {
		return leadNone
	}
	if f.firstTextLead(h, 0, false) != leadPage {
		return leadNone
	}
	return leadPage
}

// firstElement returns n's first element child, or nil.
func firstElement(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

func headingTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// firstTextLead returns what the first visible text of entry (lists and
// tables nested in it left out) is inside of, after a list marker, or, when
// labelRunes > 0, after a label of at most labelRunes runes outside
// headings. For an entry (labelRunes 0) it may also follow a name
// (f.name: its words, else 0).
func (f *leadFinder) firstTextLead(entry *html.Node, labelRunes int, anySite bool) lead {
	return f.firstTextLeadN(entry, 1, labelRunes, anySite)
}

// firstTextLeadN is firstTextLead over the k adjacent element siblings
// starting at first (the cells of a row laid out as sibling elements,
// scope.go). It sets f.name to the words of the name before the link (at
// least 1; 0 after a marker or nothing) and f.href to the link's href.
func (f *leadFinder) firstTextLeadN(first *html.Node, k, labelRunes int, anySite bool) lead {
	f.name, f.href, f.first, f.decl, f.celled = 0, "", "", 0, false
	stack := f.stack[:0]
	for c, i := first, 0; c != nil && i < k; c = nextElement(c) {
		stack = append(stack, leadItem{n: c, top: true})
		i++
	}
	slices.Reverse(stack)
	l, stack := f.searchLead(stack, labelRunes, anySite, k == 1)
	f.stack = stack[:0] // its room serves the next search
	return l
}

// searchLead is firstTextLeadN's search in document order from the
// entry's own elements on stack (the first on top). A node's next sibling
// is pushed when the node is popped, before its first child, so that the
// stack holds one node per level instead of every child of every level
// (the nodes are popped in the same order, so the maxLeadNodes bound cuts
// at the same node).
func (f *leadFinder) searchLead(stack []leadItem, labelRunes int, anySite, one bool) (lead, []leadItem) {
	pre, words, letters := 0, 0, false
	celled := false // a table cell began after the text before the link (cellName)
	keyword := one  // the text before the link is letters in code (declLead), not in a row of cells
	inCode := true  // all the text before the link is in code (codeLabel)
	glued := false  // the text before the link ends without a space (codeLabel)
	for seen := 0; len(stack) > 0 && seen < maxLeadNodes; seen++ {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if !it.top {
			if s := n.NextSibling; s != nil {
				stack = append(stack, leadItem{n: s, linked: it.linked, heading: it.heading, code: it.code})
			}
		}
		switch n.Type {
		case html.TextNode:
			if !text.HasNonSpace(n.Data) {
				glued = false
				continue
			}
			if it.linked != leadNone {
				switch {
				case labelRunes != 0:
					if !codeLabel(n, pre, words, letters, keyword, inCode, glued, it.code, it.linked) {
						return leadNone, stack
					}
				case declLead(pre, words, letters, keyword, it.linked):
					f.decl = pre
				case !marker(pre, letters) || cellName(pre, words, celled, it.linked):
					f.name, f.celled = max(words, 1), celled
				}
				return it.linked, stack
			}
			if it.heading {
				return leadNone, stack // a section's title, not an item's label
			}
			if pre == 0 {
				f.first = n.Data
			}
			// past max(maxNameRunes, labelRunes) runes no lead can follow, nor
			// past labelRunes (a label's), nor past maxNameWords words and a
			// marker's runes (a name's): the rest of the text is not counted
			most, wordsMost := maxNameRunes-pre, maxNameWords-words
			if labelRunes > 0 {
				most, wordsMost = labelRunes-pre, len(n.Data)
			}
			r, l, w := textCountsUntil(n.Data, most, wordsMost, maxMarkerRunes-pre)
			pre, letters, words = pre+r, letters || l, words+w
			keyword = keyword && pre <= maxKeywordRunes && it.code && lettersOnly(n.Data)
			inCode = inCode && it.code
			glued = endsGlued(n.Data)
			if marker(pre, letters) || labelRunes > 0 && pre <= labelRunes ||
				labelRunes == 0 && pre <= maxNameRunes && words <= maxNameWords {
				continue
			}
			return leadNone, stack
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
					it.linked = f.hrefLead(href, anySite)
					if it.linked != leadNone {
						f.href = href
					}
				}
			}
		default:
			continue
		}
		if c := n.FirstChild; c != nil { // its siblings follow when it is popped
			stack = append(stack, leadItem{n: c, linked: it.linked, heading: it.heading, code: it.code})
		}
	}
	return leadNone, stack
}

// nextElement returns n's next element sibling, or nil.
func nextElement(n *html.Node) *html.Node {
	for s := n.NextSibling; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// leadItem is a node of firstTextLead's search, the link it is in and
// whether it is in a heading.
type leadItem struct {
	n       *html.Node
	linked  lead
	heading bool
	code    bool // inside a code, tt or pre element (declLead)
	top     bool // one of the entry's own elements (a nested list there is the entry)
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// selfPlace reports whether href points at a place in the page itself: a
// #fragment alone or, with the page's URL known, the page's own path with
// a #fragment. An entry holding such a link summarises a member of this
// page (an API summary's row), whatever its first link leads to.
func (f *leadFinder) selfPlace(href string) bool { return f.classes(href).self }

// countWords returns the words of t: runs of non-space runes holding a
// letter or a digit.
func countWords(t string) int {
	words, counted := 0, false // counted: the current run is a word already
	for _, r := range t {
		switch {
		case isSpaceRune(r):
			counted = false
		case !counted && wordRune(r):
			words++
			counted = true
		}
	}
	return words
}

// textCounts returns, in one pass over t, its runes that are not
// isSpaceRune (text.NonSpaceRunes), whether one of them is a letter
// (unicode.IsLetter) and its words (countWords).
func textCounts(t string) (runes int, letters bool, words int) { return textCountsUpTo(t, len(t)) }

// textCountsUpTo is textCounts, stopped once more than most runes are
// counted: then runes > most, and letters and words are of a prefix.
func textCountsUpTo(t string, most int) (runes int, letters bool, words int) {
	return textCountsUntil(t, most, len(t), 0)
}

// textCountsUntil is textCountsUpTo, stopped also once more than
// wordsMost words and more than runesLeast runes are counted: then words >
// wordsMost, runesLeast < runes <= most+1, and letters is of a prefix. The
// lead searches know then that no lead follows (leadStop), as a long text
// tells them: most text before an entry's first link is a sentence, whose
// third word ends the search.
func textCountsUntil(t string, most, wordsMost, runesLeast int) (runes int, letters bool, words int) {
	counted := false // the current run is a word already
	for i := 0; i < len(t); {
		if c := t[i]; c < utf8.RuneSelf {
			i++
			k := asciiKinds[c]
			if k == byteSpace {
				counted = false
				continue
			}
			if runes++; runes > most {
				return runes, letters, words
			}
			letters = letters || k == byteLetter
			if !counted && k >= byteLetter { // a letter or a digit
				words++
				counted = true
			}
			if words > wordsMost && runes > runesLeast {
				return runes, letters, words
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(t[i:])
		i += size
		if isSpaceRune(r) {
			counted = false
			continue
		}
		if runes++; runes > most {
			return runes, letters, words
		}
		letters = letters || unicode.IsLetter(r)
		if !counted && wordRune(r) {
			words++
			counted = true
		}
		if words > wordsMost && runes > runesLeast {
			return runes, letters, words
		}
	}
	return runes, letters, words
}

// The kinds of ASCII byte of asciiKinds: white space (text.IsASCIISpace), letters
// and digits (wordRune's ASCII runes) and the others.
const (
	byteOther = iota
	byteSpace
	byteLetter
	byteDigit
)

// asciiKinds is the kind of every byte value below utf8.RuneSelf (and
// byteOther above it, which textCountsUpTo decodes first).
var asciiKinds = func() (t [256]uint8) {
	for c := range utf8.RuneSelf {
		switch {
		case text.IsASCIISpace(byte(c)):
			t[c] = byteSpace
		case 'a' <= c|0x20 && c|0x20 <= 'z':
			t[c] = byteLetter
		case '0' <= c && c <= '9':
			t[c] = byteDigit
		}
	}
	return t
}()

func wordRune(r rune) bool {
	if r < 0x80 {
		return 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
