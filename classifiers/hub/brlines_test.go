package hub_test

import (
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
const libxsltFunctions7 = `<h2>Type xsltTransformContextPtr:</h2><p><a href="html/libxslt-transform.html#xslHandleDebugger">xslHandleDebugger</a><br />
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
</p>`

// puttyIndex: /usr/share/doc/putty-doc/IndexPage.html (putty-doc
// 0.78-2+deb12u2, Halibut), the index's first lines: each led by its term.
const puttyIndex = `<h1><a name="Index"></a>Index</h1><p>
<code>-4</code>: <a href="Chapter3.html#i192">Section 3.11.3.17</a><br>
<code>-6</code>: <a href="Chapter3.html#i193">Section 3.11.3.17</a><br>
Abort Output, Telnet special command: <a href="Chapter3.html#i61">Section 3.1.3.2</a><br>
Abort Process, Telnet special command: <a href="Chapter3.html#i60">Section 3.1.3.2</a><br>
accented characters: <a href="Chapter3.html#i86">Section 3.3</a>, <a href="Chapter4.html#i77">Section 4.4.8</a><br>
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
		{"PuTTY's index lines are led by their term (text): nothing", puttyIndex,
			hub.Evidence{Text: 98, Anchor: 82, Links: 6}},
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
