package topic

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// isDropped reports whether ExtractContent leaves out n and everything
// under it: a noise tag, or an element whose class, id or role holds a
// noise word unless it holds the page's main content (holdsMain). Themes
// wrap the whole page in such elements: Read the Docs' Sphinx theme in
// <div class="wy-grid-for-nav"> (the Linux kernel's documentation), Qt's
// offline documentation in <div class="header">; without the exception
// their pages have no content at all.
func isDropped(n *html.Node) bool {
	return isNoiseTag(n.DataAtom) || isNoise(n) && !holdsMain(n)
}

// holdsMain reports whether n or an element under it marks the page's main
// content: a <main>, role="main", or a class or id token main,
// maincontent or main-content (any case). Noise tags under n are not
// searched.
func holdsMain(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if n.DataAtom == atom.Main {
		return true
	}
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "role":
			if strings.EqualFold(strings.TrimSpace(a.Val), "main") {
				return true
			}
		case "class", "id":
			for _, tok := range strings.Fields(a.Val) {
				if strings.EqualFold(tok, "main") || strings.EqualFold(tok, "maincontent") || strings.EqualFold(tok, "main-content") {
					return true
				}
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && !isNoiseTag(c.DataAtom) && holdsMain(c) {
			return true
		}
	}
	return false
}
