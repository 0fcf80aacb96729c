package hub

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// contentIDs are element ids that name a page's own content.
var contentIDs = [...]string{"content", "main", "main-content", "maincontent", "page-content"}

// contentElement reports whether an element holds content whatever its
// class says, so that boilerplateElement leaves it in (asked only of
// elements whose class or id names furniture): an article (a
// self-contained piece: a post, a result, a story; "reblog_header" names a
// part of it, not the site's header), an element whose role is main, or
// whose id names the page's content (`<div id="content"
// class="fixed-header">`). Its descendants are judged on their own.
func contentElement(n *html.Node) bool {
	if n.DataAtom == atom.Article {
		return true
	}
	for _, a := range n.Attr {
		switch {
		case a.Key == "role" && strings.EqualFold(a.Val, "main"):
			return true
		case a.Key == "id":
			for _, id := range contentIDs {
				if strings.EqualFold(a.Val, id) {
					return true
				}
			}
		}
	}
	return false
}

// mainClasses are class words (a class value split at spaces, ASCII case
// ignored) that name the page's main content. The bare "content" and
// "main" are left out: a sidebar's blocks are often class "content".
var mainClasses = [...]string{"maincontent", "main-content", "page-content"}

// holdsMainContent reports whether an element named furniture holds the
// page's main content: a main element, an element whose role is main, or
// whose id names the content (contentIDs), or whose class names the main
// content (mainClasses). Such an element is a wrapper whatever its name
// (QDoc's `<div class="header">` holds the whole page), so it is not left
// out; its children are judged on their own. The search goes down only
// through containers of sections (div, section, article, form, center):
// a page's content is not in a list, a table, a paragraph or a link, and
// a sidebar's bulk is its lists, so the search costs little.
func holdsMainContent(n *html.Node) bool {
	for c := n.FirstChild; c != nil; {
		if c.Type == html.ElementNode {
			if mainContentElement(c) {
				return true
			}
			if c.FirstChild != nil && sectionContainer(c.DataAtom) {
				c = c.FirstChild
				continue
			}
		}
		for c.NextSibling == nil {
			c = c.Parent
			if c == n {
				return false
			}
		}
		c = c.NextSibling
	}
	return false
}

// sectionContainer reports whether elements of this tag may hold a page's
// main content (holdsMainContent goes down through them).
func sectionContainer(a atom.Atom) bool {
	switch a {
	case atom.Div, atom.Section, atom.Article, atom.Form, atom.Center:
		return true
	}
	return false
}

// mainContentElement reports whether an element is the page's main
// content by its tag, role, id or class (holdsMainContent). Every id of
// contentIDs and word of mainClasses holds "ontent" or "main", so other
// values are passed over without a word split.
func mainContentElement(n *html.Node) bool {
	if n.DataAtom == atom.Main {
		return true
	}
	for _, a := range n.Attr {
		switch a.Key {
		case "role":
			if strings.EqualFold(a.Val, "main") {
				return true
			}
		case "id":
			if len(a.Val) >= 4 && len(a.Val) <= 12 {
				for _, id := range contentIDs {
					if strings.EqualFold(a.Val, id) {
						return true
					}
				}
			}
		case "class":
			if strings.Contains(a.Val, "ontent") && mainClassValue(a.Val) {
				return true
			}
		}
	}
	return false
}

// mainClassValue reports whether a class value holds a word of
// mainClasses (words split at ASCII spaces; no allocation).
func mainClassValue(v string) bool {
	for i := 0; i < len(v); {
		for i < len(v) && isASCIISpace(v[i]) {
			i++
		}
		start := i
		for i < len(v) && !isASCIISpace(v[i]) {
			i++
		}
		for _, m := range mainClasses {
			if strings.EqualFold(v[start:i], m) {
				return true
			}
		}
	}
	return false
}

func isASCIISpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
