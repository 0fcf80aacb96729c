package extraction

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Errors of one page; a caller counts them by kind (errors.Is) and goes on
// with the next page.
var (
	// ErrNoDocument is returned for a nil document.
	ErrNoDocument = errors.New("extraction: no document")
	// ErrTooLarge is returned for a page with more nodes than
	// Config.MaxNodes once hidden and dropped elements are left out.
	ErrTooLarge = errors.New("extraction: page too large")
)

// imgContent is the content an image counts for, in characters of text,
// so that records made of pictures (image search, photo posts) are content.
const imgContent = 20

// page is the preprocessed form of one document: the compact tree without
// head, svg, script, style, noscript, select, comments and hidden elements
// (text nodes are leaves), and per-node measures the region finder needs.
type page struct {
	doc    *html.Node
	t      *stm.Tree
	text   []int32            // characters of visible text in each subtree
	tags   []int32            // element nodes in each subtree
	seg    []string           // segmentName of each element, filled on first use
	names  map[nameKey]string // segmentName by tag and class attribute, kept page after page
	bounds bounds             // clusterChildren's STM bounds, buffers kept page after page
	// rankRegions' buffers, kept page after page
	cands   []candidate
	counts  map[uint64]int
	candIdx []int32
	// inCode marks code blocks and the nodes inside one (code.go: a
	// pre, a monospace element holding a line break, a table of code
	// lines): no list of records is looked for in code (RDoc's method
	// source, a pre hidden by its style sheet, made every token a
	// record; Scribble's tables of code lines every line)
	inCode []bool
	// framed marks the landmarks of the page's frame and the nodes inside
	// them (landmarkNode), and the site's navigation outside landmarks
	// (markBars, markSelfNav)
	framed []bool
	// inline is inlineMarks of the records' subtrees, filled by values
	// (it and roots, the records' roots, are buffers kept page after page)
	inline []bool
	roots  []int32
	// richness' buffers, kept page after page
	paths []uint64
	links []int32
	// classes caches hasHiddenClass by class attribute for Tree.Rebuild's
	// Skip (skip), kept page after page
	classes classCache
	skip    func(*html.Node) bool
	// ownLandmarks is the page's content outside its landmarks, the
	// measure of a region outside the frame (ownText before markBars and
	// markSelfNav)
	ownLandmarks float64
	// selves and headings are the page's first self links (selfLink) and
	// its h1–h6, in document order (markSelfNav)
	selves, headings []int32
	// own is the page's content outside its whole frame (ownText)
	own float64
}

// name is segmentName of element i, computed once per page (region
// choice, segmentation and fields compare the names of the same nodes
// again and again).
func (p *page) name(i int32) string {
	if s := p.seg[i]; s != "" {
		return s
	}
	n := p.t.Node[i]
	k := nameKey{n.Data, attr(n, "class")}
	if k.class == "" { // the tag alone (segmentName), without the map
		p.seg[i] = n.Data
		return n.Data
	}
	s, ok := p.names[k]
	if !ok {
		s = segmentName(n)
		if p.names == nil || len(p.names) >= maxNames {
			p.names = make(map[nameKey]string)
		}
		p.names[k] = s
	}
	p.seg[i] = s
	return s
}

// nameKey is what segmentName reads of an element: its tag and class
// attribute.
type nameKey struct{ tag, class string }

// maxNames bounds the segment names a page keeps for the next pages (a
// site's templates repeat a few hundred tag.class pairs).
const maxNames = 4096

// tagOf is the atom of node i (0 for text, and for elements without
// one), read from its label (an element's label is its atom) rather than
// from its DOM node: t.Node[i].DataAtom without the pointer's cache miss.
func tagOf(t *stm.Tree, i int) atom.Atom {
	if l := t.Label[i]; l <= math.MaxUint32 {
		return atom.Atom(l)
	}
	return 0
}

// newPage builds the page of doc, or fails with ErrTooLarge beyond
// maxNodes kept nodes.
func newPage(doc *html.Node, maxNodes int) (*page, error) {
	p := &page{}
	return p, p.reset(doc, maxNodes)
}

// reset makes p the page of doc, reusing p's buffers (ExtractBatch's
// workers keep one page each, so that the compact tree and the measures
// of page after page do not become garbage), or fails with ErrTooLarge
// beyond maxNodes kept nodes.
func (p *page) reset(doc *html.Node, maxNodes int) error {
	if p.skip == nil {
		p.skip = p.classes.hidden // one method value for the page's life
	}
	opts := stm.Options{DropTags: pageDrop[:], Skip: p.skip, MaxNodes: maxNodes}
	if p.t == nil {
		p.t = &stm.Tree{}
	}
	t := p.t
	t.Rebuild(doc, opts)
	p.doc = doc
	if t.Truncated {
		return fmt.Errorf("%w: more than %d nodes", ErrTooLarge, maxNodes)
	}
	n := t.Len()
	p.text, p.tags = resize(p.text, n), resize(p.tags, n)
	clear(p.seg)
	p.seg = resize(p.seg, n)
	// resliced to n so that the compiler drops the bounds checks: a
	// parent comes before its children (uint(q) < uint(i) is q >= 0)
	label, par, nodes := t.Label[:n], t.Parent[:n], t.Node[:n]
	text, tags := p.text[:n], p.tags[:n]
	for i := n - 1; i >= 0; i-- {
		switch label[i] {
		case stm.TextLabel:
			text[i] += int32(trimmedLen(nodes[i].Data))
		case uint64(atom.Img):
			text[i] += imgContent
			tags[i]++
		default:
			tags[i]++
		}
		if q := par[i]; uint(q) < uint(i) {
			text[q] += text[i]
			tags[q] += tags[i]
		}
	}
	p.markCode()
	p.framed = resize(p.framed, n)
	framed := p.framed[:n]
	p.selves, p.headings = p.selves[:0], p.headings[:0]
	landmarks := 0     // the text of the landmarks
	for i := range n { // a node comes after its parent
		q := par[i]
		if label[i] == stm.TextLabel { // a text node is no landmark
			if uint(q) < uint(i) {
				framed[i] = framed[q]
			}
			continue
		}
		in := uint(q) < uint(i) && framed[q]
		framed[i] = in || landmarkNode(t, i)
		if framed[i] && !in {
			landmarks += int(text[i])
		}
		switch tagOf(t, i) { // what markSelfNav reads
		case atom.A:
			if len(p.selves) < maxSelfLinks && selfLink(p, i) {
				p.selves = append(p.selves, int32(i))
			}
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			p.headings = append(p.headings, int32(i))
		}
	}
	p.ownLandmarks = 0 // ownText, read in this pass
	if n > 0 {
		p.ownLandmarks = float64(text[0])
		if landmarks < int(text[0]) {
			p.ownLandmarks -= float64(landmarks)
		}
	}
	p.markBars()
	p.markSelfNav() // after the bars: the rest of a page without headings is its content
	p.own = 0
	if n > 0 {
		p.own = ownText(p)
	}
	return nil
}

// release drops p's references to its document, keeping its buffers.
func (p *page) release() {
	p.doc = nil
	if p.t != nil {
		p.t.Rebuild(nil, stm.Options{})
	}
	clear(p.seg)
}

// pageDrop are the tags whose subtrees a page leaves out:
// stm.DefaultOptions' and head and svg.
var pageDrop = [...]string{"script", "style", "noscript", "select", "template", "iframe", "head", "svg"}

// resize returns s with n zeroed elements, reusing its array when it is
// large enough.
func resize[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// hidden reports whether an element is not rendered by its own markup: the
// hidden attribute, an inline style with display:none or
// visibility:hidden, or a class token that style sheets conventionally
// hide (hiddenClass: Bootstrap's d-none, sr-only and invisible, "hidden",
// "noDisplay"...): closed dialogs, collapsed menus, templates of pop-ups,
// results held back for a "show more" button. Its text is not on the page
// a reader sees, so it is neither records nor the page's content. Style
// sheets themselves are not read.
func hidden(n *html.Node) bool {
	var c classCache
	return c.hidden(n)
}

// classCache is hidden with the class test of recent class attributes
// kept in a small direct-mapped table: a page repeats a few hundred class
// attributes ("reference internal", "n", "sig-name descname") on
// thousands of elements, and comparing one with the slot's (length, then
// memory) costs less than scanning its tokens again. A slot holds the
// attribute it was computed for, so a hit is exact.
type classCache struct {
	class [classSlots]string
	hides [classSlots]bool
}

// classSlots is the size of classCache's table (a power of two).
const classSlots = 128

// hidden is the package function hidden, its class test cached.
func (cc *classCache) hidden(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "class":
			if cc.hasHiddenClass(a.Val) {
				return true
			}
		case "style":
			if styleHides(a.Val) {
				return true
			}
		}
	}
	return false
}

// hasHiddenClass is the package function, cached.
func (cc *classCache) hasHiddenClass(class string) bool {
	h := uint(len(class)) * 0x9E37
	if len(class) > 0 {
		h ^= uint(class[0])<<5 ^ uint(class[len(class)-1])<<9 ^ uint(class[len(class)/2])<<1
	}
	h = (h ^ h>>7) & (classSlots - 1)
	if cc.class[h] == class { // the zero slot holds "", which hides nothing
		return cc.hides[h]
	}
	v := hasHiddenClass(class)
	cc.class[h], cc.hides[h] = class, v
	return v
}

// hiddenClasses are the class tokens of hidden elements (any case).
var hiddenClasses = []string{"hidden", "hide", "d-none", "nodisplay", "no-display", "display-none",
	"is-hidden", "invisible", "sr-only", "visually-hidden", "screen-reader-text"}

// hiddenLen reports whether a hidden class has n bytes
// (TestHiddenLen holds it to hiddenClasses).
func hiddenLen(n int) bool {
	switch n {
	case 4, 6, 7, 9, 10, 12, 15, 18:
		return true
	}
	return false
}

// hasHiddenClass reports whether the class attribute value holds one of
// hiddenClasses, without allocating (it runs on every element).
func hasHiddenClass(class string) bool {
	if !mayHide(class) {
		return false
	}
	for i := 0; i < len(class); {
		c := class[i]
		if isClassSpace(c) {
			i++
			continue
		}
		j := i + 1    // a token starts at i
		if c < 0x80 { // an ASCII rune folds to ASCII only: the quick rejection holds
			switch c | 0x20 { // every hidden class starts with one of these letters
			case 'h', 'd', 'n', 'i', 's', 'v':
			default:
				for j < len(class) && !isClassSpace(class[j]) {
					j++ // the token's end, its bytes unread
				}
				i = j
				continue
			}
		}
		high := c // the token's bytes ORed: 0x80 set when one is not ASCII
		for j < len(class) && !isClassSpace(class[j]) {
			high |= class[j]
			j++
		}
		tok := class[i:j]
		i = j
		if len(tok) < 4 || len(tok) > 18 {
			continue
		}
		ascii := high < 0x80
		if ascii && !hiddenLen(len(tok)) {
			continue // only ASCII folds to ASCII byte for byte: lengths compare
		}
		for _, h := range hiddenClasses {
			if (!ascii || len(tok) == len(h)) && strings.EqualFold(tok, h) {
				return true
			}
		}
	}
	return false
}

// hideLetters marks d, v and y in either case: every hidden class holds
// one of them (TestHideLetters), and no other rune folds to them, so a
// class attribute without them holds no hidden class.
var hideLetters = [256]bool{'d': true, 'D': true, 'v': true, 'V': true, 'y': true, 'Y': true}

// mayHide reports whether class holds a byte of hideLetters: most class
// attributes ("reference internal", "pre", "n") are rejected by one scan.
func mayHide(class string) bool {
	for i := 0; i < len(class); i++ {
		if hideLetters[class[i]] {
			return true
		}
	}
	return false
}

func isClassSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
}

// styleHides reports whether an inline style sets display:none or
// visibility:hidden (any case, any white space inside). An ASCII style
// of up to 256 bytes without its white space is checked without
// allocating; others go through strings.Fields.
func styleHides(style string) bool {
	var buf [256]byte
	n := 0
	for i := 0; i < len(style); i++ {
		c := style[i]
		switch {
		case c >= 0x80 || n == len(buf):
			v := strings.ToLower(strings.Join(strings.Fields(style), ""))
			return strings.Contains(v, "display:none") || strings.Contains(v, "visibility:hidden")
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	v := buf[:n]
	return bytes.Contains(v, []byte("display:none")) || bytes.Contains(v, []byte("visibility:hidden"))
}

// collapse trims s and replaces runs of white space by one space; s
// itself, or s without its one trailing space, without allocating, when it
// is so already; else one copy that keeps the part read so far.
func collapse(s string) string {
	space := true // at the start, or after a space
	for i := 0; i < len(s); {
		r, w := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[i:])
		} else if asciiSpace[r] == 0 {
			space = false
			i++
			continue
		}
		if isSpace(r) {
			if space || r != ' ' {
				// s[:i] is collapsed but for the one space it may end
				// in: kept, the rest collapsed after it
				prefix := s[:i]
				if space && i > 0 {
					prefix = s[:i-1]
				}
				return collapseRest(prefix, s[i:], len(s))
			}
			space = true
		} else {
			space = false
		}
		i += w
	}
	if space && s != "" {
		return s[:len(s)-1] // one trailing space after a field
	}
	return s
}

// trimmedLen is len(strings.TrimSpace(s)), its ASCII ends looked up
// inline.
func trimmedLen(s string) int {
	i, j := 0, len(s)
	for ; i < j; i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			return len(strings.TrimSpace(s))
		} else if asciiSpace[c] == 0 {
			break
		}
	}
	for ; j > i; j-- {
		if c := s[j-1]; c >= utf8.RuneSelf {
			return len(strings.TrimSpace(s))
		} else if asciiSpace[c] == 0 {
			break
		}
	}
	return j - i
}

// asciiSpace marks the ASCII bytes unicode.IsSpace holds for.
var asciiSpace = [utf8.RuneSelf]uint8{'\t': 1, '\n': 1, '\v': 1, '\f': 1, '\r': 1, ' ': 1}

// isSpace is unicode.IsSpace with ASCII looked up.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiSpace[r] != 0
	}
	return unicode.IsSpace(r)
}

// collapseCopy is strings.Join(strings.Fields(s), " ") in one pass and one
// allocation, a field copied at once (FuzzCollapse holds it to that).
func collapseCopy(s string) string { return collapseRest("", s, len(s)) }

// collapseRest is prefix, a collapsed string, followed by collapseCopy(s)
// (a space between them when both are non-empty), in a builder of size
// bytes: collapse keeps the part it has read.
func collapseRest(prefix, s string, size int) string {
	var b strings.Builder
	b.Grow(size)
	b.WriteString(prefix)
	for i := 0; i < len(s); {
		for i < len(s) { // spaces
			c := s[i]
			if c < utf8.RuneSelf {
				if asciiSpace[c] == 0 {
					break
				}
				i++
				continue
			}
			r, w := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += w
		}
		j := i
		for j < len(s) { // a field
			c := s[j]
			if c < utf8.RuneSelf {
				if asciiSpace[c] != 0 {
					break
				}
				j++
				continue
			}
			r, w := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += w
		}
		if j == i {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i:j])
		i = j
	}
	return b.String()
}
