package extraction

import (
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
	doc  *html.Node
	t    *stm.Tree
	text []int32 // characters of visible text in each subtree
	tags []int32 // element nodes in each subtree
	imgs []int32 // images in each subtree (text less imgs·imgContent: its text nodes')
	// seg is each element's segmentName, filled on first use: 0, or
	// an index+1 into segNames. Ids, not strings: the column is as long
	// as the largest page's tree and kept page after page, and a []string
	// of that length is pointers the collector scans at every cycle and
	// write barriers at every store (session 18)
	seg      []int32
	segNames []string           // the names seg points to, this page's
	names    map[nameKey]string // segmentName by tag and class attribute, kept page after page
	bounds   bounds             // clusterChildren's STM bounds, buffers kept page after page
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
	// them (landmarkOf), everything outside the page's main landmark
	// (mainFrame), and the site's navigation outside landmarks (markBars,
	// markSelfNav)
	framed []bool
	// inline is inlineMarks of the records' subtrees, filled by values
	// (it and roots, the records' roots, are buffers kept page after page)
	inline []bool
	roots  []int32
	// values' buffers: the records' values before their one array, and
	// where each record's end
	vals []value
	ends []int32
	// richness' buffers, kept page after page
	paths []uint64
	links []int32
	// classes caches hasHiddenClass by class attribute for walk's hidden
	// check, kept page after page
	classes classCache
	// walk's notes, in document order: markCode's candidates, the
	// landmarks, the links with a blank href (self links if they hold
	// text)
	codes, blank []int32
	marks        []mark
	// ownLandmarks is the page's content outside its landmarks, the
	// measure of a region outside the frame (ownText before markBars and
	// markSelfNav)
	ownLandmarks float64
	// selves and headings are the page's first self links (an empty
	// href, visible text) and its h1–h6, in document order (markSelfNav)
	selves, headings []int32
	// own is the page's content outside its whole frame (ownText)
	own float64
}

// name is segmentName of element i, computed once per page (region
// choice, segmentation and fields compare the names of the same nodes
// again and again).
func (p *page) name(i int32) string {
	if id := p.seg[i]; id != 0 {
		return p.segNames[id-1]
	}
	n := p.t.Node[i]
	k := nameKey{n.Data, attr(n, "class")}
	s := n.Data // the tag alone (segmentName), without the map
	if k.class != "" {
		var ok bool
		if s, ok = p.names[k]; !ok {
			s = segmentName(n)
			if p.names == nil || len(p.names) >= maxNames {
				p.names = make(map[nameKey]string)
			}
			p.names[k] = s
		}
	}
	p.segNames = append(p.segNames, s)
	p.seg[i] = int32(len(p.segNames))
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
	if p.t == nil {
		p.t = &stm.Tree{}
	}
	t := p.t
	p.doc = doc
	if doc == nil {
		t.Rebuild(nil, stm.Options{})
	} else if !p.walk(doc, maxNodes) { // the tree, the measures, the notes
		return fmt.Errorf("%w: more than %d nodes", ErrTooLarge, maxNodes)
	}
	n := t.Len()
	if doc == nil {
		p.text, p.tags, p.imgs = p.text[:0], p.tags[:0], p.imgs[:0]
		p.codes, p.marks, p.blank, p.headings = p.codes[:0], p.marks[:0], p.blank[:0], p.headings[:0]
	}
	p.seg = resize(p.seg, n)
	clear(p.segNames)
	p.segNames = p.segNames[:0]
	text := p.text[:n]
	p.markCode()
	p.framed = resize(p.framed, n)
	framed := p.framed[:n]
	// the landmarks in document order: one inside a frame landmark is
	// frame already (a main there is not the page's), the rest are added
	var lm landmarks
	lm.main = -1
	end := int32(0) // the end of the last frame landmark's subtree
	for _, m := range p.marks {
		if m.node < end {
			continue
		}
		if framed[m.node] = lm.add(p, int(m.node), int(m.kind)); framed[m.node] {
			end = m.node + t.Size[m.node]
			for j := m.node + 1; j < end; j++ {
				framed[j] = true
			}
		}
	}
	p.selves = p.selves[:0] // the first self links: blank links with text
	for _, a := range p.blank {
		if len(p.selves) == maxSelfLinks {
			break
		}
		if ownTextLen(p, int(a)) > 0 {
			p.selves = append(p.selves, a)
		}
	}
	p.ownLandmarks = 0 // ownText, read in this pass
	if n > 0 {
		p.ownLandmarks = float64(text[0])
		if lm.text < int(text[0]) {
			p.ownLandmarks -= float64(lm.text)
		}
	}
	if lm.mains == 1 {
		p.mainFrame(lm.main, lm.inMain)
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
	clear(p.segNames)
	p.segNames = p.segNames[:0]
}

// pageDrop are the tags whose subtrees a page leaves out:
// stm.DefaultOptions' and head and svg (walk's keepElement drops them by
// atom; TestWalkIsRebuild holds its tree to Rebuild's with these).
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

// The kinds of byte of byteKind: an ASCII byte that is not white space,
// an ASCII white space byte (asciiSpace) and a byte of a wider rune, which
// must be decoded to tell.
const (
	plainByte = iota
	spaceByte
	wideByte
)

// byteKind is the kind of every byte value: the space loops over text
// tell an ASCII byte with one look-up.
var byteKind = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = wideByte
		case asciiSpace[c] != 0:
			t[c] = spaceByte
		}
	}
	return t
}()

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

// collapseBytes collapses b in place (collapseCopy: fields joined by one
// space, no space at either end) and returns the collapsed prefix of b:
// a field moves only towards the start, so it is copied over spaces
// already read.
func collapseBytes(b []byte) []byte {
	w := 0
	for i := 0; i < len(b); {
		for i < len(b) { // spaces
			k := byteKind[b[i]]
			if k == spaceByte {
				i++
				continue
			}
			if k == plainByte {
				break
			}
			r, n := utf8.DecodeRune(b[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += n
		}
		j := i
		for { // a field: its ASCII bytes, then a wider rune decoded
			for j < len(b) && byteKind[b[j]] == plainByte {
				j++
			}
			if j == len(b) || byteKind[b[j]] == spaceByte {
				break
			}
			r, n := utf8.DecodeRune(b[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		if j == i {
			break
		}
		if w > 0 {
			b[w] = ' '
			w++
		}
		if w != i { // collapsed so far: the field is in place
			copy(b[w:], b[i:j])
		}
		w += j - i
		i = j
	}
	return b[:w]
}

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
