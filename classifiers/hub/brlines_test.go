package hub_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// Fragments of real pages for the lines of a paragraph separated by <br>
// (prelines.go, format /12), copied from the Debian 12 packages.

// libxsltFunctions: /usr/share/doc/libxslt1-dev/html/APIfunctions.html
// (libxslt1-dev 1.1.35-1+deb12u3), the first 22 lines of the functions
// taking an xsltTransformContextPtr: links to places in eight pages.
const libxsltFunctions = `<h2>Type xsltTransformContextPtr:</h2><p><a href="html/libxslt-transform.html#xslHandleDebugger">xslHandleDebugger</a><br />
<a href="html/libxslt-variables.html#xsltAddStackElemList">xsltAddStackElemList</a><br />
<a href="html/libxslt-xsltInternals.html#xsltAllocateExtraCtxt">xsltAllocateExtraCtxt</a><br />
<a href="html/libxslt-attributes.html#xsltApplyAttributeSet">xsltApplyAttributeSet</a><br />
<a href="html/libxslt-transform.html#xsltApplyImports">xsltApplyImports</a><br />
<a href="html/libxslt-transform.html#xsltApplyOneTemplate">xsltApplyOneTemplate</a><br />
<a href="html/libxslt-transform.html#xsltApplyStripSpaces">xsltApplyStripSpaces</a><br />
<a href="html/libxslt-transform.html#xsltApplyStylesheetUser">xsltApplyStylesheetUser</a><br />
<a href="html/libxslt-transform.html#xsltApplyTemplates">xsltApplyTemplates</a><br />
<a href="html/libxslt-templates.html#xsltAttrListTemplateProcess">xsltAttrListTemplateProcess</a><br />
<a href="html/libxslt-templates.html#xsltAttrTemplateProcess">xsltAttrTemplateProcess</a><br />
<a href="html/libxslt-templates.html#xsltAttrTemplateValueProcess">xsltAttrTemplateValueProcess</a><br />
<a href="html/libxslt-templates.html#xsltAttrTemplateValueProcessNode">xsltAttrTemplateValueProcessNode</a><br />
<a href="html/libxslt-transform.html#xsltAttribute">xsltAttribute</a><br />
<a href="html/libxslt-transform.html#xsltCallTemplate">xsltCallTemplate</a><br />
<a href="html/libxslt-security.html#xsltCheckRead">xsltCheckRead</a><br />
<a href="html/libxslt-security.html#xsltCheckWrite">xsltCheckWrite</a><br />
<a href="html/libxslt-transform.html#xsltChoose">xsltChoose</a><br />
<a href="html/libxslt-transform.html#xsltComment">xsltComment</a><br />
<a href="html/libxslt-pattern.html#xsltCompMatchClearCache">xsltCompMatchClearCache</a><br />
<a href="html/libxslt-pattern.html#xsltCompilePattern">xsltCompilePattern</a><br />
<a href="html/libxslt-xsltutils.html#xsltComputeSortResult">xsltComputeSortResult</a><br />
</p>`

// libxsltFunctions7 is its first 20 lines: places in seven pages.
var libxsltFunctions7 = strings.Join(strings.SplitAfter(libxsltFunctions, "<br />\n")[:20], "") + "</p>"

// puttyIndex: /usr/share/doc/putty-doc/IndexPage.html (putty-doc
// 0.78-2+deb12u2, Halibut), the index's first lines: each led by its term.
const puttyIndex = `<h1><a name="Index"></a>Index</h1><p>
<code>-4</code>: <a href="Chapter3.html#i192">Section 3.11.3.17</a><br>
<code>-6</code>: <a href="Chapter3.html#i193">Section 3.11.3.17</a><br>
Abort Output, Telnet special command: <a href="Chapter3.html#i61">Section 3.1.3.2</a><br>
Abort Process, Telnet special command: <a href="Chapter3.html#i60">Section 3.1.3.2</a><br>
accented characters: <a href="Chapter3.html#i86">Section 3.3</a>, <a href="Chapter4.html#i77">Section 4.4.8</a><br>
</p>`

// puttyIndex8: the same page, twelve consecutive lines ("&#8216;strong&#8217;
// primes" to "switches, command-line"): nine led by a term of at most two
// words, whose first links lead into eight pages (Chapter2, 3, 4, 8, 9,
// 10, AppendixA and B), three by a longer term, which count nothing.
const puttyIndex8 = `<h1><a name="Index"></a>Index</h1><p>
&#8216;strong&#8217; primes: <a href="Chapter8.html#i29">Section 8.2.4</a><br>
<code>stty</code>: <a href="Chapter4.html#i57">Section 4.4.1</a>, <a href="Chapter4.html#i381">Section 4.24.2</a><br>
subsystem, SSH: <a href="Chapter4.html#i276">Section 4.16.1</a>, <a href="Chapter7.html#i12">Section 7.2.3.2</a><br>
Sun SSH: <a href="Chapter10.html#i8">Section 10.6</a><br>
SUPDUP: <a href="Chapter2.html#i7">Section 2.1</a>, <a href="Chapter3.html#i116">Section 3.10</a>, <a href="Chapter4.html#i463">Section 4.32</a><br>
<code>-supdup</code> command-line option: <a href="Chapter3.html#i124">Section 3.11.1</a>, <a href="Chapter3.html#i142">Section 3.11.3.2</a><br>
SUPDUP, differences from other protocols: <a href="Chapter1.html#i11">Section 1.2</a><br>
supported features: <a href="AppendixA.html#i1">Section A.2</a><br>
support requests: <a href="AppendixB.html#i6">Section B.6</a><br>
Suspend Process, Telnet special command: <a href="Chapter3.html#i63">Section 3.1.3.2</a>, <a href="Chapter4.html#i453">Section 4.30.3</a><br>
swap file: <a href="Chapter9.html#i25">Section 9.6</a><br>
switches, command-line: <a href="Chapter3.html#i117">Section 3.11</a>, <a href="Chapter9.html#i10">Section 9.3</a><br>
</p>`

// vimNotation: /usr/share/doc/vim/html/usr_01.html (vim-doc 2:9.0.1378-2,
// vim2html), a line of the help file's pre led by a sentence, then a link
// to a place in another page: prose, no index entry.
const vimNotation = `<pre>
The notation used in these manuals is explained here: |<A HREF="intro.html#notation">notation</A>|
</pre>`

// exsltFunctions: /usr/share/doc/libxslt1-dev/html/EXSLT/APIfunctions.html
// (libxslt1-dev 1.1.35-1+deb12u3), lines led by links to places in one
// page: one module's members, no index.
const exsltFunctions = `<h2>Type xmlXPathContextPtr:</h2><p><a href="html/libexslt-exslt.html#exsltDateXpathCtxtRegister">exsltDateXpathCtxtRegister</a><br />
<a href="html/libexslt-exslt.html#exsltMathXpathCtxtRegister">exsltMathXpathCtxtRegister</a><br />
<a href="html/libexslt-exslt.html#exsltSetsXpathCtxtRegister">exsltSetsXpathCtxtRegister</a><br />
<a href="html/libexslt-exslt.html#exsltStrXpathCtxtRegister">exsltStrXpathCtxtRegister</a><br />
</p>`

// libxml2Searches: /usr/share/doc/libxml2/html/searches.html (libxml2-doc
// 2.9.14+dfsg-1.3~deb12u5), the top queries of the site's search: lines
// led by links to one page, search.php, with a query.
const libxml2Searches = `<p> Top 50 queries:</p><p><br /><a href="search.php?query=libxml2">libxml2</a> 11812 times.
  <br /><a href="search.php?query=libxml">libxml</a> 10170 times.
  <br /><a href="search.php?query=xpath">xpath</a> 6172 times.
  <br /><a href="search.php?query=schema">schema</a> 5798 times.
  <br /><a href="search.php?query=xmllint">xmllint</a> 5472 times.
</p>`

func TestMeasurePageBrLines(t *testing.T) {
	for _, c := range []struct {
		name, html string
		want       hub.Evidence
	}{
		{"libxslt's index lines: places in eight pages, index entries", libxsltFunctions,
			hub.Evidence{Text: 28, Anchor: 425, Links: 22, IndexEntry: 425}},
		{"the same lines into seven pages: one page's members, nothing", libxsltFunctions7,
			hub.Evidence{Text: 28, Anchor: 386, Links: 20}},
		{"PuTTY's index lines led by their term, into two pages: nothing", puttyIndex,
			hub.Evidence{Text: 98, Anchor: 82, Links: 6}},
		{"PuTTY's index lines led by a term of at most two words, into eight pages: index entries", puttyIndex8,
			hub.Evidence{Text: 224, Anchor: 223, Links: 19, IndexEntry: 276}},
		{"the first of them cut: into seven pages, nothing", strings.Replace(puttyIndex8, "Chapter8.html#i29", "Chapter9.html#i29", 1),
			hub.Evidence{Text: 224, Anchor: 223, Links: 19}},
		{"a line of a pre led by a sentence, then a link to a place: nothing", puttyIndex8 + vimNotation,
			hub.Evidence{Text: 271, Anchor: 231, Links: 20, IndexEntry: 276}},
		{"a term and its links, then more than two words of prose: that line nothing", strings.Replace(puttyIndex8, "Section 7.2.3.2</a>", "Section 7.2.3.2</a> explains the subsystems", 1),
			hub.Evidence{Text: 245, Anchor: 223, Links: 19, IndexEntry: 234}},
		{"EXSLT's lines into one page: nothing", exsltFunctions,
			hub.Evidence{Text: 23, Anchor: 103, Links: 4}},
		{"libxml2's top searches: lines led by links to one page, nothing", libxml2Searches,
			hub.Evidence{Text: 65, Anchor: 31, Links: 5}},
		{"lines led by links to two pages: entries; a line led by text not", `<p><a href="a.html">Alpha</a> the first<br><a href="b.html">Beta</a> two<br>See <a href="c.html">c</a></p>`,
			hub.Evidence{Text: 14, Anchor: 10, Links: 3, Entry: 20}},
		{"a paragraph without a <br>, led by a link, is running text", `<p><a href="a.html">Alpha</a> is the first of the manuals, <a href="b.html">Beta</a> the second.</p>`,
			hub.Evidence{Text: 33, Anchor: 9, Links: 2}},
		{"a <br> inside an entry: its paragraph is the entry's text, not split", `<ul><li><a href="html/index.html">API</a>` + libxsltFunctions + `</li></ul>`,
			hub.Evidence{Text: 28, Anchor: 428, ListAnchor: 428, Links: 23, ListLinks: 23, Entry: 456}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hub.MeasurePageAt(parse(t, c.html), "http://site.test/APIfunctions.html"); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// racketIndex: /usr/share/doc/racket/guide/doc-index.html (racket-doc
// 8.7+dfsg1-1), Scribble's generated index: the letter bar's row, then one
// row whose cell is a paragraph of links to places, each ending with its
// <br> (the first twelve of 505; hrefs shortened to their pages and tags).
const racketIndex = `<html><body><div class="main"><h3>Index</h3><table>` +
	`<tr><td><p><a href="#alpha:A">A</a> <a href="#alpha:B">B</a> <a href="#alpha:C">C</a></p></td></tr>` +
	`<tr><td><p><a href="reader.html#idx1" class="indexlink">#%app<br/></a><a href="application.html#app" class="indexlink">#%datum<br/></a>` +
	`<a href="quote.html#datum" class="indexlink">#%expression<br/></a><a href="define-struct.html#s" class="indexlink">accessor<br/></a>` +
	`<a href="keywords.html#k" class="indexlink">apply<br/></a><a href="lambda.html#l" class="indexlink">arity<br/></a>` +
	`<a href="pairs.html#p" class="indexlink">assoc lists<br/></a><a href="begin.html#b" class="indexlink">begin<br/></a>` +
	`<a href="booleans.html#bo" class="indexlink">booleans<br/></a><a href="boxes.html#bx" class="indexlink">boxes<br/></a>` +
	`<a href="bytestrings.html#by" class="indexlink">byte strings<br/></a><a href="case.html#c" class="indexlink">case<br/></a></p></td></tr>` +
	`</table></div></body></html>`

// TestMeasurePageLinksEndingLines: a paragraph of links that each end
// with a <br> is split at them, inside the table row it is a cell of
// (format /15): lines led by links to places in twelve pages are index
// entries, and the row counts nothing of its own; the same lines into one
// page are one page's member list, nothing.
func TestMeasurePageLinksEndingLines(t *testing.T) {
	e := hub.MeasurePageAt(parse(t, racketIndex), "http://docs.test/guide/doc-index.html")
	if e.IndexEntry < 80 || e.Entry != 0 {
		t.Errorf("the index's lines: %+v, want index entries, no entry", e)
	}
	onePage := strings.NewReplacer(`href="reader.html`, `href="x.html`, `href="application.html`, `href="x.html`,
		`href="quote.html`, `href="x.html`, `href="define-struct.html`, `href="x.html`, `href="keywords.html`, `href="x.html`,
		`href="lambda.html`, `href="x.html`, `href="pairs.html`, `href="x.html`, `href="begin.html`, `href="x.html`,
		`href="booleans.html`, `href="x.html`, `href="boxes.html`, `href="x.html`, `href="bytestrings.html`, `href="x.html`,
		`href="case.html`, `href="x.html`).Replace(racketIndex)
	if e := hub.MeasurePageAt(parse(t, onePage), "http://docs.test/guide/doc-index.html"); e.IndexEntry != 0 || e.Entry != 0 {
		t.Errorf("lines into one page: %+v, want nothing", e)
	}
}
