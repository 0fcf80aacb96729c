package hub_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/htmldecode"
)

func parse(t testing.TB, s string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestMeasurePage(t *testing.T) {
	for _, c := range []struct {
		name, html string
		want       hub.Evidence
	}{
		{"article", `<p>Some text here.</p><p>More <a href="/x">one</a> text</p>`, hub.Evidence{Text: 21, Anchor: 3, Links: 1}},
		{"toc", `<ul><li><a href="/a">alpha</a></li><li><a href="/b">beta</a> x</li></ul>`, hub.Evidence{Text: 1, Anchor: 9, ListAnchor: 9, Links: 2, ListLinks: 2, Entry: 10}},
		{"entry with description and nested list", `<ul><li><b><a href="a.html">alpha</a></b> first<ul><li><a href="a.html#s">sec</a></li></ul></li></ul>`,
			hub.Evidence{Text: 5, Anchor: 8, ListAnchor: 8, Links: 2, ListLinks: 2, Entry: 13}},
		{"term leads, definitions count", `<dl><dt><a href="git-add.html">git-add</a></dt><dd>Add files.</dd><dd>More.</dd><dt>plain</dt><dd>not an entry</dd></dl>`,
			hub.Evidence{Text: 29, Anchor: 7, ListAnchor: 7, Links: 1, ListLinks: 1, Entry: 21}},
		{"index entries: places in pages, term only", `<dl><dt><a href="os.html#os.abort">abort()</a> (in os)</dt><dd>long definition</dd>` +
			`<dt><a href="io.html#io.open">open()</a></dt><dt><a href="sys.html#sys.exit">exit()</a></dt>` + placeTerms("dt", 5) + `</dl>`,
			hub.Evidence{Text: 20, Anchor: 29, ListAnchor: 29, Links: 8, ListLinks: 8, IndexEntry: 35}},
		{"links into fewer than eight pages: one page's member list, with its bases'", `<ul><li><a href="v.html#a1">asInt</a>()</li><li><a href="v.html#a2">size</a>()</li><li><a href="base.html#a3">key</a>()</li>` + placeTerms("li", 4) + `</ul>`,
			hub.Evidence{Text: 6, Anchor: 20, ListAnchor: 20, Links: 7, ListLinks: 7}},
		{"a name before the link: an index term, however few pages", `<ul><li>asInt() : <a href="v.html#a1">Json::Value</a></li><li>com.example.<a href="Foo.html">Foo</a> (implements com.example.<a href="Bar.html">Bar</a>)</li></ul>`,
			hub.Evidence{Text: 44, Anchor: 17, ListAnchor: 17, Links: 3, ListLinks: 3, Entry: 42, IndexEntry: 19}},
		{"text before the link: no entry", `<ul><li>Read this first <a href="/a">alpha</a></li><li>See <a href="/b">beta</a> for the details of this</li></ul>`,
			hub.Evidence{Text: 35, Anchor: 9, ListAnchor: 9, Links: 2, ListLinks: 2}},
		{"an icon's letter is a marker", `<table><tr><td><span class="icon">C</span><a href="c.html">Json::Reader</a></td><td>Reads JSON</td></tr></table>`,
			hub.Evidence{Text: 10, Anchor: 12, ListAnchor: 12, Links: 1, ListLinks: 1, Entry: 22}},
		{"same-page fragment and mailto: no entry", `<ul><li><a href="#x">here</a></li><li><a href="mailto:a@b">mail</a></li></ul>`,
			hub.Evidence{Anchor: 8, ListAnchor: 8, Links: 2, ListLinks: 2}},
		{"table rows led by a link", `<table><tr><td></td><td><a href="f.html#index-abs">abs</a></td><td><a href="f.html">Utility</a></td></tr>` +
			`<tr><td><a href="g.html#x">x</a></td></tr><tr><td><a href="h.html#y">y</a></td></tr>` + placeTerms("tr", 5) + `</table>`,
			hub.Evidence{Anchor: 22, ListAnchor: 22, Links: 9, ListLinks: 9, IndexEntry: 22}},
		{"rows of sibling cells (period 2) led by a link; a row summarising a member of the page is none", `<div class="t"><div class="h">Class</div><div class="h">Description</div>` +
			`<div class="col-first"><a href="A.html">A</a></div><div class="col-last">Does a.</div><div class="col-first"><a href="B.html">B</a></div><div class="col-last">Does b.</div></div>` +
			`<div class="m"><div class="c1"><a href="T.html">T</a></div><div class="c2"><a href="#get()">get</a>()</div><div class="c3">Gets.</div>` +
			`<div class="c1">void</div><div class="c2"><a href="#set()">set</a>()</div><div class="c3">Sets.</div></div>`,
			hub.Evidence{Text: 46, Anchor: 9, Links: 5, Entry: 14}},
		{"lines of a pre led by a page link, after a marker (Vim's link bars): entries", "<pre>|<a href=\"usr_01.html\">usr_01.txt</a>|  About the manuals\n" +
			"|<a href=\"usr_02.html\">usr_02.txt</a>|  First steps\nPlain line <a href=\"x.html\">x</a>\n<a href=\"#top\">top</a> - main</pre>",
			hub.Evidence{Text: 43, Anchor: 24, Links: 4, Entry: 49}},
		{"lines of a pre led by places in eight pages: index entries", "<pre>" + placeLines(8) + "</pre>",
			hub.Evidence{Text: 40, Anchor: 16, Links: 8, IndexEntry: 56}},
		{"a pre inside an entry is the entry's text", `<ul><li><a href="a.html">a</a><pre><a href="b.html">b</a> code</pre></li></ul>`,
			hub.Evidence{Text: 4, Anchor: 2, ListAnchor: 2, Links: 2, ListLinks: 2, Entry: 6}},
		{"a paragraph after a one-item list led by a page link describes its entry (AsciiDoc)", `<div class="ulist"><ul><li><p><a href="howto/a.html">a-howto</a></p></li></ul></div>` +
			`<div class="paragraph"><p>How to do a.</p></div><p>Not described.</p><ul><li><a href="#x">x</a></li></ul><p>Nor this.</p>`,
			hub.Evidence{Text: 30, Anchor: 8, ListAnchor: 8, Links: 2, ListLinks: 2, Entry: 16}},
		{"furniture left out", `<nav><a href="/n">nav</a></nav><div class="sphinxsidebar"><a href="/s">side</a></div><div id="page-footer">f</div><div class="canvas">kept</div>`, hub.Evidence{Text: 4}},
		{"anchor without href", `<a name="x">named</a>`, hub.Evidence{Text: 5}},
		{"repeated blocks led by page links", `<div class="r"><a href="/a">aa</a> s</div><div class="r"><a href="/b">bb</a></div><div class="r"><a href="/c">cc</a></div><div class="r">no link</div><p>x</p>`,
			hub.Evidence{Text: 8, Anchor: 6, Links: 3, Block: 7, BlockRun: 7}},
		{"a run of which fewer than half lead is no list (a caption, then graphs)", `<div class="tb"><a href="/a">alpha</a> text</div><div class="tb">Include graph</div><div class="tb">Used by graph</div>`,
			hub.Evidence{Text: 27, Anchor: 5, Links: 1, Block: 9}},
		{"two of three lead: a run", `<div class="tb"><a href="/a">alpha</a> text</div><div class="tb"><a href="/b">beta</a></div><div class="tb">Used by graph</div>`,
			hub.Evidence{Text: 15, Anchor: 9, Links: 2, Block: 13, BlockRun: 13}},
		{"a run whose blocks all lead by one link is no list (a trait's implementations, each led by a badge linking one tracking issue)",
			strings.Repeat(`<section class="impl"><span class="r">const: <a href="/issues/1">unstable</a></span><h3>impl A</h3></section>`, 3),
			hub.Evidence{Text: 33, Anchor: 24, Links: 3, Block: 57}},
		{"blocks leading by two links are a run (results led by topic badges, two alike)",
			`<div class="r"><a href="/t/a">a</a> one</div><div class="r"><a href="/t/a">a</a> two</div><div class="r"><a href="/t/b">b</a> six</div>`,
			hub.Evidence{Text: 9, Anchor: 3, Links: 3, Block: 12, BlockRun: 12}},
		{"a repeated block holding a row's cells is an entry, as a tr (rustdoc's item tables)",
			`<div class="t"><div class="row"><div class="l"><a href="a.html">alpha</a></div><div class="r"><p>One.</p></div></div>` +
				`<div class="row"><div class="l"><a href="b.html">beta</a></div><div class="r"><p>Two.</p></div></div>` +
				`<div class="row"><div class="l"><a href="c.html">gamma</a></div><div class="r"></div></div></div><p>Prose.</p>`,
			hub.Evidence{Text: 14, Anchor: 14, Links: 3, Entry: 22, Block: 22, BlockRun: 22}},
		{"blocks whose children are alike, or one child, are no rows",
			`<div class="row"><div class="c"><a href="a.html">alpha</a></div><div class="c">One.</div></div>` +
				`<div class="row"><div class="c"><a href="b.html">beta</a></div><div class="c">Two.</div></div>` +
				`<div class="row"><div class="c"><a href="c.html">gamma</a></div><div class="c">Six.</div></div>` +
				`<section class="s"><div><a href="d.html">d</a></div></section><section class="s"><div><a href="e.html">e</a></div></section><section class="s"><div><a href="f.html">f</a></div></section>`,
			hub.Evidence{Text: 12, Anchor: 17, Links: 6, Block: 29, BlockRun: 26}},
		{"two alike blocks are no run, other classes break it", `<div class="r"><a href="/a">aa</a></div><div class="s"><a href="/b">bb</a></div><div class="r"><a href="/c">cc</a></div><div class="r"><a href="/d">dd</a></div>`,
			hub.Evidence{Anchor: 8, Links: 4}},
		{"list items of three are blocks too", `<ul><li><a href="/a">a</a></li><li><a href="/b">b</a></li><li><a href="/c#x">c</a></li></ul>`,
			hub.Evidence{Anchor: 3, ListAnchor: 3, Links: 3, ListLinks: 3, Entry: 2, Block: 2, BlockRun: 2}},
		{"a list marker written as text may come first (three numbers are not one; blocks allow a label)", `<ul><li>1. <a href="/a">alpha</a></li><li>• <a href="/b">beta</a></li><li>12345 678 9 <a href="/c">c</a></li></ul>`,
			hub.Evidence{Text: 12, Anchor: 10, ListAnchor: 10, Links: 3, ListLinks: 3, Entry: 12, Block: 22, BlockRun: 22}},
		{"nested entries count their own text, a nested list's other text not", `<ul><li><a href="a.html">alpha</a><ul><li>plain</li><li><a href="b.html#s">sec</a></li></ul></li></ul>`,
			hub.Evidence{Text: 5, Anchor: 8, ListAnchor: 8, Links: 2, ListLinks: 2, Entry: 8}},
		{"a layout row holding an article is no entry, its inner rows are", `<table><tr><td><a href="/home">Home</a></td><td><p>` + strings.Repeat("word ", 250) + `</p><table><tr><td><a href="/x">inner</a></td></tr></table></td></tr></table>`,
			hub.Evidence{Text: 1000, Anchor: 9, ListAnchor: 9, Links: 2, ListLinks: 2, Entry: 5}},
		{"blocks may start with a short label, not a heading", `<div class="r"><span>Article</span> <a href="/a">aa</a></div><div class="r">3 votes <a href="/b">bb</a></div><div class="r"><a href="/c">cc</a></div>` +
			`<div class="s"><h3>Title</h3><a href="/d">d</a></div><div class="s"><h3>Title</h3><a href="/e">e</a></div><div class="s"><h3>Title</h3><a href="/f">f</a></div>`,
			hub.Evidence{Text: 28, Anchor: 9, Links: 6, Block: 19, BlockRun: 19}},
		{"the largest run; odd and even rows are alike", `<div class="item odd"><a href="/a">aaaa</a></div><div class="item even"><a href="/b">bbbb</a></div><div class="item odd"><a href="/c">cccc</a></div><div class="item even"><a href="/d">dddd</a></div>` +
			`<p>x</p><div class="rel"><a href="/e">e</a></div><div class="rel"><a href="/f">f</a></div><div class="rel"><a href="/g">g</a></div>`,
			hub.Evidence{Text: 1, Anchor: 19, Links: 7, Block: 19, BlockRun: 16}},
		{"a block opening with a heading that links to a page is a term and its description; a title before its link, or a link to a place, is a section", `<div class="a"><h6><a href="m.html">get_width</a></h6><div class="doc"><p>Gets it.</p></div></div>` +
			`<div class="b"><h4>Signals <a href="s.html">s</a></h4><p>Text</p></div><div class="c"><h4><a href="#x">here</a></h4><p>Para</p></div>`,
			hub.Evidence{Text: 22, Anchor: 14, Links: 3, Entry: 16}},
		{"a heading, then its description in two alike cells: rows whose first cell occurs once", `<div class="d"><p>Methods inherited:</p><h6><a href="a.html">alpha</a></h6><div class="doc">One.</div><div class="doc"></div>` +
			`<h6><a href="b.html">beta</a></h6><div class="doc">Two.</div><div class="doc"></div></div>`,
			hub.Evidence{Text: 25, Anchor: 9, Links: 2, Entry: 17}},
		{"runs of term blocks of one kind count together; other runs by the largest", strings.Repeat(`<div class="s">`+termBlocks(3)+`</div>`, 2) +
			`<div class="r"><a href="/r">rrrr</a></div><div class="r"><a href="/s">rrrr</a></div><div class="r"><a href="/t">rrrr</a></div>`,
			hub.Evidence{Text: 6, Anchor: 24, Links: 9, Entry: 18, Block: 30, BlockRun: 18, TermRun: 18}},
		{"one run of term blocks is the largest run, no sum", `<div class="s">` + termBlocks(3) + `</div>`,
			hub.Evidence{Text: 3, Anchor: 6, Links: 3, Entry: 9, Block: 9, BlockRun: 9}},
		{"a pair of rows led by a label before a link to a page is no entry (a property's getter and setter)", `<table><tr><td>Getter method</td><td><a href="get.html">get_x()</a></td></tr>` +
			`<tr><td>Setter method</td><td><a href="set.html">set_x()</a></td></tr></table>`,
			hub.Evidence{Text: 24, Anchor: 14, ListAnchor: 14, Links: 2, ListLinks: 2}},
		{"three rows led by a name before a link to a page are entries (a member table)", `<table><tr><td>class</td><td><a href="a.html">Abc</a></td></tr><tr><td>class</td><td><a href="b.html">Abc</a></td></tr>` +
			`<tr><td>class</td><td><a href="c.html">Abc</a></td></tr></table>`,
			hub.Evidence{Text: 15, Anchor: 9, ListAnchor: 9, Links: 3, ListLinks: 3, Entry: 24, Block: 24, BlockRun: 24}},
		{"two rows led by a name before a link to a place are index entries (an index letter's page)", `<table><tr><td>abs</td><td><a href="f.html#a">Foo</a></td></tr><tr><td>acos</td><td><a href="g.html#b">Bar</a></td></tr></table>`,
			hub.Evidence{Text: 7, Anchor: 6, ListAnchor: 6, Links: 2, ListLinks: 2, IndexEntry: 13}},
		{"rows led by one kind label before links to places: no index terms (a class's inherited members)", `<table>` + kindRow("b.html#m1", "m1") +
			kindRow("b.html#m2", "m2") + kindRow("b.html#m3", "m3") + `</table>`,
			hub.Evidence{Text: 33, Anchor: 6, ListAnchor: 6, Links: 3, ListLinks: 3}},
		{"entries nested in an entry led by a name keep their own kind", `<div><p>Inherited from <a href="base.html">Base</a>:</p><table>` +
			kindRow("base.html#a", "a") + kindRow("base.html#b", "b") + kindRow("base.html#c", "c") + `</table><p>Inherited from <a href="root.html">Root</a>:</p><table>` +
			kindRow("root.html#d", "d") + kindRow("root.html#e", "e") + kindRow("root.html#f", "f") + `</table></div>`,
			hub.Evidence{Text: 94, Anchor: 14, ListAnchor: 6, Links: 8, ListLinks: 6, Entry: 36}},
		{"an article, or an element whose id names the content, is kept whatever its class says", `<div id="content" class="fixed-header"><p>Story text</p></div>` +
			`<article class="post reblog_header"><p>A post</p></article><div class="site-header">gone</div><div id="Main" class="nav-wrap"><p>kept</p></div><div role="main" class="menu-x">too</div>`,
			hub.Evidence{Text: 21}},
		{"a wrapper named furniture that holds the main content is walked, its furniture children left out (QDoc's div.header)",
			`<div class="header" id="qtdocheader"><div class="navigationbar"><a href="/n">nav</a></div><div class="main"><div class="content mainContent">` +
				`<div class="sidebar"><a href="#s">toc</a></div><p>kept</p></div></div></div><div class="footer">f</div>` +
				`<div class="top-menu"><main><p>too</p></main></div><div class="site-nav"><div id="content">also</div></div>`,
			hub.Evidence{Text: 11}},
		{"furniture holding a bare content or main class stays out (a sidebar's blocks)",
			`<div class="sidebar"><div class="content"><p>block</p></div><div class="main">m</div></div><p>kept</p>`, hub.Evidence{Text: 4}},
		{"script", `<script>var a = "<a href=x>";</script>t`, hub.Evidence{Text: 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hub.MeasurePage(parse(t, c.html)); got != c.want {
				t.Errorf("MeasurePage = %+v, want %+v", got, c.want)
			}
		})
	}
	if got := hub.MeasurePage(parse(t, `<html><body class="no-sidebar" id="nav-page"><p>text</p></body></html>`)); got.Text != 4 {
		t.Errorf("a body whose class names furniture was left out: %+v", got)
	}
	if got := hub.MeasurePage(nil); got != (hub.Evidence{}) {
		t.Errorf("nil document: %+v", got)
	}
	if got := hub.MeasurePageAt(nil, "http://x.test/"); got != (hub.Evidence{}) {
		t.Errorf("nil document: %+v", got)
	}
	deep := strings.Repeat("<div>", 500) + `<a href="/x">deep</a>` // html.Parse stops at 512
	if got := hub.MeasurePage(parse(t, deep)); got.Links != 1 || got.Anchor != 4 {
		t.Errorf("500-deep link: %+v", got)
	}
}

// TestMeasurePageAt: with the page's URL known, entries that lead to
// another site or back to the page are no entries; repeated blocks may lead
// to any site (a results page leads off its own).
func TestMeasurePageAt(t *testing.T) {
	const page = `<ul><li><a href="https://other.test/x">other</a></li><li><a href="http://www.docs.test/a/b.html">same</a></li>` +
		`<li><a href="//intl.docs.test/c">sub</a></li><li><a href="page.html#top">self</a></li><li><a href="/a/page.html">self</a></li></ul>`
	for _, c := range []struct {
		name, url string
		entry     int
	}{
		{"unknown URL: every link may lead (the one place leads into one page: no index)", "", 16},
		{"known URL", "http://docs.test/a/page.html", 7},
		{"unparsable URL is unknown", "http://[::1", 16},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hub.MeasurePageAt(parse(t, page), c.url); got.Entry+got.IndexEntry != c.entry {
				t.Errorf("MeasurePageAt(%q): entries %d + index entries %d, want %d in all", c.url, got.Entry, got.IndexEntry, c.entry)
			}
		})
	}
	blocks := `<div class="r"><a href="https://elsewhere.test/a">result</a></div><div class="r"><a href="https://elsewhere.test/b">result</a></div>` +
		`<div class="r"><a href="https://elsewhere.test/c">result</a></div>`
	if got := hub.MeasurePageAt(parse(t, blocks), "http://search.test/q"); got.BlockRun != 18 {
		t.Errorf("results leading off the site: %+v, want a run of 18", got)
	}
}

func FuzzMeasurePage(f *testing.F) {
	f.Add([]byte(`<ul><li><a href="/a">alpha</a></li></ul><nav><a href=x>n</a></nav>`))
	f.Add([]byte("<table><tr><td><a href='#'>\u00a0\u3000x</a>"))
	f.Add([]byte(`<dl><dt><a href="a.html">a</a><dd>d<dd><dl><dt><a href="b.html#x">b</a></dl></dl>`))
	f.Add([]byte(`<ul><li><a href="javascript:x()">j</a><li><a href="HTTP://x/y">y</a><li><a href=" b#">b</a></ul>`))
	f.Add([]byte(`<div><div class=a><a href=A.html>A</a></div><div class=b>x <a href="#m">m</a></div><div class=a>v</div><div class=b><div class=a><a href=B.html>B</a></div><div class=b></div><div class=a></div><div class=b></div></div></div>`))
	f.Add([]byte(`<ul><li>name() : <a href="v.html#a">V</a><li>pkg.<a href=F.html>F</a> (implements q.<a href=G.html>G</a>)<li>C<a href="v.html#b">b</a></ul><dl><dt>C</dt><dd><a href=c.html>c</a></dl>`))
	f.Add([]byte(`<div class=m><h6><a href=a.html>a</a></h6><div class=m><h6><a href=b.html>b</a></h6>x</div><div class=m><h6><a href=c.html>c</a></h6></div><div class=m><h6><a href=d.html>d</a></h6></div></div><div class=m><h6><a href=e.html>e</a></h6></div><div class=m><h6><a href=f.html>f</a></h6></div><h6><a href=g.html>g</a></h6><p>1<p>2<h6><a href=h.html>h</a></h6><p>3<p>4`))
	f.Add([]byte(`<div><p>From <a href=b.html>B</a>:</p><table><tr><td>Method<td><a href="b.html#m">m</a><tr><td>Method<td><a href="c.html#n">n</a><tr><td>Kind<td><a href="b.html#o">o</a></table><p>From <a href=c.html>C</a>:</p><table><tr><td>Method<td><a href="c.html#p">p</a></table></div>`))
	f.Add([]byte(`<div class=tocset><table><tr><td>1<td><a href=a.html>A</a><tr><td>2<td><a href="">Self</a></table></div><div><h3>T</h3><table><tr><td><a href=m.html>M</a><tr><td><a href="m.html#s">S</a></table></div>`))
	f.Add([]byte(`<h3>Index</h3><table><tr><td><p><a href="#a">A</a></p><tr><td><p><a href="r.html#1">x<br></a><a href="q.html#2">y<br/></a><a href="">z<br></a></p></table>`))
	f.Add([]byte(`<table><tr><td class=src>:%<td><a href="R.html#v:%">R</a><tr><td>++<th><b>+</b><a href="L.html#v">L</a>, <a href=M.html>M</a><tr><td>• <a href="R.html#x">x</a><td><a href="#s">s</a></table>`))
	f.Add([]byte(`<pre><span>module</span> <a href=S.html>S</a>: sig <a href=S.html>..</a> end</pre><div class=info><p>S.</p></div><pre>module type <a href=T.html>T</a> = t
include <a href=I.html>I</a></pre><p>x</p><pre>val x : <a href=t.html>t</a></pre><div><div><p>n</p></div></div>`))
	f.Add([]byte(`<header><nav><a href=u.html>Up</a></nav><h1>Module <code>M</code></h1><p>p</p></header><dl><dt id=m><a href="#m"></a><code><span>module</span> <a href=S/index.html>S</a> : sig end</code></dt><dd><p>S.</p></dd></dl><div id=n><a href="#n"></a><code>module type <a href=T/index.html>T</a> = sig</code></div><dl><dt><code>include <a href=I/index.html>I</a></code></dt></dl><table><tr><td><code>static <a href=C.html>C</a>[]</code><td><a href="#f">f</a></table><section><header><h2>H</h2></header><ul><li><code>class <a href=K.html>K</a> x</code></ul></section>`))
	f.Add([]byte(`<div class=s><div><code><span>inherit</span> <a href=e/index.html>e</a></span></code></div></div><div class=s><div id=m><a href="#m"></a><code>method m : <a href=t/index.html>t</a> x</code></div></div><div class=s><code>module <a href=S/index.html>S</a> : <b>sig</b> <a href=x.html>end</a></code></div><div class=s><code>pub use a::<a href=X.html>X</a>;</code></div><ul><li><code>o</code> <a href=O.html>&lt;O&gt;</a><li><tt>type</tt>x<a href=T.html>T</a>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		doc, err := htmldecode.Parse(b, "")
		if err != nil {
			return
		}
		e := hub.MeasurePage(doc)
		if e.Text < 0 || e.Anchor < 0 || e.ListAnchor > e.Anchor || e.ListLinks > e.Links ||
			e.Entry < 0 || e.IndexEntry < 0 || e.Entry+e.IndexEntry > e.Text+e.Anchor ||
			e.BlockRun < 0 || e.BlockRun > e.Block || e.Block > e.Text+e.Anchor || (e.TermRun != 0 && e.TermRun != e.BlockRun) {
			t.Fatalf("inconsistent evidence %+v", e)
		}
		m, err := hub.DefaultPageModel()
		if err != nil {
			t.Fatal(err)
		}
		if p := m.Prob(e); !(p >= 0 && p <= 1) {
			t.Fatalf("P(hub) = %v", p)
		}
	})
}

// TestBlockRule: the block rule calls a page a hub when its largest run
// holds Share of its text; when that run is a sum of runs of term blocks
// (Evidence.TermRun), it needs TermShare.
func TestBlockRule(t *testing.T) {
	r := hub.BlockRule{Share: 0.4, Links: 5, TermShare: 0.5}
	for _, c := range []struct {
		name string
		e    hub.Evidence
		want bool
	}{
		{"one run of 45 %", hub.Evidence{Text: 55, Anchor: 44, Links: 5, Block: 45, BlockRun: 45}, true},
		{"too few links", hub.Evidence{Text: 55, Anchor: 44, Links: 4, Block: 45, BlockRun: 45}, false},
		{"summed term runs of 45 %", hub.Evidence{Text: 55, Anchor: 44, Links: 5, Block: 45, BlockRun: 45, TermRun: 45}, false},
		{"summed term runs of 55 %", hub.Evidence{Text: 45, Anchor: 54, Links: 5, Block: 55, BlockRun: 55, TermRun: 55}, true},
		{"one run of 35 %", hub.Evidence{Text: 65, Anchor: 34, Links: 5, Block: 35, BlockRun: 35}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := r.Holds(c.e); got != c.want {
				t.Errorf("Holds(%+v) = %v, want %v", c.e, got, c.want)
			}
			if !c.want || c.e.TermRun == 0 {
				return
			}
			if old := (hub.BlockRule{Share: 0.4, Links: 5}); !old.Holds(c.e) {
				t.Errorf("without a term share the run's 0.4 should hold")
			}
		})
	}
	if (hub.BlockRule{Links: 5, TermShare: 0.5}).Holds(hub.Evidence{Anchor: 100, Links: 9, Block: 100, BlockRun: 100, TermRun: 100}) {
		t.Error("share 0 turns the rule off")
	}
}

func TestParsePageModel(t *testing.T) {
	for _, c := range []struct{ name, json, want string }{
		{"not json", `{`, "unexpected"},
		{"format", `{"format":"x"}`, "format"},
		{"old format", `{"format":"crawl-hub-page/1","std":[1,1,1]}`, "format"},
		{"format 3", `{"format":"crawl-hub-page/3","std":[1,1,1,1,1]}`, "format"},
		{"format 4", `{"format":"crawl-hub-page/4","std":[1,1,1,1,1]}`, "format"},
		{"format 5", `{"format":"crawl-hub-page/5","std":[1,1,1,1,1]}`, "format"},
		{"format 6", `{"format":"crawl-hub-page/6","std":[1,1,1,1,1]}`, "format"},
		{"format 7", `{"format":"crawl-hub-page/7","std":[1,1,1,1,1]}`, "format"},
		{"format 8", `{"format":"crawl-hub-page/8","std":[1,1,1,1,1]}`, "format"},
		{"format 9", `{"format":"crawl-hub-page/9","std":[1,1,1,1,1]}`, "format"},
		{"format 11", `{"format":"crawl-hub-page/11","std":[1,1,1,1,1]}`, "format"},
		{"format 14", `{"format":"crawl-hub-page/14","std":[1,1,1,1,1]}`, "crawl-hub-page/20"},
		{"format 15", `{"format":"crawl-hub-page/15","std":[1,1,1,1,1]}`, "crawl-hub-page/20"},
		{"format 16", `{"format":"crawl-hub-page/16","std":[1,1,1,1,1]}`, "crawl-hub-page/20"},
		{"format 17", `{"format":"crawl-hub-page/17","std":[1,1,1,1,1]}`, "crawl-hub-page/20"},
		{"format 18", `{"format":"crawl-hub-page/18","std":[1,1,1,1,1]}`, "crawl-hub-page/20"},
		{"format 19", `{"format":"crawl-hub-page/19","std":[1,1,1,1,1]}`, "crawl-hub-page/20"},
		{"zero std", `{"format":"crawl-hub-page/20","std":[1,0,1,1,1]}`, "std"},
		{"weight", `{"format":"crawl-hub-page/20","std":[1,1,1,1,1],"w":[1,2,3,4,5,1e999]}`, "cannot unmarshal"},
		{"block share", `{"format":"crawl-hub-page/20","std":[1,1,1,1,1],"block":{"share":1.5,"links":5}}`, "block rule"},
		{"block links", `{"format":"crawl-hub-page/20","std":[1,1,1,1,1],"block":{"share":0.3,"links":-1}}`, "block rule"},
		{"term share", `{"format":"crawl-hub-page/20","std":[1,1,1,1,1],"block":{"share":0.3,"links":5,"term_share":-0.5}}`, "term share"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := hub.ParsePageModel([]byte(c.json)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one naming %q", err, c.want)
			}
		})
	}
}

// TestHostCalibration: the URL SVM calls a documentation host's article
// URLs hubs; once 20 of its fetched pages show articles, the host's links
// are labelled topic, and its index pages still hub by their evidence;
// another host keeps the SVM's labels.
func TestHostCalibration(t *testing.T) {
	c, err := hub.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	h, err := hub.NewHook(c, hub.Policy{}, hub.WithPageModel(m), hub.WithHostCalibration(20))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	link := func(u string) *crawl.Link {
		l := &crawl.Link{URL: u, Depth: 2}
		if err := h.OnURL(ctx, nil, l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	probe := "http://docs.test/library/sockets.html"
	before := link(probe)
	if before.Label != crawl.LabelHub {
		t.Fatalf("the shipped URL SVM calls %s %s: the test's premise (it calls doc URLs hubs) no longer holds", probe, before.Label)
	}
	article := `<html><body><div class="related"><a href="/">Home</a></div><h1>Module</h1>` +
		strings.Repeat(`<p>This module provides access to the operating system and a long description of what it does.</p>`, 30) +
		`<p>See <a href="x.html">x</a>.</p></body></html>`
	var toc bytes.Buffer
	toc.WriteString(`<html><body><h1>Library</h1><ul>`)
	for i := range 80 {
		toc.WriteString(`<li><a href="m` + string(rune('a'+i%26)) + `.html">module entry</a></li>`)
	}
	toc.WriteString(`</ul></body></html>`)
	for i := range 25 {
		p := &crawl.Page{URL: "http://docs.test/library/m" + string(rune('a'+i)) + ".html", Depth: 2, Doc: parse(t, article)}
		if err := h.OnPage(ctx, p); err != nil {
			t.Fatal(err)
		}
		if p.Label != crawl.LabelTopic {
			t.Fatalf("article page labelled %s (%.3f)", p.Label, p.Score)
		}
	}
	ix := &crawl.Page{URL: "http://docs.test/library/index.html", Depth: 1, Doc: parse(t, toc.String())}
	if err := h.OnPage(ctx, ix); err != nil {
		t.Fatal(err)
	}
	if ix.Label != crawl.LabelHub {
		t.Errorf("index page labelled %s (%.3f)", ix.Label, ix.Score)
	}
	if h.Calibrated() != 1 {
		t.Errorf("%d hosts calibrated, want 1", h.Calibrated())
	}
	if after := link(probe); after.Label != crawl.LabelTopic || after.Score >= before.Score {
		t.Errorf("after 25 article pages of the host, %s is %s (%.3f; before %.3f)", probe, after.Label, after.Score, before.Score)
	}
	other := "http://other.test/library/sockets.html"
	wantL, wantS := c.Classify(hub.URLInfo{URL: other, Depth: 2})
	if l := link(other); l.Label != wantL || l.Score != wantS {
		t.Errorf("another host's link changed: %s %.3f", l.Label, l.Score)
	}
	if _, err := hub.NewHook(c, hub.Policy{}, hub.WithHostCalibration(20)); err == nil {
		t.Error("host calibration without a page model: no error")
	}
}

// placeTerms returns k index entries of element tag ("dt", "li" or "tr"),
// each a two-rune term linked to a place in a page of its own (p1.html#t,
// p2.html#t, …).
// placeLines returns k lines of preformatted text, each led by a link to a
// place in another page between Vim's link bars, then a command.
func placeLines(k int) string {
	var b strings.Builder
	for i := range k {
		fmt.Fprintf(&b, "|<a href=\"p%d.html#t\">t%d</a>|\tcmd\n", i+1, i+1)
	}
	return b.String()
}

func placeTerms(tag string, k int) string {
	var b strings.Builder
	for i := range k {
		cell := fmt.Sprintf(`<a href="p%d.html#t">t%d</a>`, i+1, i+1)
		if tag == "tr" {
			cell = "<td>" + cell + "</td>"
		}
		fmt.Fprintf(&b, "<%s>%s</%s>", tag, cell, tag)
	}
	return b.String()
}

// kindRow is a member table's row led by its kind ("Method"), then the
// member's link and its summary.
func kindRow(href, name string) string {
	return `<tr><td>Method</td><td><a href="` + href + `">` + name + `</a></td><td>Does.</td></tr>`
}

// termBlocks returns n term blocks of one kind (a heading linking to a
// member's page, then its text), each leading to a page of its own.
func termBlocks(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<div class="m"><h6><a href="a%d.html">aa</a></h6>x</div>`, i)
	}
	return b.String()
}
