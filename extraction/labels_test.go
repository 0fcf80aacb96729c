package extraction_test

import (
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

// TestFieldLabels: a record's own labels name its fields. On a real
// LinkedIn people-search page (testdata/labels/linkedin-1.html) each
// profile holds a dl of Location and Industry and a table row of Current;
// by position they made columns text_3 "Location", text_4 "United States",
// text_5 "Industry"…; by label they are the columns location, industry and
// current, and the labels are no values.
func TestFieldLabels(t *testing.T) {
	b, err := os.ReadFile("testdata/labels/linkedin-1.html")
	if err != nil {
		t.Fatal(err)
	}
	recs := extractPage(t, string(b))
	if len(recs) != 10 {
		t.Fatalf("%d records, want 10", len(recs))
	}
	if got := field(recs[0], "location"); got != "United States" {
		t.Errorf("record 0 location %q, want United States", got)
	}
	if got := field(recs[0], "industry"); got != "Biotechnology" {
		t.Errorf("record 0 industry %q, want Biotechnology", got)
	}
	if got := field(recs[0], "current"); got != "Solar Sustainability Engineering at 3-D Solar" {
		t.Errorf("record 0 current %q", got)
	}
	for _, r := range recs {
		for _, f := range r.Fields {
			if f.Value == "Location" || f.Value == "Industry" || f.Value == "Current" {
				t.Errorf("record %d: the label %q is a value (column %s)", r.Index, f.Value, f.Name)
			}
		}
	}
}

// TestFieldLabelsRules: what is a label and what is not, on a list of
// method entries shaped like Javadoc's (a dl.notes in each record).
func TestFieldLabelsRules(t *testing.T) {
	entry := func(name, notes string) string {
		return `<li class="method"><h3>` + name + `</h3><div class="sig">public void ` + name +
			`(int n)</div><div class="block">Does ` + name + ` to the n items of the list, as documented here at length.</div><dl class="notes">` +
			notes + `</dl></li>`
	}
	page := `<html><body><h1>Methods</h1><ul class="details">` +
		entry("open", `<dt>Parameters:</dt><dd><code>n</code> - the count</dd><dt>Returns:</dt><dd>nothing <a href="/v.html">at all</a></dd><dt>Once only:</dt><dd>yes</dd>`) +
		entry("close", `<dt>Parameters:</dt><dd><code>n</code> - the other count</dd><dt>Returns:</dt><dd>a <a href="/w.html">value</a></dd><dt id="anchor">Anchored:</dt><dd>x</dd>`) +
		entry("flush", `<dt>Returns:</dt><dd>the flushed count</dd><dt id="anchor2">Anchored:</dt><dd>y</dd><dt>Page:</dt><dd>3</dd>`) +
		entry("reset", `<dt>Parameters:</dt><dd><code>n</code> - how many</dd><dt>Page:</dt><dd>4</dd>`) +
		`</ul></body></html>`
	recs := extractPage(t, page)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4", len(recs))
	}
	if got := field(recs[0], "parameters"); got != "n - the count" {
		t.Errorf("parameters %q, want %q", got, "n - the count")
	}
	if got := field(recs[0], "returns"); got != "nothing at all" {
		t.Errorf("returns %q, want %q: the description's text is one value", got, "nothing at all")
	}
	if got := field(recs[0], "returns_link"); got != "http://example.com/v.html" {
		t.Errorf("returns_link %q, want the description's link, absolute", got)
	}
	if got := field(recs[2], "page_field"); got != "3" {
		t.Errorf("page_field %q, want 3: a label named like a table's own column is renamed", got)
	}
	for _, r := range recs {
		all := values(r)
		if strings.Contains(all, "Parameters:") || strings.Contains(all, "Returns:") {
			t.Errorf("record %d holds a label as a value: %q", r.Index, all)
		}
		for _, f := range r.Fields {
			if f.Name == "once_only" || f.Name == "anchored" {
				t.Errorf("record %d has column %s: a label of one record, or a term with an id, is no label", r.Index, f.Name)
			}
		}
	}
	if !strings.Contains(values(recs[0]), "Once only:") {
		t.Errorf("record 0 lost the term of a label of one record: %q", values(recs[0]))
	}
}

func extractPage(t *testing.T, page string) []crawl.Record {
	t.Helper()
	doc, err := htmldecode.Parse([]byte(page), "text/html; charset=utf-8")
	if err != nil {
		t.Fatal(err)
	}
	ce := extraction.NewClusterExtractor(extraction.Config{})
	recs, err := ce.Extract(0, "http://example.com/list.html", doc)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func values(r crawl.Record) string {
	var vs []string
	for _, f := range r.Fields {
		vs = append(vs, f.Name+"="+f.Value)
	}
	return strings.Join(vs, " ")
}

// TestKindIsNotTheTitle: in a texinfo manual's entries the definition
// term opens with the entry's kind ("Function:", "Option variable:") and
// then its name. On a real page (testdata/labels/maxima-limits.html, the
// Limits functions of the Maxima manual) the kind was every record's title
// and the names went to a text column; now the kind is a column of its own
// and a variable's name its title. A function's name, in strong with its
// signatures inline beside it (in em), is a value of its own and the
// title too (definitionName); the signatures stay one value.
func TestKindIsNotTheTitle(t *testing.T) {
	b, err := os.ReadFile("testdata/labels/maxima-limits.html")
	if err != nil {
		t.Fatal(err)
	}
	recs := extractPage(t, string(b))
	want := []struct{ kind, title string }{
		{"Option variable:", "lhospitallim"}, {"Function:", "limit"}, {"Option variable:", "limsubst"}, {"Function:", "tlimit"},
	}
	if len(recs) < len(want) {
		t.Fatalf("%d records, want at least %d", len(recs), len(want))
	}
	for i, w := range want {
		if k, ti := field(recs[i], "kind"), field(recs[i], "title"); k != w.kind || ti != w.title {
			t.Errorf("record %d: kind %q title %q, want %q %q (%s)", i, k, ti, w.kind, w.title, values(recs[i]))
		}
	}
	for _, r := range recs {
		if ti := field(r, "title"); looksLabelled(ti) {
			t.Errorf("record %d: the title is the label %q", r.Index, ti)
		}
	}
}

func looksLabelled(v string) bool { return strings.HasSuffix(v, ":") }
