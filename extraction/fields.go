package extraction

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A record's leaves are aligned into columns by their tag/class path from
// the record root: the k-th leaf with a given path in a record goes to
// column "path[k]". Records built on one template produce the same paths,
// so the columns line up across the records of a page and across the pages
// of a template cluster without pairwise alignment; columns.go names them.

// kind is what a value holds.
type kind uint8

const (
	kindText kind = iota
	kindLink
	kindImage
)

// value is one leaf of a record.
type value struct {
	key  string
	val  string
	id   int32 // the key's id on its page (keyer), 0 when not given
	kind kind
}

// recordValues lists the leaves of a record (text, link href, image src) in
// document order with their column keys (made by ks, which a page's
// records share). Addresses are resolved by abs (nil: kept as written).
// The text of permalink anchors (a pilcrow after a heading) is left out;
// their address is kept. The values are appended to out (the values of a
// page's earlier records: indices into it stay absolute), which is
// returned.
func recordValues(out []value, t *stm.Tree, ks *keyer, rec []int32, abs func(string) string) []value {
	inl := ks.inline
	ks.record()
	// the last value's further paragraphs, joined once it is complete
	// (appending each to the string would copy it again and again)
	pending := false // ks.join holds the last value with its further paragraphs
	joined := func() {
		if pending {
			out[len(out)-1].val = string(ks.join)
			pending = false
		}
	}
	emit := func(path int32, sfx suffixKind, v string, kd kind) {
		if v == "" || kd != kindText && scriptURL(v) {
			return
		}
		if kd != kindText && abs != nil {
			v = abs(v)
		}
		b := ks.key(path, sfx)
		k := ks.count(b)
		switch {
		case k >= textRepeats && kd == kindText && len(out) > 0 && int(ks.last[b]) == len(out)-1:
			// the next paragraph of a description: one value
			if !pending {
				ks.join = append(ks.join[:0], out[len(out)-1].val...)
				pending = true
			}
			ks.join = append(append(ks.join, ' '), v...)
			return
		case k >= textRepeats:
			// interleaved with other values, or links of a long list
			// inside a record: Other, in document order
			joined()
			mk, id := ks.more()
			out = append(out, value{key: mk, val: v, id: id, kind: kd})
			return
		}
		joined()
		if kd == kindText {
			ks.last[b] = int32(len(out))
		}
		key, id := ks.repeat(b, k)
		out = append(out, value{key: key, val: v, id: id, kind: kd})
	}
	var path []int32 // path[d]: the tag.class path from the record root to depth d
	cur := func() int32 {
		if len(path) == 0 {
			return 0
		}
		return path[len(path)-1]
	}
	push := func(i int) { path = append(path, ks.child(cur(), int32(i))) }
	var href func(i int)
	href = func(i int) { // a link inside a text value, or formatting around links
		push(i)
		if tagOf(t, i) == atom.A {
			emit(cur(), sfxHref, attr(t.Node[i], "href"), kindLink)
		} else {
			for _, c := range t.Children(i) {
				if !inl[c] {
					href(int(c))
				}
			}
		}
		path = path[:len(path)-1]
	}
	var walk func(i int)
	walk = func(i int) {
		n := t.Node[i]
		if t.Label[i] == stm.TextLabel {
			emit(cur(), sfxText, collapse(n.Data), kindText)
			return
		}
		if l, ok := ks.labels[int32(i)]; ok {
			if l != "" { // a labelled description: its text, and its first link
				push(i)
				text, href := labelled(t, inl, &ks.run, i)
				emit(cur(), sfxText, text, kindText)
				emit(cur(), sfxHref, href, kindLink)
				path = path[:len(path)-1]
			}
			return // a field label names the column: it is no value
		}
		push(i)
		if permalink(t, i) { // its address only: the entry's own anchor
			emit(cur(), sfxHref, attr(n, "href"), kindLink)
			path = path[:len(path)-1]
			return
		}
		switch n.DataAtom {
		case atom.A:
			emit(cur(), sfxHref, attr(n, "href"), kindLink)
		case atom.Img:
			src := attr(n, "src")
			if src == "" {
				src = attr(n, "data-src")
			}
			emit(cur(), sfxSrc, src, kindImage)
		}
		runs(t, inl, t.Children(i), &ks.run, walk, func(text string) { emit(cur(), sfxText, text, kindText) }, href)
		path = path[:len(path)-1]
	}
	runs(t, inl, rec, &ks.run, walk, func(text string) { emit(0, sfxRootText, text, kindText) }, href)
	joined()
	return out
}

// labelled returns the text of the description at i (labels.go), its
// runs separated by a space, and the address of its first link: one
// value, as the label names one field ("Specified by: size in interface
// Map<K,V>").
func labelled(t *stm.Tree, inl []bool, buf *[]byte, i int) (text, href string) {
	var b strings.Builder
	add := func(s string) {
		if s != "" {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s)
		}
	}
	link := func(c int) {
		if href == "" {
			href = attr(t.Node[c], "href")
		}
	}
	var walk func(j int)
	walk = func(j int) {
		if t.Label[j] == stm.TextLabel {
			add(collapse(t.Node[j].Data))
			return
		}
		if tagOf(t, j) == atom.A {
			link(j)
		}
		runs(t, inl, t.Children(j), buf, walk, add, link)
	}
	walk(i)
	return b.String(), href
}

// textRepeats is how many values of one path a record keeps apart;
// further text values right after the last one (the fourth and later
// paragraphs of a description) are appended to it, other further values
// (the links of a long list inside a record) go to Other, in document
// order, so that repeats do not make a column each.
const textRepeats = 3

// moreKey is the key of values that always go to Other.
const moreKey = "\x00more"

// permalink reports whether node i is a link whose whole text is a
// permalink sign (Sphinx's headerlink "¶", "§", "#"): page furniture,
// not a field, and not to be glued to the heading's text.
func permalink(t *stm.Tree, i int) bool {
	n := t.Node[i]
	if n.DataAtom != atom.A {
		return false
	}
	var a [64]byte // a permalink's text is a sign: most links' fit too
	switch strings.TrimSpace(string(appendText(a[:0], n))) {
	case "¶", "§", "#", "🔗":
		return true
	case "":
		return strings.Contains(attr(n, "class"), "headerlink")
	}
	return false
}

// runs walks the sibling nodes kids: a run of text nodes and inline
// formatting (query-term highlights inside a snippet) becomes one text
// value, and so does a link inside such a run when the run has text of its
// own beside it (a link in a sentence: "welcome to <a>/r/politics</a>
// 2016 returns"), the link's address then given to link; an inline element
// or link standing alone, like every other element, is walked and keeps
// its own path. inl marks the nodes inline holds for (inlineMarks).
//
// buf is the buffer a run's text is built in, kept by the caller from run
// to run (text gets a string of its own; runs is not reentered while a
// run is built, so one buffer serves the whole recursion).
func runs(t *stm.Tree, inl []bool, kids []int32, buf *[]byte, walk func(int), text func(string), link func(int)) {
	for k := 0; k < len(kids); {
		end, prose := k, false
		for end < len(kids) && (inl[kids[end]] || inlineLinked(t, inl, int(kids[end]))) {
			c := int(kids[end])
			// a text node of the tree holds a non-space rune (stm keeps no
			// blank text without Options.KeepBlankText, which no tree of
			// this package sets): it is prose without reading its text
			prose = prose || t.Label[c] == stm.TextLabel
			end++
		}
		if !prose { // links only with formatting: each link its own value
			end = k
			for end < len(kids) && inl[kids[end]] {
				end++
			}
			if k == 0 && end > 1 && definitionName(t, kids) {
				end = 1 // a definition's name, then its signatures
			}
		}
		switch {
		case end == k:
			walk(int(kids[k]))
			k++
		case end == k+1 && t.Label[kids[k]] != stm.TextLabel:
			walk(int(kids[k]))
			k++
		case end == k+1:
			// one text node: its text as the run's builder would give it
			text(collapse(t.Node[kids[k]].Data))
			k++
		default:
			// the run's text is built in buf and collapsed in place:
			// one string of the collapsed text, not a builder's growing
			// copies and collapse's copy of them
			b := (*buf)[:0]
			first := k
			for ; k < end; k++ {
				c := int(kids[k])
				if prev := t.Node[c].PrevSibling; len(b) > 0 && prev != nil && prev.Type == html.TextNode && strings.TrimSpace(prev.Data) == "" {
					b = append(b, ' ') // white space between two elements (not in the tree)
				}
				switch {
				case permalink(t, c):
				case k > 0 && t.Label[c] != stm.TextLabel && t.Node[c].PrevSibling == t.Node[kids[k-1]] &&
					t.Label[kids[k-1]] != stm.TextLabel:
					b = appendElement(b, t.Node[c]) // right after another element
				default:
					b = appendText(b, t.Node[c])
				}
			}
			*buf = b
			text(string(collapseBytes(b)))
			for _, c := range kids[first:end] {
				if tagOf(t, int(c)) == atom.A || !inl[c] {
					link(int(c)) // a link, or formatting around one
				}
			}
		}
	}
}

// appendText appends the text under n to b, a <br> as a space.
func appendText(b []byte, n *html.Node) []byte {
	switch n.Type {
	case html.TextNode:
		return append(b, n.Data...)
	case html.ElementNode:
		switch n.DataAtom {
		case atom.Br:
			return append(b, ' ')
		case atom.Script, atom.Style, atom.Noscript, atom.Select, atom.Template:
			return b
		}
	default:
		return b
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.PrevSibling != nil && (block(c) || block(c.PrevSibling)) {
			b = append(b, ' ') // separate blocks are separate words
		}
		b = appendText(b, c)
	}
	return b
}

// appendElement appends the text of element c, a sibling following other
// elements already in b: a space separates them when the glued texts
// would run two words together ("24 Mar 2005" "Sports Desk", "10 EUR"
// "new"), not when either side is punctuation ("os." "abort" "(" of a
// signature).
func appendElement(b []byte, c *html.Node) []byte {
	start := len(b)
	b = appendText(b, c)
	if start > 0 && len(b) > start {
		last, _ := utf8.DecodeLastRune(b[:start])
		first, _ := utf8.DecodeRune(b[start:])
		if word(last) && word(first) {
			b = append(b, 0) // a space before the element's text
			copy(b[start+1:], b[start:])
			b[start] = ' '
		}
	}
	return b
}

// word reports whether r is a letter or digit of a script that separates
// words with spaces (CJK text runs on without them).
func word(r rune) bool {
	return r < 0x2E80 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// block reports whether n is an element that is not inline formatting
// (a div, a cell, a list item): its text is separate from its
// neighbours'. Adjacent inline elements stay glued ("os." "abort" of a
// signature, a highlighted syllable).
func block(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch a := n.DataAtom; {
	case formatting(a):
		return false
	case a == atom.A, a == atom.Img, a == atom.S, a == atom.Del, a == atom.Ins, a == atom.Label, a == atom.Time:
		return false
	}
	return true
}

// formatting reports whether a is an inline formatting element that both
// inline (a text value's run) and block (where text is spaced apart) treat
// as part of the surrounding text (DocBook's <acronym> split "Use the SGML
// catalog" into three fields before it was here). block adds links,
// images, edits, labels and times.
func formatting(a atom.Atom) bool {
	switch a {
	case atom.B, atom.I, atom.Em, atom.Strong, atom.U, atom.Mark, atom.Font, atom.Small, atom.Big, atom.Span,
		atom.Sup, atom.Sub, atom.Abbr, atom.Acronym, atom.Dfn, atom.Code, atom.Wbr, atom.Br, atom.Q, atom.Cite, atom.Tt,
		atom.Kbd, atom.Var, atom.Samp, atom.Bdi, atom.Bdo:
		return true
	}
	return false
}

// segmentName is tag or tag.class, where class is the first class token
// with digits removed (ids like item-123 would split columns otherwise).
func segmentName(n *html.Node) string {
	tag := n.Data
	cls := firstField(attr(n, "class"))
	if cls == "" {
		return tag
	}
	c := cls
	if plainClass(c) {
		return tag + "." + c
	}
	c = strings.Trim(strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, c), "-_")
	if c == "" {
		return tag
	}
	return tag + "." + c
}

// plainClass reports whether segmentName keeps class token c as it is:
// ASCII (strings.Map would replace invalid bytes), no digit, not
// starting or ending with '-' or '_' (c is not empty).
func plainClass(c string) bool {
	if e := c[len(c)-1]; c[0] == '-' || c[0] == '_' || e == '-' || e == '_' {
		return false
	}
	for i := 0; i < len(c); i++ {
		if '0' <= c[i] && c[i] <= '9' || c[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// firstField is strings.Fields(s)[0] ("" when s is all space), without
// the slice of every field.
func firstField(s string) string {
	i := 0
	for i < len(s) {
		r, w := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[i:])
		}
		if !isSpace(r) {
			break
		}
		i += w
	}
	j := i
	for j < len(s) {
		r, w := rune(s[j]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[j:])
		}
		if isSpace(r) {
			break
		}
		j += w
	}
	return s[i:j]
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name && a.Namespace == "" {
			return strings.TrimSpace(a.Val)
		}
	}
	return ""
}

// RecordFields returns the named values of one record given as its
// consecutive DOM subtrees, named as ExtractPage names them (without
// cross-record alignment). The MDR baseline uses it.
func RecordFields(nodes []*html.Node) []crawl.Field {
	var out []crawl.Field
	for _, n := range nodes {
		t := stm.Build(n, stm.DefaultOptions())
		if t.Len() == 0 {
			continue
		}
		ks := newKeyer(func(i int32) string { return segmentName(t.Node[i]) })
		ks.inline = inlineMarks(t, []int32{0}, nil)
		for _, v := range recordValues(nil, t, ks, []int32{0}, nil) {
			out = append(out, crawl.Field{Name: v.key, Value: v.val})
		}
	}
	return out
}

// scriptURL reports whether an address is a javascript: URL: a script the
// link runs, not a document (the Erlang/OTP docs link every type of
// another application as javascript:erlhref('../../../../doc/../','erts',
// 'erlang.html#type-term')), so no link or image value. Its text stays.
func scriptURL(v string) bool {
	v = strings.TrimLeft(v, " \t\n\r\f")
	return len(v) >= 11 && strings.EqualFold(v[:11], "javascript:")
}
