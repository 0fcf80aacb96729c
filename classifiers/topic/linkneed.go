package topic

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// linkNeed is the links of a page whose contexts its out-links will read:
// those the learned strategy has not scored before (it reads a link's
// context only the first time it sees the link: learnedPriority), by URL
// and anchor text. A nil *linkNeed asks for every link.
type linkNeed struct {
	pairs map[linkPair]struct{}
	urls  map[string]struct{}
	tails map[string]struct{} // keyNeed.tails of urls, kept for the next walk
}

// linkPair is a link's URL and anchor text.
type linkPair struct{ url, anchor string }

func newLinkNeed() *linkNeed {
	return &linkNeed{pairs: map[linkPair]struct{}{}, urls: map[string]struct{}{}}
}

// add asks for the context of a link of URL u and anchor text anchor.
func (n *linkNeed) add(u, anchor string) {
	n.pairs[linkPair{u, anchor}] = struct{}{}
	n.urls[u] = struct{}{}
}

// has reports whether n asks for the link of URL u and anchor text
// anchor (nil asks for all).
func (n *linkNeed) has(u, anchor string) bool {
	if n == nil {
		return true
	}
	_, ok := n.pairs[linkPair{u, anchor}]
	return ok
}

// keyNeed is the keys of one walk of contextsOf: link URLs and anchor
// texts. A nil *keyNeed asks for every key; a nil set asks for none of
// its kind.
type keyNeed struct {
	urls    map[string]struct{}
	anchors map[string]struct{}
	tails   map[string]struct{} // the last segments of urls (mayWant), made when first asked
	firsts  *[256]bool          // the first bytes of anchors (mayBeAnchor), made when first asked
}

// mayWant reports whether href may resolve to a URL n asks for: false
// only when its path is relative and plain (hrefTail) and no URL asked
// for ends with its last segment, so that the bulk of a page's links,
// not asked for, are not resolved and looked up.
func (n *keyNeed) mayWant(href string) bool {
	if n == nil {
		return true
	}
	tail, ok := hrefTail(href)
	if !ok {
		return true
	}
	if n.tails == nil {
		n.tails = make(map[string]struct{}, len(n.urls))
		for u := range n.urls {
			n.tails[u[strings.LastIndexByte(u, '/')+1:]] = struct{}{}
		}
	}
	_, want := n.tails[tail]
	return want
}

// hrefTail is the last segment of href's path when every URL href
// resolves to ends with "/" and that segment: its path (before any '#')
// is not empty, does not start with "//" and holds only letters, digits,
// '/' and ._~- (no scheme, query or escape), and its last segment is not
// a dot segment.
func hrefTail(href string) (string, bool) {
	path, _, _ := strings.Cut(href, "#")
	if path == "" || strings.HasPrefix(path, "//") {
		return "", false
	}
	for i := 0; i < len(path); i++ {
		if c := path[i]; !(c == '/' || plainByte[c]) {
			return "", false
		}
	}
	tail := path[strings.LastIndexByte(path, '/')+1:]
	if tail == "." || tail == ".." {
		return "", false
	}
	return tail, true
}

// plainByte marks the bytes plainRelative allows in a segment.
var plainByte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		t[c] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '.' || b == '_' || b == '~' || b == '-'
	}
	return t
}()

// size is how many keys need asks for; -1 (never reached by counting
// down) for all.
func (n *keyNeed) size() int {
	if n == nil {
		return -1
	}
	return len(n.urls) + len(n.anchors)
}

func (n *keyNeed) url(u string) bool {
	if n == nil {
		return true
	}
	_, ok := n.urls[u]
	return ok
}

func (n *keyNeed) anchor(a string) bool {
	if n == nil {
		return true
	}
	_, ok := n.anchors[a]
	return ok
}

func (n *keyNeed) anyURL() bool    { return n == nil || len(n.urls) > 0 }
func (n *keyNeed) anyAnchor() bool { return n == nil || len(n.anchors) > 0 }

// mayBeAnchor reports whether the anchor text of the link a
// (collapsedText) may be one n asks for: false only when its first byte,
// found without building it, starts none of them.
func (n *keyNeed) mayBeAnchor(a *html.Node) bool {
	if n == nil {
		return true
	}
	if n.firsts == nil {
		n.firsts = new([256]bool)
		for t := range n.anchors {
			n.firsts[t[0]] = true
		}
	}
	switch c, st := firstTextByte(a); st {
	case textNone:
		return false // no word: the anchor text is empty
	case textByte:
		return n.firsts[c]
	}
	return true
}

// What firstTextByte found.
const (
	textNone  = iota // no text node with a byte other than ASCII white space
	textByte         // the first byte
	textOther        // a byte ≥ 0x80 first: it may start a white space rune
)

// firstTextByte is the first byte of collapsedText(n, …) found without
// building it: the first byte other than ASCII white space of the text
// nodes under n in document order (textByte), unless a byte ≥ 0x80 comes
// first (textOther: it may start a white space rune, which collapsedText
// drops), or none (textNone).
func firstTextByte(n *html.Node) (byte, int) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode {
			if b, st := firstTextByte(c); st != textNone {
				return b, st
			}
			continue
		}
		for i := 0; i < len(c.Data); i++ {
			switch b := c.Data[i]; {
			case b >= utf8.RuneSelf:
				return 0, textOther
			case !asciiSpace[b]:
				return b, textByte
			}
		}
	}
	return 0, textNone
}
