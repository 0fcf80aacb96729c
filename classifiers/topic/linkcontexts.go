package topic

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/internal/relpath"
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

// hrefResolver makes an href absolute, without its fragment, as
// base.Parse(href) and String() do; the bulk of a page's links are
// resolved without parsing: a fragment of the page itself ("#x") is the
// page, and a relative path of plain characters after k "../" (k ≥ 0) is
// appended to the base's directory k levels up, computed once per k by
// the parser itself.
type hrefResolver struct {
	base *url.URL
	self string   // the page without fragment; "" when unknown
	ups  []string // ups[k]: the directory "../"×k + a plain path is appended to; "" when unknown
}

// maxUps bounds the "../" levels resolved without parsing.
const maxUps = 8

func newHrefResolver(base *url.URL) hrefResolver {
	r := hrefResolver{base: base}
	if base == nil || base.Opaque != "" || base.Scheme == "" {
		return r
	}
	r.ups = make([]string, 0, 2)
	if s, ok := plainAbsolute(base.String()); ok { // the page and its directory without parsing
		r.self = s
		s, _, _ = strings.Cut(s, "?")
		if i := strings.IndexByte(s[len(base.Scheme)+3:], '/'); i < 0 {
			r.ups = append(r.ups, s+"/")
		} else {
			r.ups = append(r.ups, s[:strings.LastIndexByte(s, '/')+1])
		}
		return r
	}
	r.self = r.parse("#")
	r.up(0)
	return r
}

// up returns ups[k], computing it when first asked for.
func (r *hrefResolver) up(k int) string {
	for len(r.ups) <= k {
		dots := strings.Repeat("../", len(r.ups))
		dir := ""
		if s := r.parse(dots + "x"); strings.HasSuffix(s, "/x") {
			dir = s[:len(s)-1]
		}
		r.ups = append(r.ups, dir)
	}
	return r.ups[k]
}

// resolve returns href's absolute URL without fragment, "" when it does
// not parse.
func (r *hrefResolver) resolve(href string) string {
	if u, ok := plainAbsolute(href); ok { // the links out of a site: the same whatever the base
		return u
	}
	path, frag, hasFrag := strings.Cut(href, "#")
	if r.ups != nil && (!hasFrag || plainFragment(frag)) {
		if path == "" && hasFrag {
			return r.self
		}
		k := 0
		for strings.HasPrefix(path, "../") && k < maxUps {
			path, k = path[3:], k+1
		}
		if relpath.Plain(path) {
			if dir := r.up(k); dir != "" {
				return dir + path
			}
		}
	}
	return r.parse(href)
}

// fragment is resolve(href) for an href of a plain fragment only ("#x":
// the page itself), without parsing; not ok for any other href.
func (r *hrefResolver) fragment(href string) (string, bool) {
	if href == "" || href[0] != '#' || r.ups == nil || !plainFragment(href[1:]) {
		return "", false
	}
	return r.self, true
}

// parse is resolve by the URL parser.
func (r *hrefResolver) parse(href string) string {
	u, err := r.base.Parse(href)
	if err != nil {
		return ""
	}
	u.Fragment = ""
	return u.String()
}

// plainAbsolute is href without its fragment when that is what the
// parser makes of it whatever the base: an http or https URL (the scheme
// in lower case) of a host of lower-case letters, digits, '.' and '-'
// only (and a port of digits), a path, when any, of plainByte segments
// none of which is a dot segment, a query, when any, of queryByte bytes,
// and a fragment, when any, that parses (plainFragment). Not ok for any
// other href.
func plainAbsolute(href string) (string, bool) {
	var rest string
	switch {
	case strings.HasPrefix(href, "https://"):
		rest = href[len("https://"):]
	case strings.HasPrefix(href, "http://"):
		rest = href[len("http://"):]
	default:
		return "", false
	}
	end := strings.IndexByte(href, '#')
	if end < 0 {
		end = len(href)
	} else if !plainFragment(href[end+1:]) {
		return "", false
	}
	rest = rest[:len(rest)-(len(href)-end)]
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		for i := q + 1; i < len(rest); i++ {
			if !queryByte[rest[i]] {
				return "", false
			}
		}
		rest = rest[:q]
	}
	host, port := 0, -1 // port: where the port's ':' is
	for host < len(rest) && rest[host] != '/' {
		switch c := rest[host]; {
		case 'a' <= c && c <= 'z' || c == '.' || c == '-':
			if port >= 0 {
				return "", false
			}
		case '0' <= c && c <= '9':
		case c == ':' && port < 0:
			port = host
		default:
			return "", false
		}
		host++
	}
	if host == 0 || port == 0 || port == host-1 {
		return "", false
	}
	seg := host + 1 // where the current path segment starts
	for i := host + 1; i <= len(rest); i++ {
		if i < len(rest) && rest[i] != '/' {
			if !plainByte[rest[i]] {
				return "", false
			}
			continue
		}
		if s := rest[seg:i]; s == "." || s == ".." {
			return "", false
		}
		seg = i + 1
	}
	return href[:end], true
}

// queryByte marks the bytes plainAbsolute takes in a query: the parser
// keeps a query as it is.
var queryByte = func() (t [256]bool) {
	for c := range t {
		t[c] = plainByte[c] || strings.IndexByte("/?=&@:+,;!$*()", byte(c)) >= 0
	}
	return t
}()

// plainFragment reports whether a fragment parses whatever it holds: no
// escape (a bad one fails) and no control character.
func plainFragment(f string) bool {
	for i := 0; i < len(f); i++ {
		if c := f[i]; c < 0x20 || c == 0x7f || c == '%' {
			return false
		}
	}
	return true
}

// maxContext bounds a link's context in bytes.
const maxContext = 200

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
