package hub_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// letterIndex is a small index as texi2any writes it (the zsh 5.9
// manual's Editor-Functions-Index.html, shortened): a letter row, then
// rows whose entries link to places in two pages.
func letterIndex(letterRow string) string {
	var b strings.Builder
	b.WriteString(`<html><body><h1>Editor Functions Index</h1><table class="index-tp" border="0">
<tr><td></td><th align="left">Index Entry</th><td>&nbsp;</td><th align="left"> Section</th></tr>` + letterRow)
	for i := range 12 {
		page := []string{"Zsh-Line-Editor.html", "Completion-Widgets.html"}[i%2]
		fmt.Fprintf(&b, `<tr><td></td><td valign="top"><a href="%s#index-w%d"><code>widget-number-%d</code></a></td><td>&nbsp;</td>`+
			`<td valign="top"><a href="%s#Miscellaneous">18.6.6 Miscellaneous</a></td></tr>`+"\n", page, i, i, page)
	}
	b.WriteString(`</table></body></html>`)
	return b.String()
}

// Entries under a one-letter heading are an index's however few pages
// they lead into (letters.go); without one, entries leading into fewer
// than eight pages are a member list and count nothing (scope.go).
func TestMeasurePageLetterHeadings(t *testing.T) {
	const at = "http://docs.test/zsh/Editor-Functions-Index.html"
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, row string
		index     bool
	}{
		{"texinfo letter row", `<tr><th id="l-A">A</th><td></td><td></td></tr>`, true},
		{"texi2html's named letter", `<tr><th><a name="SEC391_0">A</a></th><td></td><td></td></tr>`, true},
		{"a heading", `</table><h2 id="A">A</h2><table>`, true},
		{"no letter", ``, false},
		{"a column header beside others", `<tr><th>X</th><th>Name</th><th>Where</th></tr>`, false},
		{"a jump bar's linked letter", `<tr><th><a href="#l-A">A</a></th><td></td></tr>`, false},
		{"a digit", `<tr><th>1</th><td></td><td></td></tr>`, false},
		{"two letters", `<tr><th>AB</th><td></td><td></td></tr>`, false},
	} {
		e := hub.MeasurePageAt(parse(t, letterIndex(c.row)), at)
		if got := e.IndexEntry > 0; got != c.index {
			t.Errorf("%s: %+v, want index entries %v", c.name, e, c.index)
		}
		if c.index && m.Prob(e) < 0.5 {
			t.Errorf("%s: P(hub) %.3f, want a hub", c.name, m.Prob(e))
		}
	}
}

// releaseNotes is a list of sentences as CMake 3.25's release notes write
// them (release/3.22.html, shortened): each item opens with "The", then a
// link to a command's place in its page, then prose.
func releaseNotes(tail string) string {
	var b strings.Builder
	b.WriteString(`<html><body><div role="main"><h1>CMake 3.22 Release Notes</h1><ul class="simple">`)
	for i := range 10 {
		fmt.Fprintf(&b, `<li><p>The <a class="reference internal" href="../command/c%d.html#command:c%d"><code>c%d()</code></a>%s</p></li>`+"\n", i, i, i, tail)
	}
	b.WriteString(`</ul></div></body></html>`)
	return b.String()
}

// A word that consecutive entries share before a link to a place is a
// kind label (scope.go openEntry); outside a cell of its own the entry
// counts only when it holds little more than the label and its links: a
// list of sentences with a link inline in their prose is no list of
// entries. In a label column ("Method | <a>m</a> | summary", pydoctor's
// inherited members) the row counts whole, as before.
func TestMeasurePageKindLabelProse(t *testing.T) {
	const at = "http://docs.test/cmake/release/3.22.html"
	prose := hub.MeasurePageAt(parse(t, releaseNotes(` command now supports the <code>%V</code> specifier for ISO 8601 week numbers.`)), at)
	if prose.IndexEntry != 0 || prose.Entry != 0 {
		t.Errorf("sentences: %+v, want no entry", prose)
	}
	short := hub.MeasurePageAt(parse(t, releaseNotes(` command.`)), at)
	if short.IndexEntry == 0 {
		t.Errorf("label, link and a word: %+v, want index entries", short)
	}
	var b strings.Builder
	b.WriteString(`<html><body><table class="children">`)
	for i := range 10 {
		fmt.Fprintf(&b, `<tr><td>Method</td><td><code><a href="base%d.html#m%d">m%d</a></code></td><td>Returns the value of the field as a string, or the default when it is not set.</td></tr>`+"\n", i, i, i)
	}
	b.WriteString(`</table></body></html>`)
	if cells := hub.MeasurePageAt(parse(t, b.String()), "http://docs.test/api/C.html"); cells.IndexEntry == 0 {
		t.Errorf("a label column: %+v, want index entries", cells)
	}
}
