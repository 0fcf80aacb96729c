package fpc

import (
	"math/bits"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// walker collects a page's features in one walk of its tree. Extract
// takes one from walkers and gives it back, so that its buffers serve
// page after page.
type walker struct {
	depths []depthCounts     // per depth: the elements by tag
	sets   [numSets][]uint64 // hashes in document order, distinct (put)
	seen   distinct          // the elements of the sets so far (distinct.go)
	above  [numSets]uint64   // per set: hashes above it are not kept (walker.cut)
	fields []uint64          // scratch for a class or id value's field hashes
	attrs  [attrSlots]attrEntry
	rare   [rareSlots]rareTag // the hashes of the other tags with an atom met (rareTagOf)
	gen    uint32             // the page's number for attrs (0: none yet)
}

var walkers = sync.Pool{New: func() any { w := new(walker); w.reset(); return w }}

// depthCounts counts the elements of one depth by tag: the commonTags by
// bit (layers.go), other tags in a short list. mask has the bits of the
// common tags counted, so that a layer is made from those alone (a depth
// holds a few of the 64).
type depthCounts struct {
	common [64]int32
	mask   uint64
	rare   []tagCount
}

type tagCount struct {
	tag uint64
	n   int
}

// reset empties the walker for the next page, keeping its buffers.
func (w *walker) reset() {
	for d := range w.depths {
		w.depths[d].common = [64]int32{}
		w.depths[d].mask = 0
		w.depths[d].rare = w.depths[d].rare[:0]
	}
	w.depths = w.depths[:0] // the depths beyond the length are empty: reset before
	for i := range w.sets {
		w.sets[i] = w.sets[i][:0]
		w.above[i] = ^uint64(0)
	}
	w.seen.reset()
}

// count counts an element with tag hash tag at depth d, whose common-tag
// bit is bit (-1: none).
func (w *walker) count(d int, tag uint64, bit int) {
	for len(w.depths) <= d {
		if len(w.depths) < cap(w.depths) {
			w.depths = w.depths[:len(w.depths)+1]
		} else {
			w.depths = append(w.depths, depthCounts{})
		}
	}
	c := &w.depths[d]
	if bit >= 0 {
		c.common[bit&63]++
		c.mask |= 1 << (bit & 63)
		return
	}
	for k := range c.rare {
		if c.rare[k].tag == tag {
			c.rare[k].n++
			return
		}
	}
	c.rare = append(c.rare, tagCount{tag, 1})
}

// commonByHash is the bits of commonTags in the order of their tag
// hashes, with the hashes: a layer lists its common tags in this order.
var commonByHash = func() (order [64]struct {
	hash uint64
	bit  uint8
}) {
	for b, name := range commonTags {
		order[b].hash, order[b].bit = hashString(name), uint8(b)
	}
	slices.SortFunc(order[:], func(x, y struct {
		hash uint64
		bit  uint8
	}) int {
		return cmpU64(x.hash, y.hash)
	})
	return order
}()

// hashRank is each common-tag bit's place in commonByHash.
var hashRank = func() (rank [64]uint8) {
	for r, t := range commonByHash {
		rank[t.bit&63] = uint8(r)
	}
	return rank
}()

// distinct is the number of tags counted at the depth.
func (c *depthCounts) distinct() int { return len(c.rare) + bits.OnesCount64(c.mask) }

// byHash returns the depth's common tags as a mask of their places in
// commonByHash (bit r: commonByHash[r] was counted).
func (c *depthCounts) byHash() uint64 {
	var ranks uint64
	for m := c.mask; m != 0; m &= m - 1 {
		ranks |= 1 << hashRank[bits.TrailingZeros64(m)]
	}
	return ranks
}

// layer writes the depth's tag frequencies (count / elements of the
// depth), sorted by tag hash, to dst, which has room for distinct() of
// them: the common tags in commonByHash order merged with the sorted rare
// ones.
func (c *depthCounts) layer(dst []tagFreq) {
	total := 0
	for m := c.mask; m != 0; m &= m - 1 {
		total += int(c.common[bits.TrailingZeros64(m)])
	}
	for _, r := range c.rare {
		total += r.n
	}
	slices.SortFunc(c.rare, func(x, y tagCount) int { return cmpU64(x.tag, y.tag) })
	i, j := 0, 0
	for ranks := c.byHash(); ranks != 0; ranks &= ranks - 1 {
		t := commonByHash[bits.TrailingZeros64(ranks)]
		k := c.common[t.bit&63]
		for ; j < len(c.rare) && c.rare[j].tag < t.hash; i, j = i+1, j+1 {
			dst[i] = tagFreq{c.rare[j].tag, float64(c.rare[j].n) / float64(total)}
		}
		dst[i] = tagFreq{t.hash, float64(k) / float64(total)}
		i++
	}
	for ; j < len(c.rare); i, j = i+1, j+1 {
		dst[i] = tagFreq{c.rare[j].tag, float64(c.rare[j].n) / float64(total)}
	}
}

func (w *walker) add(set int, s string) {
	if s = trimSpace(s); s != "" {
		w.put(set, hashString(s))
	}
}

func (w *walker) walk(n *html.Node, depth int) {
	code := false // the children's text is code, not text
	if n.Type == html.ElementNode {
		d := min(depth, maxDepth)
		var kind uint8
		if e := &commonAtoms[tagSlot(n.DataAtom)]; n.DataAtom != 0 && e.atom == n.DataAtom {
			kind = kindOfBit[e.bit&63]
			if d < len(w.depths) { // a common tag at a depth met before
				dc := &w.depths[d]
				dc.common[e.bit&63]++
				dc.mask |= 1 << (e.bit & 63)
			} else {
				w.count(d, e.hash, int(e.bit))
			}
		} else {
			h, bit := w.rareTagOf(n)
			w.count(d, h, bit)
			kind = kindOfName(n.Data)
		}
		if len(n.Attr) > 0 {
			w.element(n)
		}
		switch kind {
		case kindA:
			w.addAnchor(n)
		case kindScript:
			if c := n.FirstChild; c != nil && c.Type == html.TextNode {
				w.jsFuncs(c.Data)
			}
			code = true
		case kindStyle:
			code = true
		}
		depth++
	} else {
		if n.Type == html.TextNode && n.Parent == nil {
			w.shortText(n.Data)
		}
		code = n.Data == "script" || n.Data == "style"
	}
	// The children's text nodes are taken here, without a call each (half
	// of a documentation page's nodes are text).
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && c.FirstChild == nil {
			if code {
				continue
			}
			// w.shortText without its calls when the text needs no
			// trimming (shortText's first case), or is one white space
			// byte (its second).
			t := c.Data
			if k := len(t); k > 0 && !spaceOrWide[t[0]] && !spaceOrWide[t[k-1]] {
				if k <= 24 {
					w.put(SetShortText, hashString(t))
				}
			} else if k != 1 || !space256[t[0]] {
				if t, ok := shortText(t); ok {
					w.put(SetShortText, hashString(t))
				}
			}
			continue
		}
		w.walk(c, depth)
	}
}

// The kinds of element the walk treats apart from the rest.
const (
	kindOther  = iota
	kindA      // a: its anchor text is in SetAnchors
	kindScript // script: the functions its text defines; its text is code
	kindStyle  // style: its text is code
)

// kindOfBit is the kind of each common tag, by its bit. The walk takes an
// element's kind from its atom when that is a common tag's, as it takes
// the tag's hash (tagcache.go): the parser gives an element the atom of
// its name.
var kindOfBit = func() (k [64]uint8) {
	for b, name := range commonTags {
		k[b] = kindOfName(name)
	}
	return k
}()

// kindOfName is the kind of the element named name.
func kindOfName(name string) uint8 {
	switch name {
	case "a":
		return kindA
	case "script":
		return kindScript
	case "style":
		return kindStyle
	}
	return kindOther
}

// shortText adds text node t to SetShortText if it is short (shortText).
func (w *walker) shortText(t string) {
	if t, ok := shortText(t); ok {
		w.put(SetShortText, hashString(t))
	}
}

// shortText returns t with white space trimmed (strings.TrimSpace) when
// that is 1 to 24 bytes long. A text that starts and ends with ASCII bytes
// that are not white space (most text nodes: running text, punctuation,
// names) needs no trimming.
func shortText(t string) (string, bool) {
	if k := len(t); k > 0 && !spaceOrWide[t[0]] && !spaceOrWide[t[k-1]] {
		return t, k <= 24
	} else if k == 1 && space256[t[0]] { // a line break or space alone: a third of the rest
		return "", false
	}
	// The ASCII white space it starts with (trimSpace would cut it): a
	// text of white space alone (indentation) ends here, and one whose
	// text starts with an ASCII byte and has one 24 bytes on is too long
	// whatever its end (most paragraphs), without a look at the end.
	i := 0
	for i < len(t) && space256[t[i]] {
		i++
	}
	if i == len(t) {
		return "", false
	}
	if i+24 < len(t) && !spaceOrWide[t[i]] && !spaceOrWide[t[i+24]] {
		return "", false
	}
	t = trimSpace(t[i:])
	return t, t != "" && len(t) <= 24
}

// spaceOrWide marks the ASCII white space bytes and the bytes of wider
// runes (≥ utf8.RuneSelf), which may be white space.
var spaceOrWide = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= utf8.RuneSelf || asciiSpace[c]
	}
	return t
}()

// space256 is asciiSpace over every byte value.
var space256 = func() (t [256]bool) {
	copy(t[:], asciiSpace[:])
	return t
}()

// trimSpace is strings.TrimSpace(s): ASCII white space is cut here (a
// third of a documentation page's text nodes are a line break, a space or
// indentation), and strings.TrimSpace looks at what is left only when a
// wider rune starts or ends it.
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && space256[s[i]] {
		i++
	}
	for j > i && space256[s[j-1]] {
		j--
	}
	if i < j && (s[i] >= utf8.RuneSelf || s[j-1] >= utf8.RuneSelf) {
		return trimWideSpace(s[i:j])
	}
	return s[i:j]
}

// trimWideSpace is strings.TrimSpace(s) without its function values: the
// white space runes (unicode.IsSpace) are cut from the start, decoding as
// strings.TrimLeftFunc does, then from the end, as strings.TrimRightFunc
// does. A text node that starts or ends with a wider rune is mostly a
// symbol (a Sphinx page's "¶" links), which strings.TrimSpace took a few
// hundred instructions to keep whole.
func trimWideSpace(s string) string {
	for len(s) > 0 {
		r, size := rune(s[0]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s)
		}
		if !unicode.IsSpace(r) {
			break
		}
		s = s[size:]
	}
	for len(s) > 0 {
		r, size := rune(s[len(s)-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(s)
		}
		if !unicode.IsSpace(r) {
			break
		}
		s = s[:len(s)-size]
	}
	return s
}

// element adds the set elements of element n's attributes (its kind's
// are the walk's).
func (w *walker) element(n *html.Node) {
	for i := range n.Attr {
		a := &n.Attr[i]
		switch a.Key {
		case "class", "id":
			// The hash of n.Data+"."+a.Key+"="+v for each field v, built
			// without the strings.
			if a.Key == "class" && w.attrSeen(n, a.Val) {
				continue // its elements are in the set already
			}
			prefix := fnvAdd(fnvAdd(fnvAdd(fnvOffset, n.Data), "."), a.Key)
			prefix = fnvAdd(prefix, "=")
			w.fields = appendFieldHashes(w.fields[:0], prefix, a.Val)
			for _, h := range w.fields {
				w.put(SetTagAttr, h)
			}
		case "href":
			switch {
			case n.Data == "a" || n.Data == "area":
				w.add(SetLinks, beforeQueryOrFragment(a.Val))
			case n.Data == "link" && hasSuffixFold(beforeQuery(a.Val), ".css"):
				w.add(SetCSS, fileName(a.Val))
			}
		case "src":
			switch n.Data {
			case "script":
				w.add(SetJS, fileName(a.Val))
			case "img":
				w.add(SetImages, fileName(a.Val))
			}
		default:
			if strings.HasPrefix(a.Key, "on") {
				w.jsFuncs(a.Val)
			}
		}
	}
}

// addAnchor adds the hash of the anchor text of a: its text nodes (up to
// about 200 bytes, anchorText) with runs of white space folded to one
// space and the ends trimmed, hashed as they are read.
func (w *walker) addAnchor(a *html.Node) {
	t := anchorText{h: fnvOffset}
	t.nodes(a)
	if t.any {
		w.put(SetAnchors, t.h)
	}
}

// anchorText hashes an anchor's text as joinedFieldsHash would hash its
// text nodes below it, each followed by a space, taken while they come to
// less than 200 bytes: each node's fields continue the hash (a field
// never runs from one node into the next, the space is between them), and
// n counts the bytes the nodes so far would take, so nothing is copied.
type anchorText struct {
	h   uint64
	n   int  // bytes of the nodes so far, a space after each
	any bool // a field was hashed
}

// nodes hashes the text nodes below m, in document order, until they
// come to 200 bytes or more.
func (t *anchorText) nodes(m *html.Node) {
	for c := m.FirstChild; c != nil && t.n < 200; c = c.NextSibling {
		if c.Type == html.TextNode {
			t.h, t.any = moreFields(t.h, t.any, c.Data)
			t.n += len(c.Data) + 1
		} else {
			t.nodes(c)
		}
	}
}

// beforeQueryOrFragment cuts u at its first '?' or '#'.
func beforeQueryOrFragment(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		u = u[:i]
	}
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u = u[:i]
	}
	return u
}

func beforeQuery(u string) string {
	u, _, _ = strings.Cut(u, "?")
	return u
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

func fileName(u string) string { return path.Base(beforeQueryOrFragment(u)) }
