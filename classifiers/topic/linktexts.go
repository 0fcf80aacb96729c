package topic

import (
	"bytes"
	"math"
	"net/url"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// linkTexts is the text linkContexts reads of a page: the text nodes
// under links and block elements (the only text a link's context or
// anchor text takes), in document order, and which of them each link and
// each block holds. A text node's words are collapsed (one space apart)
// the first time a text reads it, then kept; the collapsedText of a link
// or a block, at any limit, is the collapsed words of its first nodes
// (found by a binary search), joined, and a block's is joined once: a
// block (a list item of a table of contents, a paragraph of
// cross-references) is not collapsed again, in part, for each of its
// links, and text no context reads (paragraphs without links, a long
// block's text past the limit) is not collapsed at all. Its buffers are
// reused from page to page (walksPool).
type linkTexts struct {
	nodes  []string   // the text nodes' text
	raw    []int32    // raw[k]: len+1 summed over the text nodes before the k-th (collapsedText's limit counts these); one more
	words  []span32   // words[k]: where the k-th text node's collapsed words are in buf, once collapsed; off -1 before
	joined []span32   // joined[b]: where the b-th block's text is in buf, once joined; off -1 before
	buf    []byte     // collapsed words
	links  []textLink // the links (a elements not inside another), in document order
	blocks []textSpan // the blocks, in document order of their start
}

// span32 is buf[off:end]; part: a prefix of the text asked for
// (textSpan).
type span32 struct {
	off, end int32
	part     bool
}

// textSpan is the text nodes [first, last) of an element.
type textSpan struct{ first, last int32 }

// textLink is a link of the page: its element, its text and its nearest
// block's (blockContext's block; -1: none).
type textLink struct {
	a     *html.Node
	text  textSpan
	block int32
}

// collect walks doc, in buffers reset (reset) or new.
func (t *linkTexts) collect(doc *html.Node) {
	t.raw = append(t.raw, 0)
	t.walk(doc, false, -1, false)
	for range t.nodes {
		t.words = append(t.words, span32{off: -1, end: -1})
	}
	for range t.blocks {
		t.joined = append(t.joined, span32{off: -1, end: -1})
	}
}

// reset empties t for the next page, keeping its buffers.
func (t *linkTexts) reset() {
	clear(t.links) // the page's nodes
	clear(t.nodes) // and texts
	t.nodes, t.raw, t.words, t.joined = t.nodes[:0], t.raw[:0], t.words[:0], t.joined[:0]
	t.buf, t.links, t.blocks = t.buf[:0], t.links[:0], t.blocks[:0]
}

// walk collects the text nodes under n: collect when n is under a link
// or a block, block the index of n's nearest block (-1 when none, or when
// an html or body element comes first, as blockContext stops there),
// inLink when n is under a link.
func (t *linkTexts) walk(n *html.Node, collect bool, block int32, inLink bool) {
	if n.Type == html.TextNode {
		if collect {
			t.nodes = append(t.nodes, n.Data)
			t.raw = append(t.raw, t.raw[len(t.raw)-1]+int32(len(n.Data))+1)
		}
		return
	}
	link, own := -1, int32(-1)
	switch n.DataAtom {
	case atom.P, atom.Li, atom.Dd, atom.Dt, atom.Td, atom.Th, atom.H1, atom.H2, atom.H3, atom.H4, atom.Caption:
		own = int32(len(t.blocks))
		block, collect = own, true
		t.blocks = append(t.blocks, textSpan{first: int32(len(t.nodes))})
	case atom.Body, atom.Html:
		block = -1
	case atom.A:
		if n.Type == html.ElementNode && !inLink {
			link, collect, inLink = len(t.links), true, true
			t.links = append(t.links, textLink{a: n, text: textSpan{first: int32(len(t.nodes))}, block: block})
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		t.walk(c, collect, block, inLink)
	}
	if link >= 0 {
		t.links[link].text.last = int32(len(t.nodes))
	}
	if own >= 0 {
		t.blocks[own].last = int32(len(t.nodes))
	}
}

// node is the k-th text node's words, one space apart, collapsed once.
func (t *linkTexts) node(k int32) span32 {
	if w := t.words[k]; w.off >= 0 {
		return w
	}
	off := len(t.buf)
	t.buf = appendWordsSpaced(t.buf, t.nodes[k])
	end := len(t.buf)
	if end > off {
		end-- // the last word's space
		t.buf = t.buf[:end]
	}
	t.words[k] = span32{off: int32(off), end: int32(end)}
	return t.words[k]
}

// appendWordsSpaced appends the words of s (split as strings.Fields
// splits) to b, each followed by a space.
func appendWordsSpaced(b []byte, s string) []byte {
	for i := 0; ; {
		start, end := nextWord(s, i)
		if start < 0 {
			return b
		}
		b = append(append(b, s[start:end]...), ' ')
		i = end
	}
}

// text is collapsedText(e, limit) of the element whose text nodes are
// sp: the words of its text nodes from the first while, counting each
// with a space after it, fewer than limit bytes were taken. It is a slice
// of buf, valid until buf grows.
func (t *linkTexts) text(sp textSpan, limit int) []byte {
	s := t.textSpan(sp, limit, math.MaxInt)
	return t.buf[s.off:s.end]
}

// blockText is a prefix of text of the b-th block at least want bytes
// long, or all of it when shorter: a link's context reads no further
// (blockContext). Joined once per block, unless a later link wants more
// than the first got.
func (t *linkTexts) blockText(b int32, limit, want int) []byte {
	s := t.joined[b]
	if s.off < 0 || s.part && int(s.end-s.off) < want {
		s = t.textSpan(t.blocks[b], limit, want)
		t.joined[b] = s
	}
	return t.buf[s.off:s.end]
}

// textSpan is where text of sp is in buf, or a prefix of it at least
// want bytes long (part set).
func (t *linkTexts) textSpan(sp textSpan, limit, want int) span32 {
	if sp.first >= sp.last {
		return span32{}
	}
	// the first node past the limit: the smallest e in (first, last) with
	// raw[e]-raw[first] ≥ limit, else last
	base, lo, hi := t.raw[sp.first], sp.first+1, sp.last
	for lo < hi {
		mid := int32(uint32(lo+hi) >> 1)
		if t.raw[mid]-base >= int32(limit) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	// collapse the nodes (first: the join is then one run of buf) until
	// want bytes are in
	var one span32 // the only node with words, while there is one
	k, words, size := sp.first, 0, 0
	for ; k < lo && size < want; k++ {
		w := t.node(k)
		if w.off == w.end {
			continue
		}
		if words++; words == 1 {
			one = w
		} else {
			size++
		}
		size += int(w.end - w.off)
	}
	part := k < lo
	if words <= 1 { // most anchors: one node, its words as they are
		one.part = part
		return one
	}
	from := int32(len(t.buf))
	for j := sp.first; j < k; j++ {
		w := t.words[j]
		if w.off == w.end {
			continue
		}
		if int32(len(t.buf)) > from {
			t.buf = append(t.buf, ' ')
		}
		t.buf = append(t.buf, t.buf[w.off:w.end]...)
	}
	return span32{from, int32(len(t.buf)), part}
}

// allContexts is linkContexts(doc, base, links, nil): the contexts of
// every link.
func allContexts(doc *html.Node, base string, links int) map[string]string {
	w := newContextWalk(doc, base, links, nil)
	defer w.release()
	w.links()
	return w.finish()
}

// contextWalk is allContexts' pass over the links of a page, in the text
// linkTexts collapsed: the keys need asks for (nil: all), until each is
// filled. Its buffers are
// reused from page to page (walksPool).
type contextWalk struct {
	texts   linkTexts
	b       *url.URL
	res     hrefResolver
	need    *keyNeed
	left    int               // keys not filled yet
	out     map[string]string // each link's URL and anchor text; filled ones hold filling until finish
	keys    map[string]string // an href's absolute URL, once per href resolved (those mayWant passes)
	arena   []byte            // the contexts kept, one after the other
	pending []pendingContext  // the keys of out filled, and where their context is in arena
}

// pendingContext is a key of out and its context, arena[off:end].
type pendingContext struct {
	key      string
	off, end int
}

// filling is the value of a key of out filled but not finished: not
// empty, as a filled key's context is.
const filling = "\x01"

var walksPool = sync.Pool{New: func() any { return &contextWalk{keys: map[string]string{}} }}

// newContextWalk starts a walk of the page doc at base; asked sizes its
// map.
func newContextWalk(doc *html.Node, base string, asked int, need *keyNeed) *contextWalk {
	w := walksPool.Get().(*contextWalk)
	w.texts.collect(doc)
	w.b, _ = url.Parse(base)
	w.res, w.need, w.left = newHrefResolver(w.b), need, need.size()
	w.out, w.arena, w.pending = nil, w.arena[:0], w.pending[:0]
	if w.left != 0 {
		w.out = make(map[string]string, 2*asked)
	}
	return w
}

// release returns w's buffers to the pool: nothing read from them may be
// kept (finish copies the contexts out).
func (w *contextWalk) release() {
	w.texts.reset()
	clear(w.keys)
	clear(w.pending)
	w.out, w.need, w.b, w.res = nil, nil, nil, hrefResolver{}
	walksPool.Put(w)
}

// links fills the keys asked for, over the page's links in document
// order, until none is left.
func (w *contextWalk) links() {
	for i := range w.texts.links {
		if w.left == 0 {
			return
		}
		w.link(&w.texts.links[i])
	}
}

// finish puts the contexts of the filled keys of out, copied into one
// string, and returns out.
func (w *contextWalk) finish() map[string]string {
	if len(w.pending) == 0 {
		return w.out
	}
	arena := string(w.arena)
	for _, p := range w.pending {
		w.out[p.key] = arena[p.off:p.end]
	}
	return w.out
}

// key is href's absolute URL without fragment: the page itself for a
// plain fragment, else resolved once per href.
func (w *contextWalk) key(href string) string { return w.res.key(href, w.keys) }

// link fills the keys of the link l that are asked for and not filled.
func (w *contextWalk) link(l *textLink) {
	need := w.need
	var key string
	if need.anyURL() {
		if href := hrefOf(l.a); href != "" && w.b != nil && need.mayWant(href) {
			key = w.key(href)
		}
	}
	needURL := key != "" && need.url(key) && w.out[key] == ""
	var anchor []byte
	if needURL || need.anyAnchor() {
		anchor = w.texts.text(l.text, maxContext)
	}
	needAnchor := len(anchor) > 0 && need.anchorBytes(anchor) && w.out["\x00"+string(anchor)] == ""
	if !needURL && !needAnchor { // not asked for, or the first link already won both keys
		return
	}
	off, end := w.blockContext(l, anchor)
	if off == end {
		return
	}
	if needURL {
		w.out[key] = filling
		w.pending = append(w.pending, pendingContext{key, off, end})
		w.left--
	}
	if needAnchor {
		k := "\x00" + string(anchor)
		w.out[k] = filling
		w.pending = append(w.pending, pendingContext{k, off, end})
		w.left--
	}
}

// blockContext appends to arena the text around the link l, whose text
// is anchor: its nearest block's text (collapsedText at 4×maxContext)
// without the anchor text, cut to maxContext bytes, white space trimmed;
// it returns where it is in arena (off == end: none). Of the block's text
// only the first maxContext+len(anchor) bytes are read: the anchor text
// is cut out only when it starts in the first maxContext.
func (w *contextWalk) blockContext(l *textLink, anchor []byte) (off, end int) {
	if l.block < 0 {
		return 0, 0
	}
	text := w.texts.blockText(l.block, 4*maxContext, maxContext+len(anchor))
	off = len(w.arena)
	w.arena = appendReplaceOnceCut(w.arena, text, anchor, maxContext)
	b := w.arena[off:]
	t := bytes.TrimSpace(b)
	if len(t) == 0 {
		w.arena = w.arena[:off]
		return 0, 0
	}
	off += cap(b) - cap(t) // t is b[i:j]: cap(t) is cap(b)-i
	return off, off + len(t)
}

// appendReplaceOnceCut appends strings.Replace(text, old, " ", 1), cut to
// its first limit bytes, to dst.
func appendReplaceOnceCut(dst, text, old []byte, limit int) []byte {
	i := bytes.Index(text, old)
	if i < 0 {
		return append(dst, text[:min(len(text), limit)]...)
	}
	if i >= limit {
		return append(dst, text[:limit]...)
	}
	rest := text[i+len(old):]
	n := min(i+1+len(rest), limit)
	dst = append(dst, text[:i]...)
	dst = append(dst, ' ')
	return append(dst, rest[:n-i-1]...)
}
