package extraction_test

import (
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

// FuzzExtractPage feeds random bytes through charset decoding, parsing, the
// region finder, segmentation and field alignment: it must never panic,
// records are numbered in order, a record's column names are at most
// MaxColumns and only extraction.Other repeats within a record.
func FuzzExtractPage(f *testing.F) {
	f.Add([]byte(listPage))
	f.Add([]byte(listOf(3, "<br>")))
	f.Add([]byte("<ul><li>a<li>b<li><ul><li>c</ul></ul>"))
	f.Add([]byte("<table><tr><td>1<td>2<tr><td>3</table><p>x<p>y"))
	f.Add([]byte("\xef\xbb\xbf<meta charset=gbk><div>\xc4\xe3\xba\xc3</div><div>\xc4\xe3</div>"))
	f.Add([]byte("<div><div><div></div></div></div><select><option>1</select><!-- c -->"))
	f.Add([]byte("<ul><li><h3>a</h3><dl><dt>Returns:</dt><dd>x <a href=/r>y</a></dd><dt id=s>Page:</dt><dd>1</dd></dl>" +
		"<li><h3>b</h3><dl><dt>Returns:</dt><dd>z</dd><dt>Page:</dt><dd>2</dd></dl>" +
		"<li><h3>c</h3><table><tr><th>Current</th><td>q</td></tr></table></ul>"))
	f.Add([]byte("<dl class=v><dt>-a</dt><dd>one</dd><dt>-b</dt><dt>-c</dt><dd>two</dd><div><dt>d</dt><dd>3</dd></div></dl>" +
		"<dl class=py><dt id=f>f()</dt><dd><dl class=py><dt>g()</dt><dd>h</dd></dl><dl class=py><dt>k()</dt><dd>m</dd></dl></dd></dl>"))
	f.Add([]byte("<table class=c><tr><td><span>&nbsp;&nbsp;</span>(define x<tr><td><p>[y])</p><tr><td><table><tr><td>> (f</table>" +
		"<tr><td>{ }</table><tt>(a<br>&nbsp;b)<br></tt><code>x</code><pre>p</pre>"))
	f.Add([]byte("<div class=toc><table><tr><td><a href=\"\">Here</a><tr><td><a href=a.html>A</a><tr><td><a href=b.html>B</a>" +
		"<tr><td><a href=c.html>C</a></table></div><div><div class=b><a href=p.html>prev</a> <a href=n.html>next</a></div>" +
		"<h2>T</h2><p>text <a href=\"\">me</a></p><div class=b><a href=p.html>prev</a> <a href=n.html>next</a></div></div>"))
	f.Add([]byte("<div><a href=\"\">Here</a> <a href=a>A</a> <a href=b>B</a> <a href=c>C</a></div><main><p>a long text of its own</p></main>" +
		"<div><ul><li><a href=x>x</a><a href=y>y</a></li><li>z</li><li><a href=x>x</a><a href=y>y</a></li></ul></div>"))
	f.Add([]byte("<body><div class=s><ul><li>a<li>b</ul></div><div role=main><nav><a href=x>x</a></nav><p>text</p>" +
		"<main><ul><li>c<li>d</ul></main></div><div class=footer><p>f</p><p>g</p></div><nav><main>m</main></nav>" +
		"<div role=\" main \"></div><main hidden>h</main></body>"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := htmldecode.Parse(data, "text/html")
		if err != nil {
			return
		}
		recs, err := extraction.ExtractPage(doc, extraction.Config{})
		if err != nil {
			t.Fatalf("ExtractPage: %v", err)
		}
		names := map[string]bool{}
		for i, r := range recs {
			if r.Index != i {
				t.Fatalf("record %d: index %d", i, r.Index)
			}
			seen := map[string]bool{}
			for _, f := range r.Fields {
				if f.Value == "" || seen[f.Name] && f.Name != extraction.Other {
					t.Fatalf("record %d: field %q empty or repeated: %+v", i, f.Name, r.Fields)
				}
				seen[f.Name], names[f.Name] = true, true
			}
		}
		if len(names) > extraction.MaxColumns {
			t.Fatalf("%d column names, want at most %d", len(names), extraction.MaxColumns)
		}
		ce := extraction.NewClusterExtractor(extraction.Config{})
		for range 2 {
			if _, err := ce.Extract(1, "u", doc); err != nil {
				t.Fatalf("Extract: %v", err)
			}
		}
	})
}
