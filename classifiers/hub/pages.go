package hub

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/htmldecode"
)

// PageStats are the content measures the page-level baselines use, counted
// over a fetched page's visible text (script, style, noscript, template,
// iframe, svg, select and comments left out, as the paper's preprocessing
// removes them).
type PageStats struct {
	Text     int // non-space runes of visible text outside links (non-link characters)
	Anchor   int // non-space runes of visible text inside <a href>
	Punct    int // punctuation runes outside links
	Links    int // <a href> elements
	MaxDepth int // deepest element nesting of the DOM
}

// PageExample is one labelled fetched page.
type PageExample struct {
	Stats PageStats
	Group string // site: pages of one group stay on one side of a split
	Hub   bool
}

// ReadPageStats decodes a raw page (its charset from contentType, a BOM,
// <meta> or a guess: htmldecode), parses it and counts its PageStats.
func ReadPageStats(raw []byte, contentType string) (PageStats, error) {
	doc, err := htmldecode.Parse(raw, contentType)
	if err != nil {
		return PageStats{}, fmt.Errorf("hub: %w", err)
	}
	var s PageStats
	s.walk(doc, 0, false)
	return s, nil
}

func (s *PageStats) walk(n *html.Node, depth int, inLink bool) {
	switch n.Type {
	case html.ElementNode:
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg, atom.Select:
			return
		case atom.A:
			for _, a := range n.Attr {
				if a.Key == "href" {
					s.Links++
					inLink = true
					break
				}
			}
		}
		depth++
		s.MaxDepth = max(s.MaxDepth, depth)
	case html.TextNode:
		s.countText(n.Data, inLink)
		return
	case html.CommentNode:
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		s.walk(c, depth, inLink)
	}
}

func (s *PageStats) countText(t string, inLink bool) {
	for len(t) > 0 {
		r, size := utf8.DecodeRuneInString(t)
		t = t[size:]
		if unicode.IsSpace(r) {
			continue
		}
		if inLink {
			s.Anchor++
			continue
		}
		s.Text++
		if unicode.IsPunct(r) {
			s.Punct++
		}
	}
}

// LinkRatio is non-link text per character of link text (text/link ratio),
// with one added to the link text so link-free pages stay finite.
func (s PageStats) LinkRatio() float64 { return float64(s.Text) / float64(s.Anchor+1) }

// PageGroup derives a site group from a page path: the file name without
// its extension, or the directory name when the file is page.html or
// numbered (1.html), with trailing -N parts (case or year numbers)
// removed: records/9gag.com-1/page.html → 9gag.com,
// templates/big9-bbc-2005/3.html → big9-bbc, pages/hub/irs.gov-2.html →
// irs.gov.
func PageGroup(path string) string {
	parts := strings.Split(strings.ReplaceAll(path, "\\", "/"), "/")
	name := parts[len(parts)-1]
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	if (name == "page" || isAllDigits(name)) && len(parts) >= 2 {
		name = parts[len(parts)-2]
	}
	for {
		i := strings.LastIndexByte(name, '-')
		if i <= 0 || !isAllDigits(name[i+1:]) {
			return name
		}
		name = name[:i]
	}
}

func isAllDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// SplitPages splits pages by group with a seeded hash, as SplitByHost does.
func SplitPages(pages []PageExample, seed int64, fractions ...float64) [][]PageExample {
	groups := make([]string, len(pages))
	for i, p := range pages {
		groups[i] = p.Group
	}
	part := groupParts(groups, seed, fractions)
	out := make([][]PageExample, max(len(fractions), 1))
	for i, p := range pages {
		out[part[i]] = append(out[part[i]], p)
	}
	return out
}
