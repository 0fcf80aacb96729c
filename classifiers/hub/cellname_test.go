package hub_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// haddockSymbolIndex: /usr/share/doc/ghc-doc/html/libraries/base-4.15.1.0/
// doc-index-58.html (ghc-doc 9.0.2-4, Haddock 2.25.1), the identifier index
// of base's names starting with ':', its first eight rows: each name, an
// operator without letters or digits, in a cell of its own (td.src), then
// where it is defined, links to places in module pages (td.module); a name
// defined twice has a row of its own and a row per definition (td.alt).
const haddockSymbolIndex = `<html><body><div id="content"><div id="alphabet"><ul>` +
	`<li><a href="doc-index-A.html">A</a></li><li><a href="doc-index-B.html">B</a></li><li><a href="doc-index-58.html">:</a></li></ul></div>` +
	`<div id="index"><p class="caption">Index - :</p><table>` +
	`<tr><td class="src">:$$:</td><td class="module"><a href="GHC-TypeLits.html#v::-36--36-:" title="GHC.TypeLits">GHC.TypeLits</a></td></tr>` +
	`<tr><td class="src">:%</td><td class="module"><a href="GHC-Real.html#v::-37-" title="GHC.Real">GHC.Real</a></td></tr>` +
	`<tr><td class="src">:*:</td><td>&nbsp;</td></tr>` +
	`<tr><td class="alt">1 (Type/Class)</td><td class="module"><a href="GHC-Generics.html#t::-42-:" title="GHC.Generics">GHC.Generics</a></td></tr>` +
	`<tr><td class="alt">2 (Data Constructor)</td><td class="module"><a href="GHC-Generics.html#v::-42-:" title="GHC.Generics">GHC.Generics</a></td></tr>` +
	`<tr><td class="src">:+</td><td class="module"><a href="Data-Complex.html#v::-43-" title="Data.Complex">Data.Complex</a></td></tr>` +
	`<tr><td class="src">:+:</td><td class="module"><a href="GHC-Generics.html#t::-43-:" title="GHC.Generics">GHC.Generics</a></td></tr>` +
	`<tr><td class="src">:|</td><td class="module"><a href="GHC-Base.html#v::-124-" title="GHC.Base">GHC.Base</a>, ` +
	`<a href="Data-List-NonEmpty.html#v::-124-" title="Data.List.NonEmpty">Data.List.NonEmpty</a></td></tr>` +
	`</table></div></div></body></html>`

// TestMeasurePageOperatorNamesAreTerms: a text without letters or digits
// in a table cell of its own, before the cell holding a link to a place in
// another page, is an index term (an operator's name), not a list marker:
// the rows count as index entries however few pages they lead into
// (Haddock's symbol index pages lead into fewer than eight). A marker
// beside its link in one cell, or a symbol in its own cell before a link to
// a page as a whole, leads by the link as before.
func TestMeasurePageOperatorNamesAreTerms(t *testing.T) {
	const at = "http://docs.test/base-4.15.1.0/doc-index-58.html"
	e := hub.MeasurePageAt(parse(t, haddockSymbolIndex), at)
	if e.IndexEntry < 60 {
		t.Errorf("operator rows: %+v, want index entries (the six named rows and one numbered definition)", e)
	}
	noAlt := regexp.MustCompile(`<tr><td class="alt">.*?</tr>`).ReplaceAllString(haddockSymbolIndex, "")
	oneCell := strings.NewReplacer(`<td class="src">`, `<td class="module">`, `</td><td class="module"><a`, ` <a`).Replace(noAlt)
	if e := hub.MeasurePageAt(parse(t, oneCell), at); e.IndexEntry != 0 {
		t.Errorf("markers beside links to places in five pages: %+v, want no index entry (a member list)", e)
	}
	if e := hub.MeasurePageAt(parse(t, noAlt), at); e.IndexEntry < 40 {
		t.Errorf("operator rows without the numbered definitions: %+v, want index entries", e)
	}
	toPages := strings.NewReplacer(`#v::-36--36-:"`, `"`, `#v::-37-"`, `"`, `#v::-43-"`, `"`, `#t::-43-:"`, `"`).Replace(haddockSymbolIndex)
	p := hub.MeasurePageAt(parse(t, toPages), at)
	if p.Entry <= e.Entry {
		t.Errorf("symbols before links to pages: Entry %d, want more than with places (%d): rows led by their link", p.Entry, e.Entry)
	}
}
