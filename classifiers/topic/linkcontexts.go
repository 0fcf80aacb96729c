package topic

import (
	"bytes"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/internal/relpath"
)

// linkContexts maps each link of doc to the text of its nearest block
// element (paragraph, list item, table cell, definition, heading) without
// its own anchor text, keyed by the link's absolute URL without fragment
// and by "\x00"+its anchor text; the first link wins. A nil need asks for
// every key. Otherwise only the keys contextOf reads for the links need
// holds are filled: their URLs, over the links in document order, then,
// only when some asked-for URL got no context, the anchor texts of those
// links, over all the links again. The text of the page under links and
// blocks is collapsed once (linkTexts); a link's anchor text and its
// block's text are slices of it, and the contexts kept are copied into
// one string. The URL pass stops once it has filled every URL it asks
// for. links, the page's link count, sizes the maps.
func linkContexts(doc *html.Node, base string, links int, need *linkNeed) map[string]string {
	var kn *keyNeed
	if need != nil {
		if len(need.pairs) == 0 {
			return nil
		}
		kn, links = &keyNeed{urls: need.urls, tails: need.tails}, len(need.urls)
	}
	w := newContextWalk(doc, base, links, kn)
	defer w.release()
	w.links()
	if need == nil {
		return w.finish()
	}
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
		w.need, w.left = anchors, anchors.size()
		w.links()
	}
	return w.finish()
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

// contextWalk is a pass of linkContexts over the links of a page: the
// keys need asks for (nil: all), until each is filled. Its buffers are
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
func (w *contextWalk) key(href string) string {
	if key, ok := w.res.fragment(href); ok {
		return key
	}
	key, ok := w.keys[href]
	if !ok {
		key = w.res.resolve(href)
		w.keys[href] = key
	}
	return key
}

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
	r.self = r.parse("#")
	r.ups = make([]string, 0, 2)
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
