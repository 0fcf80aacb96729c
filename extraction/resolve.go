package extraction

import (
	"net/url"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// resolver returns the function making a link or image address absolute:
// resolved against the document's first <base href> (itself resolved
// against pageURL), else pageURL. Addresses that do not parse, and all
// addresses when there is no absolute base, are kept as written.
func resolver(doc *html.Node, pageURL string) func(string) string {
	base, err := url.Parse(pageURL)
	if err != nil || !base.IsAbs() {
		base = nil
	}
	if href, ok := baseHref(doc); ok {
		if b, err := url.Parse(href); err == nil {
			if base != nil {
				b = base.ResolveReference(b)
			}
			if b.IsAbs() {
				base = b
			}
		}
	}
	if base == nil {
		return nil
	}
	return func(s string) string {
		u, err := url.Parse(s)
		if err != nil {
			return s
		}
		return base.ResolveReference(u).String()
	}
}

// baseHref finds the first <base href> of the document, iteratively (a
// document may be deeply nested).
func baseHref(doc *html.Node) (string, bool) {
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Base {
			if h := attr(n, "href"); h != "" {
				return h, true
			}
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Body {
			continue // <base> belongs in the head
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return "", false
}
