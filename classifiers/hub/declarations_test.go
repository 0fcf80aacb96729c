package hub_test

import (
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// A module of submodule declarations (prelines.go declKeyword, format
// /17): testdata/ocamldoc/BatChar.Incubator.html is a real page (see
// testdata/README.md), three pre lines "module <a>Comp</a>: <a>BatOrd.Comp</a>
// with type t = char", each led by the keyword and its name's link.
func TestMeasurePageDeclarationLines(t *testing.T) {
	const at = "http://docs.test/api/BatChar.Incubator.html"
	page, e := declarationsHub(t, "testdata/ocamldoc/BatChar.Incubator.html", at)
	for _, c := range []struct{ name, from, to string }{
		// a value's declaration: its name and a colon before the link, code
		{"val", `<span class="keyword">module</span> <a href="BatChar.Incubator.`, `<span class="keyword">val</span> x : <a href="BatChar.Incubator.`},
		// three words before the link
		{"three words", `<span class="keyword">module</span> <a href="BatChar.Incubator.`, `<span class="keyword">module type of</span> <a href="BatChar.Incubator.`},
		// punctuation before the link
		{"punctuation", `<span class="keyword">module</span> <a href="BatChar.Incubator.`, `<span class="keyword">module</span>: <a href="BatChar.Incubator.`},
	} {
		p := strings.ReplaceAll(page, c.from, c.to)
		if e := hub.MeasurePageAt(parse(t, p), at); e.Entry != 0 {
			t.Errorf("%s: %+v, want no entry", c.name, e)
		}
	}
	// A keyword of two words ("module type") leads as one does.
	mt := strings.ReplaceAll(page, `<span class="keyword">module</span> <a href="BatChar.Incubator.`, `<span class="keyword">module type</span> <a href="BatChar.Incubator.`)
	if e2 := hub.MeasurePageAt(parse(t, mt), at); e2.Entry != e.Entry+3*len("type") {
		t.Errorf("module type: %+v, want Entry %d", e2, e.Entry+3*len("type"))
	}
	// A line that ends with its link declares nothing ("include <a>M</a>").
	include := `<html><body><h1>Module M</h1><pre><span class="keyword">include</span> <a href="BatQueue.html">BatQueue</a></pre>
<pre><span class="keyword">include</span> <a href="BatQueue.Exceptionless.html">BatQueue.Exceptionless</a></pre></body></html>`
	if e := hub.MeasurePageAt(parse(t, include), "http://docs.test/api/M.html"); e.Entry != 0 {
		t.Errorf("include lines: %+v, want no entry", e)
	}
}

// A declaration's description, a div of paragraphs after its pre
// (described.go describesDecl), is the entry's; a bare paragraph there is
// the page's prose.
func TestMeasurePageDeclarationDescribed(t *testing.T) {
	b, err := os.ReadFile("testdata/ocamldoc/BatChar.Incubator.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	const at = "http://docs.test/api/BatChar.Incubator.html"
	const end = `with type t = char</code></pre>`
	e := hub.MeasurePageAt(parse(t, page), at)
	div := strings.Replace(page, end, end+`<div class="info"><p>Comparisons of characters.</p></div>`, 1)
	if got := hub.MeasurePageAt(parse(t, div), at); got.Entry != e.Entry+len("Comparisonsofcharacters.") {
		t.Errorf("a div.info after the declaration: %+v, want Entry %d", got, e.Entry+len("Comparisonsofcharacters."))
	}
	p := strings.Replace(page, end, end+`<p>Comparisons of characters.</p>`, 1)
	if got := hub.MeasurePageAt(parse(t, p), at); got.Entry != e.Entry {
		t.Errorf("a bare p after the declaration: %+v, want Entry %d", got, e.Entry)
	}
	// after a pre that counted no declaration, a description of nothing
	val := strings.Replace(strings.Replace(page, end, end+`<div class="info"><p>Comparisons of characters.</p></div>`, 1),
		`<span class="keyword">module</span> <a href="BatChar.Incubator.Comp.html">`, `<span class="keyword">val</span> x : <a href="BatChar.Incubator.Comp.html">`, 1)
	if got := hub.MeasurePageAt(parse(t, val), at); got.Entry >= e.Entry {
		t.Errorf("after a value's declaration: %+v, want less than Entry %d", got, e.Entry)
	}
}

// declarationsHub reads the real page in file, a module page of submodule
// declarations, measures it at URL at and checks that it is a hub: at
// least half its text in entries, P(hub) ≥ 0.5 by the shipped model.
func declarationsHub(t *testing.T, file, at string) (string, hub.Evidence) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	e := hub.MeasurePageAt(parse(t, page), at)
	if all := e.Text + e.Anchor; e.Entry*2 < all {
		t.Errorf("submodule declarations: %+v, want at least half the text in entries", e)
	}
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	if p := m.Prob(e); p < 0.5 {
		t.Errorf("P(hub) %.3f, want ≥ 0.5 (%+v)", p, e)
	}
	return page, e
}
