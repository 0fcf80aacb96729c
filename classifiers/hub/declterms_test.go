package hub_test

import (
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// A module of submodule declarations as odoc writes them (entry.go
// declLead, format /18): testdata/odoc/Graph.Graphml.html is a real page
// (see testdata/README.md), two definition terms "<code>module type <a
// href="module-type-G/index.html">G</a> = sig ... end</code>" and "module
// <a href="Print/index.html">Print</a> : functor (…) -> …", each led by its
// own permalink (an empty link to its place), then the keyword and the
// name's link, its description the dd.
func TestMeasurePageDeclarationTerms(t *testing.T) {
	const at = "http://docs.test/ocamlgraph/Graph/Graphml/index.html"
	page, e := declarationsHub(t, "testdata/odoc/Graph.Graphml.html", at)
	const kw = `<span class="keyword">module</span> <a href="Print/`
	for _, c := range []struct{ name, from, to string }{
		// a value's declaration: a name and a colon before the link, code
		{"val", kw, `<span class="keyword">val</span> print : <a href="Print/`},
		// the keyword outside code: a word of prose before a link
		{"prose", `<code>` + kw, `<span>` + kw},
		// a table cell: Javadoc's column of modifiers and types
		{"cell", `<dt class="spec module" id="module-Print">`, `<dt class="spec module" id="module-Print"><table><tr><td>`},
	} {
		p := strings.Replace(page, c.from, c.to, 1)
		if p == page {
			t.Fatalf("%s: %q not in the page", c.name, c.from)
		}
		if got := hub.MeasurePageAt(parse(t, p), at); got.Entry >= e.Entry {
			t.Errorf("%s: %+v, want less entry text than %d", c.name, got, e.Entry)
		}
	}
	// A declaration that ends with its link declares nothing ("include").
	inc := `<html><body><dl><dt id="x"><a href="#x"></a><code><span>include</span> <a href="M/index.html">M</a></code></dt></dl>
<dl><dt id="y"><a href="#y"></a><code><span>include</span> <a href="N/index.html">N</a></code></dt></dl></body></html>`
	if got := hub.MeasurePageAt(parse(t, inc), at); got.Entry != 0 {
		t.Errorf("include terms: %+v, want no entry", got)
	}
}

// odoc writes a declaration without a doc comment as a div of the same
// classes, its permalink then its code, no dd (prelines.go declDiv); a div
// of Javadoc's summary laid out as cells holds the code without a
// permalink.
func TestMeasurePageDeclarationDivs(t *testing.T) {
	b, err := os.ReadFile("testdata/odoc/Graph.Graphml.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	const at = "http://docs.test/ocamlgraph/Graph/Graphml/index.html"
	div := strings.NewReplacer(`<dl><dt`, `<div`, `</dt>`, `</div>`, `</dl>`, ``,
		`<dd><p>Graph information required by Graphml</p></dd>`, ``,
		`<dd><p>Graphml Printer given a graph and required info</p></dd>`, ``).Replace(page)
	e := hub.MeasurePageAt(parse(t, div), at)
	if all := e.Text + e.Anchor; e.Entry*2 < all {
		t.Errorf("undocumented declarations as divs: %+v, want at least half the text in entries", e)
	}
	bare := strings.NewReplacer(`<a href="#module-type-G" class="anchor"></a>`, ``, `<a href="#module-Print" class="anchor"></a>`, ``).Replace(div)
	if got := hub.MeasurePageAt(parse(t, bare), at); got.Entry != 0 {
		t.Errorf("divs of code without a permalink: %+v, want no entry", got)
	}
}

// A header holding the page's title (an h1 that is no link), or a
// section's header, is the page's own text (evidence.go ownHeader): odoc
// writes the module's name and preamble in one; a site's banner, its name
// a link home, stays furniture.
func TestMeasurePageOwnHeader(t *testing.T) {
	b, err := os.ReadFile("testdata/odoc/Graph.Graphml.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	const at = "http://docs.test/ocamlgraph/Graph/Graphml/index.html"
	e := hub.MeasurePageAt(parse(t, page), at)
	title := len("ModuleGraph.Graphml") + len("GenericGraphMlPrinter")
	banner := strings.Replace(page, `<h1>Module <code>Graph.Graphml</code></h1>`, `<h1><a href="../../index.html">Module <code>Graph.Graphml</code></a></h1>`, 1)
	got := hub.MeasurePageAt(parse(t, banner), at)
	if e.Text != got.Text+title {
		t.Errorf("the title's header: Text %d, want %d (the banner's %d and the title's %d runes)", e.Text, got.Text+title, got.Text, title)
	}
	section := `<html><body><section><header><h2>Parameters</h2><p>Two modules.</p></header><p>x</p></section></body></html>`
	if got := hub.MeasurePageAt(parse(t, section), at); got.Text != len("ParametersTwomodules.x") {
		t.Errorf("a section's header: %+v, want Text %d", got, len("ParametersTwomodules.x"))
	}
}
