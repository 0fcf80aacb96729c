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
