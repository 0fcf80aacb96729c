package topic

import (
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/text"
)

// HubRatio is the paper's threshold: a page whose anchor text is more than
// this share of its text is hub-like.
const HubRatio = 0.6

// Content is what the topic model reads of a page (extract_content of the
// paper).
type Content struct {
	Text        string // the content: anchor texts for a hub-like page, else text without anchor text
	Hub         bool   // anchor text / all text > HubRatio
	TextRunes   int    // non-space characters of all kept text (anchors included)
	AnchorRunes int    // non-space characters of anchor text
}

// isNoiseTag reports whether elements of this tag are dropped with
// everything under them.
func isNoiseTag(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Iframe, atom.Noscript, atom.Nav, atom.Footer, atom.Aside,
		atom.Select, atom.Template, atom.Svg, atom.Object, atom.Embed, atom.Button, atom.Form, atom.Head:
		return true
	}
	return false
}

// isNoiseWord reports whether a word of a class or id marks a
// navigation-like element ("sd-menu", "site-footer", "dg-related"). The
// words follow Mozilla Readability's unlikelyCandidates pattern (menu,
// footer, header, sidebar, related, comment, pagination, …) plus nav and
// tags; they are matched as words, not substrings, so "football" is not
// "foot".
func isNoiseWord(w string) bool {
	switch w {
	case "nav", "navbar", "navigation", "menu", "menubar", "footer", "foot", "header", "masthead",
		"breadcrumb", "breadcrumbs", "sidebar", "pager", "pagination", "cookie", "cookies",
		"share", "social", "skip", "banner", "related", "comment", "comments", "community",
		"disqus", "sponsor", "shoutbox", "popup", "rss", "tags", "tagcloud", "more":
		return true
	}
	return false
}

// ExtractContent returns the content of a parsed page as the paper's
// extract_content defines it: all text except script, style, iframe,
// noscript, forms, <head> and navigation-like elements (<nav>, <footer>,
// <aside>, and elements whose class or id holds a word such as
// nav, menu, header, footer, sidebar, related, tags, pager, unless they
// hold the main content or are <html> or <body>: keepsNoise); then, when the anchor text
// is more than HubRatio of that text the page is hub-like and its content
// is its anchor texts, otherwise its content is its text without anchor
// text. The <title> is not part of the content (it lives in <head>). A nil
// doc gives an empty Content.
func ExtractContent(doc *html.Node) Content {
	if doc == nil {
		return Content{}
	}
	w := contentWalkers.Get().(*contentWalker)
	w.walk(doc, false)
	c := Content{TextRunes: w.plainRunes + w.anchorRunes, AnchorRunes: w.anchorRunes}
	c.Hub = c.TextRunes > 0 && float64(w.anchorRunes) > HubRatio*float64(c.TextRunes)
	c.Text = w.build(c.Hub)
	w.reset()
	contentWalkers.Put(w)
	return c
}

// contentTexts calls fn with each text of doc's content in order, the
// texts ExtractContent(doc).Text joins with spaces, without building it
// (the texts are doc's own strings). With limit > 0 it reads only the
// content's first limit bytes (contentPrefix); limit ≤ 0 reads it all.
func contentTexts(doc *html.Node, limit int, fn func(string)) {
	if doc == nil {
		return
	}
	w := contentWalkers.Get().(*contentWalker)
	w.lazyPlain = true
	w.limit = max(limit, 0)
	w.walk(doc, false)
	hub := w.lazyHub()
	used := 0 // bytes given to fn, a space between two texts counted
	for _, sg := range w.segs {
		if sg.block || sg.anchor != hub {
			continue
		}
		s := sg.s
		if w.limit > 0 {
			if used > 0 {
				used++
			}
			if used >= w.limit {
				break
			}
			s = cutText(s, w.limit-used, used == 0)
			used += len(s)
		}
		if s == "" {
			break
		}
		fn(s)
	}
	w.reset()
	contentWalkers.Put(w)
}

// contentPrefix is the text contentTexts(doc, limit) gives, its texts
// joined with spaces; without doc, text cut to limit bytes (cutText).
// limit ≤ 0 is the whole content: ExtractContent(doc).Text, or text.
//
// A page's first limit bytes of content (Config.ContentBytes, README
// Session 9): the walk of doc stops once its text outside links or its
// anchor text reaches limit bytes, the hub-like test (HubRatio) is made
// on the texts walked, and the content is the first limit bytes of the
// chosen ones, cut at a word's end.
func contentPrefix(doc *html.Node, text string, limit int) string {
	switch {
	case doc == nil:
		return cutText(text, limit, true)
	case limit <= 0:
		return ExtractContent(doc).Text
	}
	var b strings.Builder
	contentTexts(doc, limit, func(s string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	})
	return b.String()
}

// cutText is s cut to at most n bytes (s itself when n ≤ 0 or s is not
// longer): before the last white space of its first n bytes; when they
// hold none, at the last rune start if word (a word longer than n is cut),
// else "".
func cutText(s string, n int, word bool) string {
	if n <= 0 || len(s) <= n {
		return s
	}
	cut := s[:n]
	if i := strings.LastIndexAny(cut, " \t\n\r\f\v"); i > 0 {
		return strings.TrimRight(cut[:i], " \t\n\r\f\v")
	}
	if !word {
		return ""
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// contentWalker collects a page's text nodes (as references, not copies)
// and its runes of text and anchor text; only the text the content is
// made of, the anchor texts of a hub-like page or the rest of another
// page, is built (build).
type contentWalker struct {
	segs                    []contentSeg
	classes                 map[string]bool // noiseValue of class values seen (isNoise)
	plainBytes, anchorBytes int             // the bytes build writes for either text
	plainRunes, anchorRunes int
	// recent holds the latest class value of each recentSlot and its
	// noise: most elements repeat the class of one shortly before them, a
	// string comparison instead of a map lookup (isNoise).
	recent [64]struct {
		v     string
		noise bool
	}
	// lazyPlain: the runes of text outside links are not counted as it is
	// walked (plainRunes stays 0) but by lazyHub, only as far as the
	// hub-like test needs (contentTexts).
	lazyPlain bool
	// limit > 0: the walk stops (full) once the text outside links or
	// the anchor text reaches limit bytes (contentPrefix).
	limit int
	full  bool
}

// lazyHub is whether the page walked with lazyPlain is hub-like: its
// anchor runes more than HubRatio of all its runes, as ExtractContent
// decides. The runes of the text outside links are counted text by text
// only until the test fails: it cannot hold again with more text (the
// threshold HubRatio × (plain + anchor runes) only grows), so most pages,
// mostly text, have only their first texts counted.
func (w *contentWalker) lazyHub() bool {
	a := w.anchorRunes
	if a == 0 {
		return false // as ExtractContent: no text, or no anchor text
	}
	p := 0
	for _, sg := range w.segs {
		if sg.block || sg.anchor {
			continue
		}
		p += text.NonSpaceRunes(sg.s)
		if !(float64(a) > HubRatio*float64(p+a)) {
			return false
		}
	}
	return float64(a) > HubRatio*float64(p+a)
}

// contentSeg is a text node's text (anchor: inside a link), or a block's
// end (block), which keeps the words of adjacent blocks apart in the text.
type contentSeg struct {
	s             string
	anchor, block bool
}

// contentWalkers keep walkers (their segment slices) from page to page.
var contentWalkers = sync.Pool{New: func() any { return new(contentWalker) }}

func (w *contentWalker) reset() {
	clear(w.segs) // drop the references to the page's text
	segs := w.segs[:0]
	if cap(segs) > maxKeptSegs {
		segs = nil // a huge page's slice is not kept for the next
	}
	classes := w.classes
	if len(classes) > maxKeptClasses {
		clear(classes)
	}
	recent := w.recent // values the map holds too
	*w = contentWalker{segs: segs, classes: classes, recent: recent}
}

// maxKeptClasses bounds the class values a walker remembers.
const maxKeptClasses = 1 << 12

// isNoise is isNoise(n), remembering what each class value gave: a site's
// pages repeat a few hundred class values thousands of times (the Python
// docs' "reference internal", "sig sig-object py"), and a lookup is
// cheaper than splitting the value into words again.
func (w *contentWalker) isNoise(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "class":
			if a.Val == "" {
				continue // noiseValue("") is false
			}
			r := &w.recent[recentSlot(a.Val)]
			if r.v == a.Val {
				if r.noise {
					return true
				}
				continue
			}
			noise, ok := w.classes[a.Val]
			if !ok {
				noise = noiseValue(a.Val)
				if w.classes == nil {
					w.classes = make(map[string]bool)
				}
				w.classes[a.Val] = noise
			}
			r.v, r.noise = a.Val, noise
			if noise {
				return true
			}
		case "id", "role":
			if noiseValue(a.Val) {
				return true
			}
		}
	}
	return false
}

// recentSlot is a class value's slot in contentWalker.recent (v not
// empty): from its length and its first and last bytes.
func recentSlot(v string) int {
	return (len(v)*31 + int(v[0])*7 + int(v[len(v)-1])) & 63
}

// maxKeptSegs bounds the segment slice a walker keeps between pages.
const maxKeptSegs = 1 << 16

func (w *contentWalker) walk(n *html.Node, inAnchor bool) {
	if w.full {
		return
	}
	switch n.Type {
	case html.ElementNode:
		if isNoiseTag(n.DataAtom) || w.isNoise(n) && !keepsNoise(n) {
			return
		}
		if n.DataAtom == atom.A {
			inAnchor = true
		}
	case html.TextNode:
		w.text(n.Data, inAnchor)
		return
	case html.CommentNode, html.DoctypeNode:
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c, inAnchor)
	}
	if n.Type == html.ElementNode && n.DataAtom != atom.A && !inAnchor && isBlock(n.DataAtom) {
		w.segs = append(w.segs, contentSeg{block: true}) // keep words of adjacent blocks apart
		w.plainBytes++
	}
}

func (w *contentWalker) text(s string, inAnchor bool) {
	if w.lazyPlain && !inAnchor {
		if text.HasNonSpace(s) {
			w.segs = append(w.segs, contentSeg{s: s})
			if w.limit > 0 {
				w.plainBytes += 1 + len(s)
				w.full = w.plainBytes >= w.limit
			}
		}
		return
	}
	runes := text.NonSpaceRunes(s)
	if runes == 0 {
		return
	}
	w.segs = append(w.segs, contentSeg{s: s, anchor: inAnchor})
	if inAnchor {
		w.anchorRunes += runes
		w.anchorBytes += 1 + len(s)
	} else {
		w.plainRunes += runes
		w.plainBytes += 1 + len(s)
	}
	w.full = w.limit > 0 && (w.plainBytes >= w.limit || w.anchorBytes >= w.limit)
}

// build is the anchor texts (anchor) or the rest: each text after a space
// unless it comes first, a space at each block's end of the rest.
func (w *contentWalker) build(anchor bool) string {
	var b strings.Builder
	if anchor {
		b.Grow(w.anchorBytes)
	} else {
		b.Grow(w.plainBytes)
	}
	for _, sg := range w.segs {
		switch {
		case sg.block:
			if !anchor {
				b.WriteByte(' ')
			}
		case sg.anchor == anchor:
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(sg.s)
		}
	}
	return b.String()
}

// isNoise reports whether n's class, id or role holds a noise word.
func isNoise(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace != "" || a.Key != "class" && a.Key != "id" && a.Key != "role" {
			continue
		}
		if noiseValue(a.Val) {
			return true
		}
	}
	return false
}

// noiseValue reports whether an attribute value holds a noise word: its
// words are its runs of ASCII letters and digits, lowered. An ASCII value
// is checked in place in one pass (it runs on every element); others are
// lowered first, as strings.ToLower does.
func noiseValue(v string) bool {
	var buf [16]byte // no noise word is longer
	for i := 0; i < len(v); {
		for i < len(v) && !asciiAlnum[v[i]] {
			if v[i] >= utf8.RuneSelf {
				return noiseValueLower(v)
			}
			i++
		}
		j := i
		for j < len(v) && asciiAlnum[v[j]] {
			j++
		}
		if j < len(v) && v[j] >= utf8.RuneSelf { // lowered, "navK" (Kelvin sign) is one word
			return noiseValueLower(v)
		}
		word := v[i:j]
		i = j
		if len(word) < 3 || len(word) > len(buf) || !noiseStarts[noiseKey(word[0], word[1])] {
			continue // no noise word is shorter, or starts so
		}
		for k := 0; k < len(word); k++ {
			buf[k] = word[k] | 0x20*byte(boolInt('A' <= word[k] && word[k] <= 'Z'))
		}
		if isNoiseWord(string(buf[:len(word)])) {
			return true
		}
	}
	return false
}

// noiseValueLower is noiseValue of a value that is not all ASCII.
func noiseValueLower(v string) bool {
	for _, word := range strings.FieldsFunc(strings.ToLower(v), notAlnum) {
		if isNoiseWord(word) {
			return true
		}
	}
	return false
}

// asciiAlnum marks the ASCII letters and digits.
var asciiAlnum = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = isASCIIAlnum(byte(c))
	}
	return t
}()

// noiseWords are the words isNoiseWord reports (a test checks the two
// agree), for noiseStarts.
var noiseWords = [...]string{"nav", "navbar", "navigation", "menu", "menubar", "footer", "foot", "header", "masthead",
	"breadcrumb", "breadcrumbs", "sidebar", "pager", "pagination", "cookie", "cookies",
	"share", "social", "skip", "banner", "related", "comment", "comments", "community",
	"disqus", "sponsor", "shoutbox", "popup", "rss", "tags", "tagcloud", "more"}

// noiseStarts marks the noiseKeys of the noise words' first two letters:
// most class words start otherwise and are passed over without being
// lowered and looked up.
var noiseStarts = func() (t [1 << 10]bool) {
	for _, w := range noiseWords {
		t[noiseKey(w[0], w[1])] = true
	}
	return t
}()

// noiseKey maps two bytes to 10 bits, an ASCII letter's case ignored
// (other bytes may share a letter's key: a false alarm isNoiseWord
// settles).
func noiseKey(a, b byte) int { return int(a&31)<<5 | int(b&31) }

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func notAlnum(r rune) bool {
	return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'))
}

func isBlock(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Td, atom.Th, atom.Tr, atom.Li, atom.H1, atom.H2, atom.H3, atom.H4,
		atom.H5, atom.H6, atom.Br, atom.Section, atom.Article, atom.Table, atom.Ul, atom.Ol, atom.Dd, atom.Dt:
		return true
	}
	return false
}

// Followable reports whether a link should be followed: false for URLs whose
// path ends in an extension of a non-HTML resource (executables, images,
// media, archives, documents, styles and scripts: crawl.ResourceOf), as
// the paper's extract_urls drops links ending in exe, jpg and the like.
func Followable(rawURL string) bool {
	return crawl.ResourceOf(rawURL) == crawl.ResourcePage
}
