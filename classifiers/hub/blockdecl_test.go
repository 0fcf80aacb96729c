package hub_test

import (
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// A class type's page as odoc 2 writes it (block.go, round 18):
// testdata/odoc/Dom_html.mapElement.html is a real page (see
// testdata/README.md), three alike div.odoc-spec blocks, "<code>inherit
// <a href="../class-type-element/index.html">element</a></code>" and
// "<code>method areas : <a>areaElement</a> <a>collection</a> …</code>":
// declarations of the page's own members, whose links lead to the types
// they take in or return, not entries of a table of contents. Code before a
// block's first link is no label: only a declaration's keyword (declLead)
// whose declaration goes on after the link leads the block, as "module <a
// href="Sub/index.html">Sub</a> : sig ... end" does.
func TestMeasurePageMemberDeclarations(t *testing.T) {
	b, err := os.ReadFile("testdata/odoc/Dom_html.mapElement.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	const at = "http://docs.test/js_of_ocaml/Js_of_ocaml/Dom_html/class-type-mapElement/index.html"
	e := hub.MeasurePageAt(parse(t, page), at)
	if e.Block != 0 || e.Entry != 0 {
		t.Errorf("member declarations: %+v, want no block and no entry", e)
	}
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	if p := m.Prob(e); p >= 0.5 {
		t.Errorf("P(hub) %.3f, want < 0.5 (%+v)", p, e)
	}
	// The same blocks declaring submodules whose names link to their pages
	// lead: a module of submodules is their table of contents.
	const inherit = `<span class="keyword">inherit</span> <a href="../class-type-element/index.html">element</a>`
	const method = `<span class="keyword">method</span> areas : <span><span><span><a href="../class-type-areaElement/index.html">areaElement</a>`
	const name = `<span class="keyword">method</span> name : `
	mods := strings.NewReplacer(
		inherit, `<span class="keyword">module</span> <a href="../Element/index.html">Element</a> : <span class="keyword">sig</span> ... <span class="keyword">end</span>`,
		method, `<span class="keyword">module</span> <a href="../Areas/index.html">Areas</a> : <span><span><span>sig`,
		name, `<span class="keyword">module</span> <a href="../Name/index.html">Name</a> : `,
	).Replace(page)
	if mods == page || strings.Contains(mods, inherit) || strings.Contains(mods, method) || strings.Contains(mods, name) {
		t.Fatal("the declarations are not in the page")
	}
	if got := hub.MeasurePageAt(parse(t, mods), at); got.Block == 0 {
		t.Errorf("submodule declarations: %+v, want a block run", got)
	}
	// Code that runs into the link names the linked thing, the last segment
	// of a path: rustdoc's re-exports, a prelude's rows.
	var reexports strings.Builder
	reexports.WriteString(`<html><body><h1>Module prelude</h1><div class="t">`)
	for _, n := range []string{"OsStrExt", "OsStringExt", "FileExt"} {
		reexports.WriteString(`<div class="row"><code>pub use super::ffi::<a href="../ffi/trait.` + n + `.html">` + n + `</a>;</code></div>`)
	}
	reexports.WriteString(`</div></body></html>`)
	if got := hub.MeasurePageAt(parse(t, reexports.String()), at); got.Block == 0 {
		t.Errorf("re-exports: %+v, want a block run", got)
	}
	// A short label outside code still leads a block (a result's type).
	label := strings.NewReplacer(`<code>`, `<span>`, `</code>`, `</span>`).Replace(page)
	if got := hub.MeasurePageAt(parse(t, label), at); got.Block == 0 {
		t.Errorf("labels outside code: %+v, want a block run", got)
	}
}
