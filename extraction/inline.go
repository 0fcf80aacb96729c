package extraction

import (
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// Inline text: the nodes a record's text value runs over (runs, fields.go).

// inlineLink reports whether node i is a link holding only text and
// formatting.
func inlineLink(t *stm.Tree, i int) bool {
	if tagOf(t, i) != atom.A {
		return false
	}
	for _, c := range t.Children(i) {
		if !inline(t, int(c)) {
			return false
		}
	}
	return true
}

// inlineLinked reports whether node i is an inline link or a formatting
// element holding only text, formatting and inline links: Haddock writes
// each identifier a sentence names as <code><a>Text</a></code>, part of
// the sentence as a bare link is.
func inlineLinked(t *stm.Tree, inl []bool, i int) bool {
	if tagOf(t, i) == atom.A { // inlineLink
		for _, c := range t.Children(i) {
			if !inl[c] {
				return false
			}
		}
		return true
	}
	if t.Label[i] == stm.TextLabel || !formatting(tagOf(t, i)) {
		return false
	}
	for _, c := range t.Children(i) {
		if !inl[c] && !inlineLinked(t, inl, int(c)) {
			return false
		}
	}
	return true
}

// inline reports whether node i is text or a formatting element holding
// only text and formatting (query-term highlights inside snippets), so that
// it belongs to the surrounding text value.
func inline(t *stm.Tree, i int) bool {
	if t.Label[i] == stm.TextLabel {
		return true
	}
	// <time>, <data>, <del>, <ins> and <s> are not running text: a date or
	// a struck-out price is a value of its own.
	if !formatting(tagOf(t, i)) {
		return false
	}
	for _, c := range t.Children(i) {
		if !inline(t, int(c)) {
			return false
		}
	}
	return true
}

// inlineMarks returns, in buf's array when it is large enough, whether
// inline holds for each node of the subtrees rooted at roots (false
// elsewhere), each subtree in one pass from its last node back (a node's
// descendants come after it): inline recursing into every subtree again
// at every level of a record was a quadratic part of its values.
func inlineMarks(t *stm.Tree, roots []int32, buf []bool) []bool {
	n := t.Len()
	inl := resize(buf, n)
	label, par := t.Label[:n], t.Parent[:n]
	for _, r := range roots {
		end := int(r) + int(t.Size[r])
		if inl[r] || end > n {
			continue // done: a root inside an earlier one
		}
		for i := int(r); i < end; i++ {
			inl[i] = label[i] == stm.TextLabel || formatting(tagOf(t, i))
		}
		for i := end - 1; i > int(r); i-- {
			if q := par[i]; !inl[i] && uint(q) < uint(i) {
				inl[q] = false
			}
		}
	}
	return inl
}
