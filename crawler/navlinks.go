package crawler

import (
	"strings"

	"golang.org/x/net/html"
)

// navRels are the link types of <link> elements that name another
// document of the same work, which a reader moves to: HTML 4's sequence
// and structure types (start, next, prev, contents, index, glossary,
// chapter, section, subsection, appendix, help), HTML5's (next, prev,
// help) and the older names still written (HTML 2/3.2 drafts, RFC 1866
// and the IANA registry: home, top, up, parent, child, sibling, first,
// last, begin, end, toc, previous). Generators such as ocamldoc link their
// index pages only this way; wget's recursive mode and Heritrix follow
// them.
//
// Not followed: stylesheet, icon, preload, prefetch and the like (page
// requisites, not pages); canonical (the page itself, or the address its
// site prefers for it: a fetch of it is a duplicate; nothing else in the
// crawler reads it); alternate (feeds are not HTML, translations take the
// crawl into other languages, print versions duplicate the page); search
// (a form, no content); copyright, license, author (the site's terms and
// contact, not the work; a body link to them is still followed); edit,
// pingback, manifest, and any type not listed. A link's rel is a set of
// tokens, matched without regard to case: one navigation token makes the
// link followed, unless another is nofollow; a type attribute other than
// HTML's excludes it.
var navRels = map[string]bool{
	"next": true, "prev": true, "previous": true,
	"start": true, "first": true, "begin": true, "last": true, "end": true,
	"home": true, "top": true, "up": true, "parent": true, "child": true, "sibling": true,
	"contents": true, "toc": true, "index": true, "glossary": true, "help": true,
	"chapter": true, "section": true, "subsection": true, "appendix": true,
}

// navLink is a <link> element of navigation, met in the walk and made an
// out-link after the body's links.
type navLink struct {
	href, rel, title string
}

// navLink keeps n when it is a navigation <link> (navRels). The hrefs are
// resolved after the walk, against the page's base.
func (w *walker) navLink(n *html.Node) {
	var href, rel, title, typ string
	for _, a := range n.Attr {
		switch a.Key {
		case "href":
			href = a.Val
		case "rel":
			rel = a.Val
		case "title":
			title = a.Val
		case "type":
			typ = a.Val
		}
	}
	if strings.TrimSpace(href) == "" || !isNavRel(rel) || !htmlType(typ) {
		return
	}
	w.nav = append(w.nav, navLink{href: href, rel: strings.ToLower(collapse(rel)), title: title})
}

// isNavRel reports whether the rel tokens hold a navigation type and no nofollow.
func isNavRel(rel string) bool {
	nav := false
	for _, t := range strings.Fields(rel) {
		t = strings.ToLower(t)
		if t == "nofollow" {
			return false
		}
		nav = nav || navRels[t]
	}
	return nav
}

// htmlType reports whether a <link>'s type attribute allows an HTML page.
func htmlType(typ string) bool {
	typ = strings.ToLower(strings.TrimSpace(typ))
	if i := strings.IndexByte(typ, ';'); i >= 0 {
		typ = strings.TrimSpace(typ[:i])
	}
	return typ == "" || typ == "text/html" || typ == "application/xhtml+xml"
}

// addNavLinks turns the kept <link> elements into out-links after the
// body's, in document order: the same normalising, de-duplication (a URL
// the body links keeps the body's anchor) and cap as the body's links,
// the title attribute as anchor.
func (w *walker) addNavLinks() {
	for _, l := range w.nav {
		w.addLink(l.href, collapse(l.title), l.rel)
	}
}
