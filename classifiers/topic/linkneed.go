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
	tails *tailSet // keyNeed.tails of urls, kept for the next walk
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
	tails   *tailSet   // the last segments of urls (mayWant), made when first asked
	firsts  *[256]bool // the first bytes of anchors (mayBeAnchor), made when first asked
}

// mayWant reports whether href may resolve to a URL n asks for: false
// only when its path is relative and plain (hrefTail) and no URL asked
// for ends with its last segment, so that the bulk of a page's links,
// not asked for, are not resolved and looked up.
func (n *keyNeed) mayWant(href string) bool {
	if n == nil {
		return true
	}
	h, ok := hrefTailHash(href)
	if !ok {
		return true
	}
	if n.tails == nil {
		n.tails = newTailSet(len(n.urls))
		for u := range n.urls {
			n.tails.add(tailHash(u[strings.LastIndexByte(u, '/')+1:]))
		}
	}
	return n.tails.has(h) // a hash shared by chance only passes one more href
}

// hrefTailHash is tailHash of the last segment of href's path when every
// URL href resolves to ends with "/" and that segment: its path (before
// any '#') is not empty, does not start with "//" and holds only letters,
// digits, '/' and ._~- (no scheme, query or escape), and its last segment
// is not a dot segment. The path's end is found by strings.IndexByte,
// its bytes are checked in one loop that notes where the last segment
// starts, and only that segment is hashed.
func hrefTailHash(href string) (uint64, bool) {
	end := strings.IndexByte(href, '#')
	if end < 0 {
		end = len(href)
	}
	path := href[:end]
	if end == 0 || end >= 2 && path[0] == '/' && path[1] == '/' {
		return 0, false
	}
	start := 0
	for i := 0; i < len(path); {
		for i < len(path) && pathByte[path[i]] == bytePlain { // a segment's bytes, in a loop of their own
			i++
		}
		if i == len(path) {
			break
		}
		if pathByte[path[i]] == byteOther {
			return 0, false
		}
		i++ // a '/'
		start = i
	}
	if tail := path[start:]; tail == "." || tail == ".." {
		return 0, false
	}
	return tailHash(path[start:]), true
}

// What pathByte tells of a byte of an href's path.
const (
	byteOther = iota // not allowed: hrefTailHash says no
	bytePlain        // plainByte
	byteSlash        // '/'
)

// pathByte classifies every byte for hrefTailHash.
var pathByte = func() (t [256]uint8) {
	for c := range t {
		switch {
		case plainByte[c]:
			t[c] = bytePlain
		case c == '/':
			t[c] = byteSlash
		}
	}
	return t
}()

// tailHash is the key of a URL's last path segment in a tailSet, as
// hrefTailHash computes it: its length and its first and last 8 bytes
// (the whole segment when it is at most 16 bytes long), mixed by two
// multiplications, instead of a hash a byte (FNV-1a before session 20):
// two segments that share the three are a hash shared by chance, which
// only lets one more href be resolved.
func tailHash(seg string) uint64 {
	n := len(seg)
	var first, last uint64
	if n >= 8 {
		first, last = load64(seg), load64(seg[n-8:])
	} else {
		for i := n - 1; i >= 0; i-- {
			first = first<<8 | uint64(seg[i])
		}
	}
	h := (first ^ uint64(n)<<56) * 0x9e3779b97f4a7c15
	h = (h ^ last) * 0xff51afd7ed558ccd
	return h ^ h>>32
}

// load64 is the first 8 bytes of s (at least 8 long), little-endian: one
// load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// tailSet is a set of tailHash values: open addressing, at most half
// full, 0 standing for an empty slot (a hash of 0 is kept as 1, which
// only makes one more href pass).
type tailSet struct {
	slots []uint64
	mask  uint64
}

func newTailSet(n int) *tailSet {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return &tailSet{slots: make([]uint64, size), mask: uint64(size - 1)}
}

func (t *tailSet) add(h uint64) {
	h = max(h, 1)
	for k := (h ^ h>>29) & t.mask; ; k = (k + 1) & t.mask {
		switch t.slots[k] {
		case 0:
			t.slots[k] = h
			return
		case h:
			return
		}
	}
}

func (t *tailSet) has(h uint64) bool {
	h = max(h, 1)
	for k := (h ^ h>>29) & t.mask; ; k = (k + 1) & t.mask {
		switch t.slots[k] {
		case 0:
			return false
		case h:
			return true
		}
	}
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
