package topic

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// keepsNoise reports whether an element whose class, id or role holds a
// noise word is kept all the same: it is <html> or <body>, or it holds the
// page's main content (holdsMain). Themes wrap the whole page in such
// elements (Read the Docs' Sphinx theme in <div class="wy-grid-for-nav">,
// as the Linux kernel's documentation; Qt's offline documentation in <div
// class="header">), and sites put layout words on <body> (archive.org
// "navbar-no-margin-bottom", GameSpot "has-nav-slim", Business Insider
// "hidden-sidebar"): without the exceptions their pages have no content.
// It runs on noise-worded elements only.
func keepsNoise(n *html.Node) bool {
	return n.DataAtom == atom.Html || n.DataAtom == atom.Body || holdsMain(n, mainDepth)
}

// mainDepth is how deep under a noise-worded element holdsMain looks: a
// theme's wrapper holds the main mark a few levels down (Read the Docs 4,
// Qt 1), and a menu's or footer's subtree is not walked to its leaves.
const mainDepth = 6

// holdsMain reports whether n or an element under it marks the page's main
// content: a <main>, role="main", or a class or id token maincontent or
// main-content (any case; a bare "main" names main menus as often), at
// most depth levels under n. Noise tags under n are not searched.
func holdsMain(n *html.Node, depth int) bool {
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
			if hasMainToken(a.Val) {
				return true
			}
		}
	}
	if depth == 0 {
		return false
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && !isNoiseTag(c.DataAtom) && holdsMain(c, depth-1) {
			return true
		}
	}
	return false
}

// hasMainToken reports whether a class or id value holds the token
// maincontent or main-content (any case), without allocating.
func hasMainToken(v string) bool {
	for v != "" {
		i := 0
		for i < len(v) && isSpaceByte(v[i]) {
			i++
		}
		j := i
		for j < len(v) && !isSpaceByte(v[j]) {
			j++
		}
		tok := v[i:j]
		v = v[j:]
		// only a token of their lengths can match: no letter of theirs
		// has a fold outside ASCII (as k has K, s ſ)
		if (len(tok) == len("maincontent") || len(tok) == len("main-content")) &&
			(strings.EqualFold(tok, "maincontent") || strings.EqualFold(tok, "main-content")) {
			return true
		}
	}
	return false
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
