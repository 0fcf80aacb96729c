package fpc

import (
	"math"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
)

// The eight set features, in order.
const (
	SetTagAttr   = iota // tag.attribute=value, e.g. div.class=post
	SetLinks            // link URLs (path only, no query)
	SetCSS              // stylesheet file names
	SetJS               // script file names
	SetJSFunc           // JavaScript function names
	SetAnchors          // anchor texts
	SetShortText        // short text nodes (≤ 24 bytes)
	SetImages           // image file names
	numSets
)

// maxDepth bounds the layered vector; deeper nodes count in the last layer.
const maxDepth = 48

// Features are the nine features of one page.
type Features struct {
	Layers [][]tagFreq       // per depth: tag-name frequencies, sorted by tag, unit length
	Sets   [numSets][]uint64 // sorted hashed set elements
	bits   setBits           // the same sets as bitsets, for the similarities
	nbits  [numSets]int      // bits set in each set's bitset
	sizes  [numSets]float64  // each set's size as estimated from its bitset
	lcAt   [numSets]int      // lcBase + nbits: lcTable indexes start here
	layers layerIndex        // Layers as bitmasks and packed weights
}

// unit scales a layer to unit length: the cosine of two layers is then
// their dot product (the frequencies keep their proportions; cosine does
// not see the scale).
func unit(layer []tagFreq) []tagFreq {
	var n float64
	for _, x := range layer {
		n += x.Freq * x.Freq
	}
	if n == 0 {
		return layer
	}
	n = math.Sqrt(n)
	for i := range layer {
		layer[i].Freq /= n
	}
	return layer
}

type tagFreq struct {
	Tag  uint64
	Freq float64
}

// Extract computes the features of a parsed page in one walk of its tree.
func Extract(doc *html.Node) *Features {
	w := walker{counts: make([]map[uint64]int, 0, 16)}
	w.walk(doc, 0)
	f := &Features{Layers: make([][]tagFreq, 0, len(w.counts))}
	for _, m := range w.counts {
		total := 0
		for _, c := range m {
			total += c
		}
		layer := make([]tagFreq, 0, len(m))
		for t, c := range m {
			layer = append(layer, tagFreq{t, float64(c) / float64(total)})
		}
		slices.SortFunc(layer, func(a, b tagFreq) int { return cmpU64(a.Tag, b.Tag) })
		f.Layers = append(f.Layers, unit(layer))
	}
	for i, s := range w.sets {
		slices.Sort(s)
		f.Sets[i] = bottomK(slices.Clip(slices.Compact(s)), setSampleCap[i])
	}
	f.sketch()
	return f
}

// ExtractAll extracts the features of many pages on all cores.
func ExtractAll(docs []*html.Node) []*Features {
	out := make([]*Features, len(docs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(docs)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(docs); i = int(next.Add(1)) - 1 {
				out[i] = Extract(docs[i])
			}
		})
	}
	wg.Wait()
	return out
}

type walker struct {
	counts []map[uint64]int
	sets   [numSets][]uint64 // hashes in document order, duplicates included
	text   []byte            // scratch for anchor texts
}

func (w *walker) add(set int, s string) {
	if s = strings.TrimSpace(s); s != "" {
		w.sets[set] = append(w.sets[set], hashString(s))
	}
}

func (w *walker) walk(n *html.Node, depth int) {
	if n.Type == html.ElementNode {
		d := min(depth, maxDepth)
		for len(w.counts) <= d {
			w.counts = append(w.counts, map[uint64]int{})
		}
		w.counts[d][hashString(n.Data)]++
		w.element(n)
		depth++
	} else if n.Type == html.TextNode {
		if t := strings.TrimSpace(n.Data); t != "" && len(t) <= 24 && (n.Parent == nil || n.Parent.Data != "script" && n.Parent.Data != "style") {
			w.add(SetShortText, t)
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c, depth)
	}
}

func (w *walker) element(n *html.Node) {
	for _, a := range n.Attr {
		switch a.Key {
		case "class", "id":
			// The hash of n.Data+"."+a.Key+"="+v for each field v, built
			// without the strings.
			prefix := fnvAdd(fnvAdd(fnvAdd(fnvOffset, n.Data), "."), a.Key)
			prefix = fnvAdd(prefix, "=")
			eachField(a.Val, func(v string) { w.sets[SetTagAttr] = append(w.sets[SetTagAttr], fnvAdd(prefix, v)) })
		case "href":
			switch {
			case n.Data == "a" || n.Data == "area":
				u := a.Val
				if i := strings.IndexAny(u, "?#"); i >= 0 {
					u = u[:i]
				}
				w.add(SetLinks, u)
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
	switch n.Data {
	case "a":
		w.addAnchor(n)
	case "script":
		if c := n.FirstChild; c != nil && c.Type == html.TextNode {
			w.jsFuncs(c.Data)
		}
	}
}

// jsFuncs adds the names of the functions src defines: "function name(",
// "name = function" and "name: function" (at most 64 per script).
func (w *walker) jsFuncs(src string) {
	for n, at := 0, 0; n < 64; n++ {
		i := strings.Index(src[at:], "function")
		if i < 0 {
			return
		}
		i += at
		at = i + len("function")
		if name := identAfter(src[at:]); name != "" {
			w.add(SetJSFunc, name)
		} else if name := identBefore(src[:i]); name != "" {
			w.add(SetJSFunc, name)
		}
	}
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// identAfter reads " name" after the keyword (at least one space first).
func identAfter(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	if i == 0 {
		return ""
	}
	j := i
	for j < len(s) && isIdent(s[j]) {
		j++
	}
	if j == i || ('0' <= s[i] && s[i] <= '9') {
		return ""
	}
	return s[i:j]
}

// identBefore reads "name =" or "name:" before the keyword.
func identBefore(s string) string {
	i := len(s)
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n') {
		i--
	}
	if i == 0 || (s[i-1] != '=' && s[i-1] != ':') {
		return ""
	}
	i--
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		i--
	}
	j := i
	for j > 0 && isIdent(s[j-1]) {
		j--
	}
	if j == i || ('0' <= s[j] && s[j] <= '9') {
		return ""
	}
	return s[j:i]
}

// addAnchor adds the hash of the anchor text of a: its text nodes (up to
// about 200 bytes) with runs of white space folded to one space and the
// ends trimmed, built in a reused buffer.
func (w *walker) addAnchor(a *html.Node) {
	w.text = appendText(w.text[:0], a)
	h, any := fnvOffset, false
	eachField(unsafe.String(unsafe.SliceData(w.text), len(w.text)), func(f string) {
		if any {
			h = fnvAdd(h, " ")
		}
		h, any = fnvAdd(h, f), true
	})
	if any {
		w.sets[SetAnchors] = append(w.sets[SetAnchors], h)
	}
}

// appendText appends the text nodes below m to b, each followed by a
// space, until b holds 200 bytes or more.
func appendText(b []byte, m *html.Node) []byte {
	for c := m.FirstChild; c != nil && len(b) < 200; c = c.NextSibling {
		if c.Type == html.TextNode {
			b = append(b, c.Data...)
			b = append(b, ' ')
		} else {
			b = appendText(b, c)
		}
	}
	return b
}

// eachField calls f with the fields of s as strings.Fields splits them
// (at unicode.IsSpace), without allocating.
func eachField(s string, f func(string)) {
	start := -1
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if unicode.IsSpace(r) {
			if start >= 0 {
				f(s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		f(s[start:])
	}
}

func beforeQuery(u string) string {
	u, _, _ = strings.Cut(u, "?")
	return u
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

func fileName(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return path.Base(u)
}

// hashString is 64-bit FNV-1a of s, without allocating.
// fnvOffset is the FNV-1a 64-bit offset basis.
const fnvOffset = uint64(14695981039346656037)

// hashString is FNV-1a 64 of s.
func hashString(s string) uint64 { return fnvAdd(fnvOffset, s) }

// fnvAdd continues the FNV-1a hash h over s, so hashing the parts of a
// string in turn gives the hash of the whole.
func fnvAdd(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// bottomK keeps a sorted set's k smallest hashes (setSampleCap, sketch.go):
// a uniform sample of the elements, since they are hashes, so a page with
// thousands of links costs no more to compare than one with a few hundred.
func bottomK(s []uint64, k int) []uint64 {
	if len(s) > k {
		return s[:k:k]
	}
	return s
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
