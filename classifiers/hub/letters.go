package hub

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An index is cut by letters: its terms are listed under one-letter
// headings (texinfo's "<tr><th>A</th><td></td></tr>" rows, Sphinx's and
// Javadoc's "<h2>A</h2>"). A class's member list is not. So index entries
// led by a link count on a page holding a letter heading however few pages
// they lead into (scope.go minIndexTargets): the index of one chapter's
// commands or styles leads into one to three pages.

// maxLetterNodes bounds the look at a heading's subtree and its row.
const maxLetterNodes = 16

// letterTag reports whether n is an element that may be a letter heading.
func letterTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Th, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// letterHeading reports whether element n (letterTag) is an index's letter
// heading: its visible text is one letter and it holds no link (a jump
// bar's letters are links to the headings); a th must be alone in its row,
// the row's other cells empty (a data table's one-letter column header,
// "X", stands beside others).
func letterHeading(n *html.Node) bool {
	budget := maxLetterNodes
	r, ok := oneRune(n, &budget)
	if !ok || r == 0 || !unicode.IsLetter(r) {
		return false
	}
	if n.DataAtom != atom.Th {
		return true
	}
	row := n.Parent
	if row == nil || row.DataAtom != atom.Tr {
		return false
	}
	for c := row.FirstChild; c != nil; c = c.NextSibling {
		if c == n || c.Type != html.ElementNode {
			continue
		}
		if r, ok := oneRune(c, &budget); !ok || r != 0 {
			return false
		}
	}
	return true
}

// oneRune returns the one non-space rune of n's text (0 for none) and
// whether there is at most one, no link and no more than budget nodes.
func oneRune(n *html.Node, budget *int) (rune, bool) {
	var one rune
	var walk func(n *html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if *budget--; *budget < 0 {
				return false
			}
			switch c.Type {
			case html.TextNode:
				for _, r := range c.Data {
					if isSpaceRune(r) {
						continue
					}
					if one != 0 || r == utf8.RuneError {
						return false
					}
					one = r
				}
			case html.ElementNode:
				if _, ok := attr(c, "href"); ok && c.DataAtom == atom.A {
					return false
				}
				if !walk(c) {
					return false
				}
			}
		}
		return true
	}
	ok := walk(n)
	return one, ok
}
