package hub

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A list page that is not laid out as a list or a table (news lists, shop
// lists, search results) repeats one block per item: adjacent sibling
// elements of one tag and class, each led by a link to the item's page.
// Evidence.Block counts the text of such blocks: a div, article, section,
// li or tr in a run of at least minBlockRun adjacent element siblings of
// the same tag and class attribute, whose first visible text is the text
// of a link to another page (firstTextLead, entry.go). This is the
// repeated structure that record extraction finds, measured cheaply: runs
// of equal tag and class instead of MDR's tag-string edit distance.

// minBlockRun is the fewest adjacent alike siblings that make a run.
const minBlockRun = 3

// blockRun follows the runs of alike siblings while a parent's children
// are visited from the last to the first.
type blockRun struct {
	n    int // the current run's length
	left int // its elements not visited yet
}

// leads reports whether child c (visited after its next siblings) is a
// block of a run of at least minBlockRun that leads to another page.
func (r *blockRun) leads(c *html.Node, scratch *[]leadItem) bool {
	if c.Type != html.ElementNode || !blockTag(c) {
		return false
	}
	if r.left > 0 { // the elements of a run are adjacent: c is the run's next
		r.left--
	} else {
		r.n = 1
		for s := prevElement(c); s != nil && alike(s, c); s = prevElement(s) {
			r.n++
		}
		r.left = r.n - 1
	}
	return r.n >= minBlockRun && firstTextLead(c, scratch) == leadPage
}

func blockTag(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.Article, atom.Section, atom.Li, atom.Tr:
		return true
	}
	return false
}

// prevElement returns n's previous element sibling, or nil.
func prevElement(n *html.Node) *html.Node {
	for s := n.PrevSibling; s != nil; s = s.PrevSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// alike reports whether two elements have the same tag and class.
func alike(a, b *html.Node) bool {
	if a.DataAtom != b.DataAtom || a.Data != b.Data {
		return false
	}
	ca, _ := attr(a, "class")
	cb, _ := attr(b, "class")
	return ca == cb
}
