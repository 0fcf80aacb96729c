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

// definitionName reports whether the run of inline siblings kids, without
// text of its own between them, opens with a name set in strong or b at
// the start of a definition term (the term itself or formatting
// inside it): texinfo's function entries write
// <dt><span class="category">Function: </span><span><strong>limit</strong>
// <em>limit (expr, x, val) …</em></span></dt>, the name followed by its
// signatures, which a run would glue to it in one value too long for a
// title. The name is a value of its own then. A bold word in a sentence
// is not (the sentence's text runs beside it), nor are Sphinx's signatures
// (spans), nor DocBook's options in code with their argument
// (PostgreSQL's "<code>-S</code> <em><code>work-mem</code></em>", one term).
func definitionName(t *stm.Tree, kids []int32) bool {
	switch tagOf(t, int(kids[0])) {
	case atom.Strong, atom.B:
	default:
		return false
	}
	p := t.Parent[kids[0]]
	for d := 0; p >= 0 && d < 3 && formatting(tagOf(t, int(p))); d++ {
		p = t.Parent[p]
	}
	return p >= 0 && tagOf(t, int(p)) == atom.Dt
}
