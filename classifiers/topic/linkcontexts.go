package topic

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// linkContexts maps each link of doc to the text of its nearest block
// element (paragraph, list item, table cell, definition, heading) without
// its own anchor text, keyed by the link's absolute URL without fragment
// and by "\x00"+its anchor text; the first link wins. A nil need asks for
// every key. Otherwise only the keys contextOf reads for the links need
// holds are filled: their URLs in a walk of doc, then, only when some
// asked-for URL got no context, the anchor texts of those links, over
// the links that walk met (it met them all: a URL without context leaves
// it to the end). The anchor text of a link is built only when it is
// kept or may be one asked for (keyNeed.mayBeAnchor). The walk stops
// once it has filled every URL it asks for. links, the page's link count,
// sizes the maps.
func linkContexts(doc *html.Node, base string, links int, need *linkNeed) map[string]string {
	if need == nil {
		w := newContextWalk(base, links, nil)
		w.walk(doc)
		return w.out
	}
	if len(need.pairs) == 0 {
		return nil
	}
	w := newContextWalk(base, len(need.urls), &keyNeed{urls: need.urls, tails: need.tails})
	w.record = true
	w.walk(doc)
	need.tails = w.need.tails
	anchors := &keyNeed{}
	for p := range need.pairs {
		if p.anchor != "" && w.out[p.url] == "" {
			if anchors.anchors == nil {
				anchors.anchors = map[string]struct{}{}
			}
			anchors.anchors[p.anchor] = struct{}{}
		}
	}
	if len(anchors.anchors) > 0 {
		w.need, w.left, w.self = anchors, anchors.size(), 0
		for _, a := range w.met {
			if w.left == 0 {
				break
			}
			// link asks for no URL here: a link whose anchor text
			// cannot be one asked for fills nothing (most of them),
			// passed over without the call
			if anchors.mayBeAnchor(a) {
				w.link(a)
			}
		}
	}
	return w.out
}

// contextOf is the context of a link of URL u and anchor text anchor in
// the map linkContexts made: its URL's, or when that is empty its anchor
// text's.
func contextOf(ctx map[string]string, u, anchor string) string {
	context := ctx[u]
	if context == "" && anchor != "" {
		context = ctx["\x00"+anchor]
	}
	return context
}

// contextWalk is a walk of linkContexts: the keys need asks for (nil:
// all), until each is filled.
type contextWalk struct {
	b      *url.URL
	res    hrefResolver
	need   *keyNeed
	left   int                   // keys not filled yet
	out    map[string]string     // each link's URL and anchor text
	blocks map[*html.Node]string // a block's text, once per block
	keys   map[string]string     // an href's absolute URL, once per href resolved (those mayWant passes)
	record bool                  // keep the links met in met
	self   int8                  // selfWanted: 0 not looked up yet, 1 asked for, 2 not
	col    collapser             // the blocks' and anchors' texts (collapsedText)
	met    []*html.Node
}

// newContextWalk starts a walk of a page at base; asked sizes its maps.
func newContextWalk(base string, asked int, need *keyNeed) *contextWalk {
	b, _ := url.Parse(base)
	w := &contextWalk{b: b, res: newHrefResolver(b), need: need, left: need.size()}
	if w.left != 0 {
		w.out = make(map[string]string, 2*asked)
		w.blocks = make(map[*html.Node]string, asked)
		w.keys = make(map[string]string, asked)
	}
	return w
}

// walk hands the links under root (<a> elements, not those inside
// another) to link in document order until every key is filled. It goes
// down and across the tree by its pointers, not by a call a node: the
// walk meets every node of most pages (README, Session 15).
func (w *contextWalk) walk(root *html.Node) {
	if w.left == 0 {
		return
	}
	for n := root; ; {
		if n.Type == html.ElementNode && n.DataAtom == atom.A {
			if w.record {
				w.met = append(w.met, n)
			}
			if w.link(n); w.left == 0 {
				return
			}
		} else if c := n.FirstChild; c != nil {
			n = c
			continue
		}
		for n.NextSibling == nil || n == root {
			if n == root {
				return
			}
			n = n.Parent
		}
		n = n.NextSibling
	}
}

// selfWanted reports whether the page's own URL (the key of its plain
// fragment links) is asked for, looked up once a walk.
func (w *contextWalk) selfWanted() bool {
	if w.self == 0 {
		w.self = 2
		if w.res.self != "" && w.need.url(w.res.self) {
			w.self = 1
		}
	}
	return w.self == 1
}

// key is href's absolute URL without fragment, resolved once per href
// (not a plain fragment: link takes those for the page itself).
func (w *contextWalk) key(href string) string {
	key, ok := w.keys[href]
	if !ok {
		key = w.res.resolve(href)
		w.keys[href] = key
	}
	return key
}

// link fills the keys of the link a that are asked for and not filled.
func (w *contextWalk) link(a *html.Node) {
	need := w.need
	var key string
	wanted := false // key is asked for
	if need.anyURL() {
		if href := hrefOf(a); href != "" && w.b != nil {
			if href[0] == '#' && w.res.self != "" && !w.selfWanted() {
				// a fragment resolves to the page itself or to nothing
				// (it does not parse): not asked for either way
			} else if self, ok := w.res.fragment(href); ok { // most links of a page of sections
				key, wanted = self, w.selfWanted()
			} else if need.mayWant(href) {
				key = w.key(href)
				wanted = key != "" && need.url(key)
			}
		}
	}
	needURL := wanted && w.out[key] == ""
	var anchor string
	if needURL || need.anyAnchor() && need.mayBeAnchor(a) {
		anchor = w.col.text(a, maxContext)
	}
	needAnchor := anchor != "" && need.anchor(anchor) && w.out["\x00"+anchor] == ""
	if !needURL && !needAnchor { // not asked for, or the first link already won both keys
		return
	}
	if ctx := blockContext(a, anchor, w.blocks, &w.col); ctx != "" {
		if needURL {
			w.out[key] = ctx
			w.left--
		}
		if needAnchor {
			w.out["\x00"+anchor] = ctx
			w.left--
		}
	}
}

// blockContext returns the text around a, whose text is anchor: its
// nearest block's text without the anchor text. blocks caches each
// block's text; col builds it.
func blockContext(a *html.Node, anchor string, blocks map[*html.Node]string, col *collapser) string {
	var block *html.Node
	for p := a.Parent; p != nil && block == nil; p = p.Parent {
		switch p.DataAtom {
		case atom.P, atom.Li, atom.Dd, atom.Dt, atom.Td, atom.Th, atom.H1, atom.H2, atom.H3, atom.H4, atom.Caption:
			block = p
		case atom.Body, atom.Html:
			return ""
		}
	}
	if block == nil {
		return ""
	}
	text, ok := blocks[block]
	if !ok {
		text = col.text(block, 4*maxContext)
		blocks[block] = text
	}
	return strings.TrimSpace(replaceOnceCut(text, anchor, maxContext))
}

// replaceOnceCut is strings.Replace(text, old, " ", 1) cut to its first
// limit bytes, building only those bytes (text itself when old is not in
// it).
func replaceOnceCut(text, old string, limit int) string {
	i := strings.Index(text, old)
	if i < 0 {
		return text[:min(len(text), limit)]
	}
	if i >= limit {
		return text[:limit]
	}
	rest := text[i+len(old):]
	n := min(i+1+len(rest), limit)
	b := make([]byte, 0, n)
	b = append(b, text[:i]...)
	b = append(b, ' ')
	b = append(b, rest[:n-len(b)]...)
	return string(b)
}

// collapsedText is the words of the text under n, one space apart, built
// in one pass: from the text nodes in document order until, counting each
// with a space after it, limit bytes were taken (the last may pass it).
func collapsedText(n *html.Node, limit int) string {
	var c collapser
	return c.text(n, limit)
}

// collapser builds collapsedText in a buffer it keeps from one text to
// the next (a walk's blocks and anchors), so that a text costs one
// allocation of its own length, not the growth of a builder.
type collapser struct {
	buf   []byte
	first string // the first text node's, appended only when a second comes
	texts int    // text nodes taken
	raw   int    // their bytes, each with a space after it
	limit int
}

// text is collapsedText(n, limit).
func (c *collapser) text(n *html.Node, limit int) string {
	c.buf, c.first, c.texts, c.raw, c.limit = c.buf[:0], "", 0, 0, limit
	c.walk(n)
	if c.texts == 1 {
		if collapsed(c.first) { // most anchors: one text node, one space apart already
			return c.first
		}
		c.buf = appendWords(c.buf, c.first)
	}
	t := string(c.buf)
	if cap(c.buf) > 64<<10 { // a page's one huge text node does not stay
		c.buf = nil
	}
	return t
}

func (c *collapser) walk(n *html.Node) {
	if c.raw >= c.limit {
		return
	}
	if n.Type == html.TextNode {
		c.raw += len(n.Data) + 1
		switch c.texts++; c.texts {
		case 1:
			c.first = n.Data
		case 2:
			c.buf = appendWords(c.buf, c.first)
			fallthrough
		default:
			c.buf = appendWords(c.buf, n.Data)
		}
		return
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c.walk(k)
	}
}

// collapsed reports whether s is its own words one space apart: not
// empty, no space at either end, and single ASCII spaces only.
func collapsed(s string) bool {
	if s == "" {
		return false
	}
	prevSpace := true // no space at the start
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				return false
			}
			i += size - 1
			prevSpace = false
			continue
		}
		if asciiSpace[c] {
			if c != ' ' || prevSpace {
				return false
			}
			prevSpace = true
			continue
		}
		prevSpace = false
	}
	return !prevSpace
}

// appendWords appends the words of s (split as strings.Fields splits) to
// b, each after a space unless b is empty. A run of words one ' ' apart,
// most of a text, is appended in one copy; white space (and a word's
// end) is found by a loop over ASCII bytes of one kind, a byte ≥ 0x80
// decoded and tested as a rune.
func appendWords(b []byte, s string) []byte {
	i := 0
	for {
		for i < len(s) && spaceByte[s[i]] == byteSpace {
			i++
		}
		if i < len(s) && s[i] >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
				i += size
				continue
			}
		}
		if i == len(s) {
			return b
		}
		start, end := i, i // the run: s[start:end], its words one ' ' apart
		for {
			for i < len(s) && spaceByte[s[i]] == byteWord {
				i++
			}
			if i < len(s) && s[i] >= utf8.RuneSelf {
				if r, size := utf8.DecodeRuneInString(s[i:]); !unicode.IsSpace(r) {
					i += size
					continue
				}
			}
			end = i
			if i+1 < len(s) && s[i] == ' ' && spaceByte[s[i+1]] == byteWord {
				i++ // one ' ' before an ASCII word byte: the run goes on
				continue
			}
			break
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, s[start:end]...)
	}
}

// What spaceByte tells of a byte for appendWords.
const (
	byteWord  = iota // an ASCII byte of a word
	byteSpace        // ASCII white space
	byteHigh         // ≥ 0x80: a rune to decode
)

// spaceByte classifies every byte for appendWords.
var spaceByte = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = byteHigh
		case asciiSpace[c]:
			t[c] = byteSpace
		}
	}
	return t
}()

// asciiSpace marks the ASCII bytes unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func hrefOf(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "href" && a.Namespace == "" {
			return a.Val
		}
	}
	return ""
}
