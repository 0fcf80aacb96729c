package extraction_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"golang.org/x/net/html"
)

func firstElement(n *html.Node, tag string) *html.Node {
	if n.Type == html.ElementNode && n.Data == tag {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := firstElement(c, tag); f != nil {
			return f
		}
	}
	return nil
}

// A link inside a sentence stays in the sentence's text value (its address
// is a value of its own); links standing alone, or side by side with no
// text between, keep their own values.
func TestRecordFieldsLinkInSentence(t *testing.T) {
	doc := parse(t, `<html><body><div class="r"><p>Welcome to the <a href="/r/politics">/r/politics</a> election thread, <b>all</b> day.</p><p class="tags"><a href="/t/1">one</a> <a href="/t/2">two</a></p></div></body></html>`)
	got := map[string]string{}
	for _, f := range extraction.RecordFields([]*html.Node{firstElement(doc, "div")}) {
		got[f.Name] = f.Value
	}
	want := map[string]string{
		"div.r/p/text":           "Welcome to the /r/politics election thread, all day.",
		"div.r/p/a@href":         "/r/politics",
		"div.r/p.tags/a@href":    "/t/1",
		"div.r/p.tags/a/text":    "one",
		"div.r/p.tags/a@href[1]": "/t/2",
		"div.r/p.tags/a/text[1]": "two",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("field %s = %q, want %q (all: %q)", k, got[k], v, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d fields, want %d: %q", len(got), len(want), got)
	}
}

// Phrasing elements of running text (DocBook's <acronym>, <kbd>, <var>)
// stay in their sentence's text value, while a <time> is a value of its own.
// The first case is from libxslt's xsltproc.html (Debian libxslt1-dev
// 1.1.35, DocBook XSL 1.79.1), where the sentence came out as three fields.
func TestRecordFieldsPhrasingInSentence(t *testing.T) {
	tests := []struct {
		html string
		want map[string]string
	}{
		{`<dd><p>Use the <acronym class="acronym">SGML</acronym> catalog specified in <code class="envar">SGML_CATALOG_FILES</code> to resolve</p></dd>`,
			map[string]string{"dd/p/text": "Use the SGML catalog specified in SGML_CATALOG_FILES to resolve"}},
		{`<dd><p>Press <kbd>Ctrl</kbd> and set <var>n</var> or <dfn>glob</dfn> with <samp>ok</samp></p></dd>`,
			map[string]string{"dd/p/text": "Press Ctrl and set n or glob with ok"}},
		{`<dd><p>Posted <time datetime="2016-05-01">1 May 2016</time></p></dd>`,
			map[string]string{"dd/p/text": "Posted", "dd/p/time/text": "1 May 2016"}},
	}
	for _, tt := range tests {
		doc := parse(t, "<html><body><dl>"+tt.html+"</dl></body></html>")
		got := map[string]string{}
		for _, f := range extraction.RecordFields([]*html.Node{firstElement(doc, "dd")}) {
			got[f.Name] = f.Value
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: fields %q, want %q", tt.html, got, tt.want)
			continue
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%s: field %s = %q, want %q (all: %q)", tt.html, k, got[k], v, got)
			}
		}
	}
}

// A name in strong or b opening a definition term, followed by its
// signatures in other inline elements with no text between, is a value of
// its own (the record's title): texinfo 6.8's function entries, as in
// Debian maxima-doc 5.45.1's maxima_93.html. An option with its argument
// in code (DocBook, PostgreSQL's app-postgres.html), a bold word in a
// sentence, and strong with em outside a term stay one value.
func TestRecordFieldsDefinitionName(t *testing.T) {
	tests := []struct {
		html, root string
		want       map[string]string
	}{
		{`<dl><dt id="index-limit"><span class="category">Function: </span><span><strong>limit</strong> <em><br>&nbsp;&nbsp;<tt>limit</tt> (<var>expr</var>, <var>x</var>) <br>&nbsp;&nbsp;<tt>limit</tt> (<var>expr</var>)</em><a href='#index-limit' class='copiable-anchor'> &para;</a></span></dt></dl>`, "dt",
			map[string]string{"dt/span.category/text": "Function:", "dt/span/strong/text": "limit", "dt/span/em/text": "limit (expr, x) limit (expr)", "dt/span/a.copiable-anchor@href": "#index-limit"}},
		{`<dl><dt><span class="term"><code class="option">-S</code> <em class="replaceable"><code>work-mem</code></em></span></dt></dl>`, "dt",
			map[string]string{"dt/span.term/text": "-S work-mem"}},
		{`<dl><dt><span><strong>Note</strong> that <em>this</em> holds</span></dt></dl>`, "dt",
			map[string]string{"dt/span/text": "Note that this holds"}},
		{`<div><p><strong>limit</strong> <em>(expr, x)</em></p></div>`, "div",
			map[string]string{"div/p/text": "limit (expr, x)"}},
	}
	for _, tt := range tests {
		doc := parse(t, "<html><body>"+tt.html+"</body></html>")
		got := map[string]string{}
		for _, f := range extraction.RecordFields([]*html.Node{firstElement(doc, tt.root)}) {
			got[f.Name] = f.Value
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: fields %q, want %q", tt.html, got, tt.want)
			continue
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%s: field %s = %q, want %q (all: %q)", tt.html, k, got[k], v, got)
			}
		}
	}
}

// TestRecordFieldsSeparateText checks the text of separate elements is
// separated (two words never run together) while a signature's pieces and
// punctuation stay glued, and a permalink sign is not part of a title.
func TestRecordFieldsSeparateText(t *testing.T) {
	tests := []struct{ html, want string }{
		{`<div><span>24 Mar 2005</span><span>Sports Desk</span></div>`, "24 Mar 2005 Sports Desk"},
		{`<div><span class="pre">os.</span><span class="n">abort</span><span>(</span><span>)</span></div>`, "os.abort()"},
		{`<div><em>coro</em> <a href="#c">coroutine</a> into a Task</div>`, "coro coroutine into a Task"},
		{`<div>io<a class="headerlink" href="#io">¶</a></div>`, "io"},
		{`<div>Version <em><big>2</big>.0</em> of the <em><acronym>XML</acronym>-based <dfn>format</dfn>s</em></div>`, "Version 2.0 of the XML-based formats"},
	}
	for _, tt := range tests {
		doc := parse(t, "<html><body>"+tt.html+"</body></html>")
		var texts []string
		for _, f := range extraction.RecordFields([]*html.Node{firstElement(doc, "div")}) {
			if !strings.Contains(f.Name, "@") {
				texts = append(texts, f.Value)
			}
		}
		if got := strings.Join(texts, "|"); got != tt.want {
			t.Errorf("RecordFields(%s) text = %q, want %q", tt.html, got, tt.want)
		}
	}
}

// TestScriptLinksAreNoValues: a javascript: address runs a script, it is
// no link. The Erlang/OTP docs (testdata/landmark/erlang-kernel-erl_epmd.html)
// link each type of another application as
// javascript:erlhref('../../../../doc/../','kernel','inet.html#type-ip_address'):
// the link columns held scripts; the type's name stays a text value.
func TestScriptLinksAreNoValues(t *testing.T) {
	recs := wantFileRecords(t, "testdata/landmark/erlang-kernel-erl_epmd.html", 5, 5, "address_please(Name, Host, AddressFamily)")
	for _, r := range recs {
		for _, f := range r.Fields {
			if strings.HasPrefix(strings.ToLower(f.Value), "javascript:") {
				t.Errorf("record %d: %s = %.80q", r.Index, f.Name, f.Value)
			}
		}
	}
}

// TestLinkInCodeStaysInSentence: a link wrapped in inline formatting is
// part of its sentence, as a bare link is. Haddock marks each identifier a
// doc sentence names as <code><a>Text</a></code>
// (testdata/haddock/text-Data-Text-Internal-Fusion.html: "O(n) Convert a
// Text into a 'Stream Char'."); the sentence was cut there into a
// summary, a title and a text column.
func TestLinkInCodeStaysInSentence(t *testing.T) {
	recs := wantFileRecords(t, "testdata/haddock/text-Data-Text-Internal-Fusion.html", 5, 20, "")
	want := map[string]bool{
		"O(n) Convert a Text into a 'Stream Char'.":                        false,
		"O(n) Convert a 'Stream Char' into a Text.":                        false,
		"O(n) Convert a Text into a 'Stream Char', but iterate backwards.": false,
	}
	for _, r := range recs {
		for _, f := range r.Fields {
			if _, ok := want[f.Value]; ok {
				want[f.Value] = true
			}
			if f.Value == "O(n) Convert a" || f.Value == "into a 'Stream Char'." {
				t.Errorf("record %d: %s = %q, a sentence cut at its link", r.Index, f.Name, f.Value)
			}
		}
	}
	for s, ok := range want {
		if !ok {
			t.Errorf("no value %q", s)
		}
	}
}
