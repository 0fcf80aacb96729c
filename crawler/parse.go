package crawler

import (
	"bytes"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// parsed is what one walk of a page's DOM yields.
type parsed struct {
	doc         *html.Node
	title       string
	keywords    string
	description string
	text        string
	links       []crawl.Link
	capped      int // links beyond linkRules.max, not kept
}

// linkRules are how parsePage turns hrefs into links: the normaliser of
// the crawl's query rules and the most out-links kept per page (0: all).
type linkRules struct {
	norm *frontier.Normalizer
	max  int
}

// parsePage parses UTF-8 HTML and extracts title, meta keywords and
// description, visible text and out-links in one walk. Links are resolved
// against <base href> or pageURL, normalised and de-duplicated; links that
// cannot be normalised (mailto:, javascript:, malformed) are dropped. A
// <meta name="robots" content="nofollow"> page yields no links. Past
// lr.max distinct links the rest are counted in capped, not kept.
func parsePage(body []byte, pageURL *url.URL, depth int, lr linkRules) (*parsed, error) {
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if lr.norm == nil {
		lr.norm = &frontier.Normalizer{}
	}
	w := walker{base: pageURL, norm: lr.norm.ForPage(pageURL), page: pageURL.String(), seen: make(map[string]struct{}), depth: depth, lr: lr}
	w.text.b = make([]byte, 0, len(body)/2) // visible text is rarely more than half the HTML
	w.walk(doc)
	w.addNavLinks()
	p := &parsed{
		doc:         doc,
		title:       collapse(w.title.String()),
		keywords:    collapse(w.keywords),
		description: collapse(w.description),
		text:        w.text.String(),
	}
	if !w.nofollow {
		p.links, p.capped = w.links, w.capped
	}
	return p, nil
}

type walker struct {
	base        *url.URL
	norm        *frontier.PageNormalizer // lr.norm for links resolved against base
	page        string
	depth       int
	title       strings.Builder
	text        spaceFolder
	keywords    string
	description string
	nofollow    bool
	links       []crawl.Link
	nav         []navLink // navigation <link> elements, made links after the walk
	capped      int
	lr          linkRules
	seen        map[string]struct{}
	inTitle     bool
	baseSet     bool
}

func (w *walker) walk(n *html.Node) {
	switch n.Type {
	case html.ElementNode:
		if !w.element(n) {
			return
		}
	case html.TextNode:
		if w.inTitle {
			w.title.WriteString(n.Data)
		} else {
			w.text.write(n.Data)
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c)
	}
	if n.Type == html.ElementNode && n.DataAtom == atom.Title {
		w.inTitle = false
	}
}

// element handles one element and reports whether to descend into it.
func (w *walker) element(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg:
		return false
	case atom.Title:
		if w.title.Len() == 0 {
			w.inTitle = true
		}
	case atom.Base:
		if href := attr(n, "href"); href != "" && !w.baseSet {
			if b, err := w.base.Parse(strings.TrimSpace(href)); err == nil {
				w.base, w.norm, w.baseSet = b, w.lr.norm.ForPage(b), true
			}
		}
	case atom.Meta:
		w.meta(n)
	case atom.A, atom.Area:
		if href := attr(n, "href"); href != "" {
			w.link(href, n)
		}
	case atom.Link:
		w.navLink(n)
	}
	return true
}

func (w *walker) meta(n *html.Node) {
	content := attr(n, "content")
	switch strings.ToLower(attr(n, "name")) {
	case "keywords":
		w.keywords = content
	case "description":
		w.description = content
	case "robots":
		for _, d := range strings.Split(strings.ToLower(content), ",") {
			if d = strings.TrimSpace(d); d == "nofollow" || d == "none" {
				w.nofollow = true
			}
		}
	}
}

func (w *walker) link(href string, n *html.Node) {
	if w.lr.max > 0 && len(w.links) >= w.lr.max {
		w.capped++ // before anchorText: the cap bounds the work too
		return
	}
	w.addLink(href, anchorText(n), "")
}

// addLink adds href as an out-link unless the page has lr.max links
// already (then it is counted in capped), it cannot be normalised or the
// page links it already.
func (w *walker) addLink(href, anchor, rel string) {
	if w.lr.max > 0 && len(w.links) >= w.lr.max {
		w.capped++ // not normalised nor de-duplicated: the cap bounds the work too
		return
	}
	u, err := w.norm.Normalize(strings.TrimSpace(href))
	if err != nil {
		return
	}
	if _, ok := w.seen[u]; ok {
		return
	}
	w.seen[u] = struct{}{}
	w.links = append(w.links, crawl.Link{URL: u, Anchor: anchor, Parent: w.page, Depth: w.depth + 1, Rel: rel})
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// anchorText is the collapsed text under n, or its img alt/title when it has none.
func anchorText(n *html.Node) string {
	var f spaceFolder
	alt := ""
	var rec func(*html.Node)
	rec = func(m *html.Node) {
		for c := m.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				f.write(c.Data)
			case c.Type == html.ElementNode && c.DataAtom == atom.Img && alt == "":
				alt = attr(c, "alt")
			case c.Type == html.ElementNode && (c.DataAtom == atom.Script || c.DataAtom == atom.Style):
			default:
				rec(c)
			}
		}
	}
	rec(n)
	if len(f.b) > 0 {
		return f.String()
	}
	if alt != "" {
		return collapse(alt)
	}
	return collapse(attr(n, "title"))
}

// collapse trims s and folds every run of white space into one space.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// spaceFolder accumulates text with every run of white space folded into
// one space and no leading or trailing space, in one pass.
type spaceFolder struct {
	b       []byte
	pending bool // a space is owed before the next non-space byte
}

func (f *spaceFolder) write(s string) {
	i := 0
	for i < len(s) {
		// Skip white space, U+00A0 (&nbsp;, bytes C2 A0) included.
		for i < len(s) {
			if asciiSpace[s[i]] {
				i++
			} else if s[i] == 0xC2 && i+1 < len(s) && s[i+1] == 0xA0 {
				i += 2
			} else {
				break
			}
			f.pending = len(f.b) > 0
		}
		// Take a word.
		j := i
		for j < len(s) && !asciiSpace[s[j]] && !(s[j] == 0xC2 && j+1 < len(s) && s[j+1] == 0xA0) {
			j++
		}
		if j > i {
			if f.pending {
				f.b = append(f.b, ' ')
				f.pending = false
			}
			f.b = append(f.b, s[i:j]...)
		}
		i = j
	}
	f.pending = len(f.b) > 0 // text nodes are separate words
}

var asciiSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '\v': true}

func (f *spaceFolder) String() string { return string(f.b) }
