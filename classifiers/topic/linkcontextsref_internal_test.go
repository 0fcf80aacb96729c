package topic

import (
	"maps"
	"net/url"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The reference of linkContexts (linkTexts, contextWalk): each link's
// anchor text and block text collapsed by walks of their own, the href
// resolved by the URL parser; linkContexts as it was before linkTexts.

// refLinkContexts is linkContexts(doc, base, …, nil) by the reference.
func refLinkContexts(doc *html.Node, base string) map[string]string {
	b, _ := url.Parse(base)
	out := map[string]string{}
	blocks := map[*html.Node]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.DataAtom == atom.A {
			var key string
			if href := hrefOf(n); href != "" && b != nil {
				if u, err := b.Parse(href); err == nil {
					u.Fragment = ""
					key = u.String()
				}
			}
			anchor := collapsedText(n, maxContext)
			if ctx := blockContext(n, anchor, blocks); ctx != "" {
				if key != "" && out[key] == "" {
					out[key] = ctx
				}
				if anchor != "" && out["\x00"+anchor] == "" {
					out["\x00"+anchor] = ctx
				}
			}
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// TestLinkContextsMatchReference: the contexts of every link of the real
// pages of testdata are the reference's.
func TestLinkContextsMatchReference(t *testing.T) {
	const base = "http://docs.test/library/x.html"
	for i, d := range realDocs(t) {
		got, want := linkContexts(d, base, 200, nil), refLinkContexts(d, base)
		if !maps.Equal(got, want) {
			for k, v := range want {
				if got[k] != v {
					t.Errorf("doc %d: context of %q = %q, want %q", i, k, got[k], v)
					break
				}
			}
			t.Errorf("doc %d: %d contexts, want %d", i, len(got), len(want))
		}
	}
}

// blockContext returns the text around a, whose text is anchor: its
// nearest block's text without the anchor text. blocks caches each
// block's text.
func blockContext(a *html.Node, anchor string, blocks map[*html.Node]string) string {
	var block *html.Node
	for p := a.Parent; p != nil && block == nil; p = p.Parent {
		switch p.DataAtom {
		case atom.P, atom.Li, atom.Dd, atom.Dt, atom.Td, atom.Th, atom.H1, atom.H2, atom.H3, atom.H4, atom.Caption:
			block = p
		case atom.Body, atom.Html:
			return ""
		}
	}
	if block == nil {
		return ""
	}
	text, ok := blocks[block]
	if !ok {
		text = collapsedText(block, 4*maxContext)
		blocks[block] = text
	}
	return strings.TrimSpace(replaceOnceCut(text, anchor, maxContext))
}

// replaceOnceCut is strings.Replace(text, old, " ", 1) cut to its first
// limit bytes, building only those bytes (text itself when old is not in
// it).
func replaceOnceCut(text, old string, limit int) string {
	i := strings.Index(text, old)
	if i < 0 {
		return text[:min(len(text), limit)]
	}
	if i >= limit {
		return text[:limit]
	}
	rest := text[i+len(old):]
	n := min(i+1+len(rest), limit)
	b := make([]byte, 0, n)
	b = append(b, text[:i]...)
	b = append(b, ' ')
	b = append(b, rest[:n-len(b)]...)
	return string(b)
}

// collapsedText is the words of the text under n, one space apart, built
// in one pass: from the text nodes in document order until, counting each
// with a space after it, limit bytes were taken (the last may pass it).
func collapsedText(n *html.Node, limit int) string {
	var b strings.Builder
	var first string // the first text node's, appended only when a second comes
	texts, raw := 0, 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if raw >= limit {
			return
		}
		if n.Type == html.TextNode {
			raw += len(n.Data) + 1
			switch texts++; texts {
			case 1:
				first = n.Data
			case 2:
				appendWords(&b, first)
				fallthrough
			default:
				appendWords(&b, n.Data)
			}
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	if texts == 1 {
		if collapsed(first) { // most anchors: one text node, one space apart already
			return first
		}
		appendWords(&b, first)
	}
	return b.String()
}

// collapsed reports whether s is its own words one space apart: not
// empty, no space at either end, and single ASCII spaces only.
func collapsed(s string) bool {
	if s == "" {
		return false
	}
	prevSpace := true // no space at the start
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				return false
			}
			i += size - 1
			prevSpace = false
			continue
		}
		if asciiSpace[c] {
			if c != ' ' || prevSpace {
				return false
			}
			prevSpace = true
			continue
		}
		prevSpace = false
	}
	return !prevSpace
}

// appendWords appends the words of s (split as strings.Fields splits) to
// b, each after a space unless b is empty.
func appendWords(b *strings.Builder, s string) {
	start := -1
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		space := false
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
		}
		switch {
		case space && start >= 0:
			appendWord(b, s[start:i])
			start = -1
		case !space && start < 0:
			start = i
		}
		i += size
	}
	if start >= 0 {
		appendWord(b, s[start:])
	}
}

func appendWord(b *strings.Builder, w string) {
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	b.WriteString(w)
}
