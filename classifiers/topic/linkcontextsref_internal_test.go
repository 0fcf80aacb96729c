package topic

import (
	"maps"
	"net/url"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The reference of allContexts (linkTexts, contextWalk): each link's
// anchor text and block text collapsed by walks of their own
// (collapsedText, blockContext), the href resolved by the URL parser.

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
