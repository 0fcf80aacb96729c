package hub

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl"
)

// Where a link sits in the page it was found on, for the per-host link
// model: in a table of contents a chapter's entry differs from a
// section's by its list level, by a nested list under it and by the class
// the generator gives it (span.chapter against span.sect1, li.toctree-l1
// against li.toctree-l2), and a link in running text differs from both.
// measureLinkContexts walks the fetched page once (in OnPage) and records,
// per link target (a hash of the resolved path; links that differ only
// in their query share it), the context of
// its first <a>, the one whose anchor the crawler keeps:
//
//	P  the tag and first class word of the link's parent element
//	G  the same of its grandparent
//	C  the link's own first class word
//	V  its list level (ul/ol/dl ancestors, at most 4) and whether its
//	   entry (nearest li, or dt with its dd) holds a nested list
//	Z  whether it is inside nav, header, footer or aside
//
// The features are hashed already (linkVec.add takes them); the table
// lives with the page (crawl.Page.Keep) for its OnURL calls.

const maxContextDepth = 256 // deeper elements are not looked at

type linkCtx struct{ f [5]uint32 }

type linkContexts struct {
	m map[uint64]linkCtx
	// the last href resolved (without its fragment) and its key: index
	// pages link one page many times in a row (page.html#a, page.html#b)
	lastHref string
	lastKey  uint64
	lastOK   bool
}

type linkContextsKey struct{}

type ctxState struct {
	self, parent *html.Node // this element and its parent (hashed only for a link)
	level        uint8
	nested       bool
	region       bool
}

// measureLinkContexts records the context of every <a href> of doc; links
// is how many out-links the page has (a size hint).
func measureLinkContexts(doc *html.Node, pageURL string, links int) *linkContexts {
	w := contextWalk{lc: &linkContexts{m: make(map[uint64]linkCtx, max(8, links))}}
	_, w.basePath, _ = splitPath(pageURL)
	w.base.pushPath(dirOf(w.basePath))
	w.walk(doc, ctxState{}, 0)
	return w.lc
}

// contextWalk is measureLinkContexts' walk: the page's directory's
// segments are pushed once (keyStack), not again for each link.
type contextWalk struct {
	lc          *linkContexts
	basePath    string
	base, stack keyStack
}

func (w *contextWalk) walk(n *html.Node, st ctxState, depth int) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom == atom.A {
			w.add(c, &st)
		}
		// an element whose one child is text holds no link (most
		// elements: a link's own text, a code token's span)
		if depth < maxContextDepth && c.FirstChild != nil && (c.FirstChild != c.LastChild || c.FirstChild.Type == html.ElementNode) &&
			c.DataAtom != atom.Script && c.DataAtom != atom.Style {
			w.walk(c, childState(c, st), depth+1)
		}
	}
}

// childState is the state c's children see.
func childState(c *html.Node, st ctxState) ctxState {
	next := ctxState{self: c, parent: st.self, level: st.level, nested: st.nested, region: st.region}
	switch c.DataAtom {
	case atom.Ul, atom.Ol, atom.Dl:
		next.level = min(st.level+1, 4)
	case atom.Li:
		next.nested = hasListChild(c)
	case atom.Dt:
		next.nested = false
		for s := c.NextSibling; s != nil; s = s.NextSibling {
			if s.Type == html.ElementNode {
				next.nested = s.DataAtom == atom.Dd && hasListChild(s)
				break
			}
		}
	case atom.Nav, atom.Header, atom.Footer, atom.Aside:
		next.region = true
	}
	return next
}

func hasListChild(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol || c.DataAtom == atom.Dl) {
			return true
		}
	}
	return false
}

// tagClass hashes an element's tag and its first class word (0 for none).
func tagClass(n *html.Node) uint32 {
	if n == nil {
		return 0
	}
	h := fnvString(fnvOffset, n.Data)
	return fnvString(fnvByte(h, '.'), firstClass(n))
}

func firstClass(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "class" {
			f := strings.TrimLeft(a.Val, " \t\n\r\f")
			if i := strings.IndexAny(f, " \t\n\r\f"); i >= 0 {
				f = f[:i]
			}
			return f
		}
	}
	return ""
}

// add records a's context under its target's key unless one is there.
func (w *contextWalk) add(a *html.Node, st *ctxState) {
	lc := w.lc
	href, _ := attr(a, "href")
	if href == "" || href[0] == '#' {
		return // no target, or a place in this page
	}
	if asciiSpace(href[0]) || asciiSpace(href[len(href)-1]) {
		href = strings.TrimSpace(href)
	}
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	if href != lc.lastHref {
		lc.lastHref = href
		lc.lastKey, lc.lastOK = resolveKey(&w.base, w.basePath, href, &w.stack)
	}
	key := lc.lastKey
	if !lc.lastOK {
		return
	}
	if _, dup := lc.m[key]; dup {
		return
	}
	var lv byte = 'a' + st.level
	if st.nested {
		lv += 8
	}
	var region byte = 'n'
	if st.region {
		region = 'r'
	}
	lc.m[key] = linkCtx{f: [5]uint32{
		mix32('P', tagClass(st.self)),
		mix32('G', tagClass(st.parent)),
		fnvString(fnvByte(fnvOffset, 'C'), firstClass(a)),
		fnvByte(fnvByte(fnvOffset, 'V'), lv),
		fnvByte(fnvByte(fnvOffset, 'Z'), region),
	}}
}

// lookup returns the context of the link to u, if the page had one.
func (lc *linkContexts) lookup(u string) (linkCtx, bool) {
	if lc == nil {
		return linkCtx{}, false
	}
	key, ok := resolvedKey("", pathQuery(u))
	if !ok {
		return linkCtx{}, false
	}
	c, ok := lc.m[key]
	return c, ok
}

// contextsOf returns the link contexts kept with page (nil when none).
func contextsOf(page *crawl.Page) *linkContexts {
	if page == nil {
		return nil
	}
	lc, _ := page.Kept(linkContextsKey{}).(*linkContexts)
	return lc
}

// pathQuery is u's path with its query, fragment cut; the scheme and host
// are left out when u has them ("/" when it has no path).
func pathQuery(u string) string {
	if i := indexSchemeSep(u); i >= 0 {
		u = afterHost(u[i+3:])
	}
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u = u[:i]
	}
	return u
}

// afterHost is what follows the host that s starts with ("/" when nothing
// does).
func afterHost(s string) string {
	if j := strings.IndexAny(s, "/?#"); j >= 0 {
		return s[j:]
	}
	return "/"
}

// resolvedKey hashes the path href resolves to from a page at basePath
// (FNV-1a 64 of the segments after removing . and ..), without
// allocating; the host and the query are left out. An empty href or a bare fragment (a
// place in the same page) has no key; other schemes than http(s) neither.
func resolvedKey(basePath, href string) (uint64, bool) {
	var base, s keyStack
	base.pushPath(dirOf(basePath))
	return resolveKey(&base, basePath, href, &s)
}

// maxKeySegs bounds the segments of a path a key hashes: later ones are
// dropped ("..": one fewer).
const maxKeySegs = 64

// keyStack is a path's segments as resolvedKey pushes and pops them, kept
// as the hash of each prefix: h[i] is the FNV-1a 64 of the first i
// segments, each after a '/' (h[0] the offset basis: set when n is 0).
// A segment is hashed once when pushed; ".." only drops one.
type keyStack struct {
	h [maxKeySegs + 1]uint64
	n int
}

func (s *keyStack) push(seg string) {
	switch seg {
	case "", ".":
	case "..":
		if s.n > 0 {
			s.n--
		}
	default:
		if s.n < maxKeySegs {
			if s.n == 0 {
				s.h[0] = fnv64Offset
			}
			s.h[s.n+1] = fnv64String(fnv64Byte(s.h[s.n], '/'), seg)
			s.n++
		}
	}
}

// pushPath pushes each of path's '/'-separated segments.
func (s *keyStack) pushPath(path string) {
	for len(path) > 0 {
		i := strings.IndexByte(path, '/')
		if i < 0 {
			s.push(path)
			return
		}
		s.push(path[:i])
		path = path[i+1:]
	}
}

// resolveKey is resolvedKey with base holding dirOf(basePath)'s segments
// already (a page's links share it); s is scratch room.
func resolveKey(base *keyStack, basePath, href string, s *keyStack) (uint64, bool) {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	if href == "" {
		return 0, false
	}
	relative := true // to basePath
	if i := indexSchemeSep(href); i >= 0 {
		if s := strings.ToLower(href[:i]); s != "http" && s != "https" {
			return 0, false
		}
		href = pathQuery(href)
		basePath, relative = "", false
	} else if strings.HasPrefix(href, "//") {
		href = afterHost(href[2:])
		basePath, relative = "", false
	} else if hasScheme(href) {
		return 0, false // mailto:, javascript:, …
	}
	if i := strings.IndexByte(href, '?'); i >= 0 {
		href = href[:i]
		if href == "" {
			href = basePath // "?q": the page itself
		}
	}
	trailing := strings.HasSuffix(href, "/") || href == "" || strings.HasSuffix(href, "/.") || strings.HasSuffix(href, "/..") || href == "." || href == ".."
	s.n = 0
	if relative && !strings.HasPrefix(href, "/") {
		copy(s.h[:base.n+1], base.h[:base.n+1])
		s.n = base.n
	}
	s.pushPath(href)
	h := uint64(fnv64Offset)
	if s.n > 0 {
		h = s.h[s.n]
	}
	if trailing || s.n == 0 {
		h = fnv64Byte(h, '/')
	}
	return h, true
}

func asciiSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' }

// hasScheme reports whether href starts with a scheme (a ':' before any
// '/', '?' or '#').
func hasScheme(href string) bool {
	for i := 0; i < len(href); i++ {
		switch href[i] {
		case ':':
			return i > 0
		case '/', '?', '#':
			return false
		}
	}
	return false
}

// mix32 is the feature tag followed by v's four bytes.
func mix32(tag byte, v uint32) uint32 {
	return fnvByte(fnvByte(fnvByte(fnvByte(fnvByte(fnvOffset, tag), byte(v)), byte(v>>8)), byte(v>>16)), byte(v>>24))
}
