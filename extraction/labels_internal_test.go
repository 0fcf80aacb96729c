package extraction

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/htmldecode"
	"golang.org/x/net/html/atom"
)

// TestLabelOf: which terms make a label, and the label they make.
func TestLabelOf(t *testing.T) {
	for _, tt := range []struct{ term, want string }{
		{"Specified by:", "specified_by"},
		{"<b>Return</b> type", "return_type"},
		{"Type Parameters:", "type_parameters"},
		{"Fecha de publicación:", "fecha_de_publicación"},
		{"Record", "record_field"},
		{"Other:", "other_field"},
		{"close()", ""},                 // a signature
		{"1.", ""},                      // no letter
		{"one two three four five", ""}, // a sentence
		{"Averyveryveryveryveryverylongwordthatisnolabel", ""},
		{"", ""},
	} {
		doc, err := htmldecode.Parse([]byte("<dl><dt>"+tt.term+"</dt><dd>v</dd></dl>"), "text/html; charset=utf-8")
		if err != nil {
			t.Fatal(err)
		}
		p, err := newPage(doc, 0)
		if err != nil {
			t.Fatal(err)
		}
		dt := -1
		for i := range p.t.Len() {
			if p.t.Label[i] == uint64(atom.Dt) {
				dt = i
			}
		}
		if dt < 0 {
			t.Fatalf("%q: no dt", tt.term)
		}
		if got := labelOf(p.t, dt); got != tt.want {
			t.Errorf("labelOf(%q) = %q, want %q", tt.term, got, tt.want)
		}
	}
}

// TestLabelPath: the label a key's path carries.
func TestLabelPath(t *testing.T) {
	for k, want := range map[string]string{
		"li/dl.notes/dd=returns/text":             "returns",
		"li/dl.notes/dd=returns@href":             "returns",
		"li/dl.notes/dd=returns/text[1]":          "returns",
		"tr/td=current/text":                      "current",
		"li/div.sig/text":                         "",
		"dl.py/dd/dl.field-list/dd=raises/a@href": "raises",
	} {
		if got := labelPath(k); got != want {
			t.Errorf("labelPath(%q) = %q, want %q", k, got, want)
		}
	}
}

// hugeLabelled is a page of three records, each holding a definition list
// of n labelled pairs, the same labels in each.
func hugeLabelled(tb testing.TB, n int) (*page, [][]int32) {
	tb.Helper()
	var b strings.Builder
	b.WriteString("<ul>")
	for r := range 3 {
		fmt.Fprintf(&b, "<li><h3>Item %d</h3><dl>", r)
		for i := range n {
			fmt.Fprintf(&b, "<dt>Key %d</dt><dd>value %d</dd>", i, i)
		}
		b.WriteString("</dl></li>")
	}
	b.WriteString("</ul>")
	doc, err := htmldecode.Parse([]byte(b.String()), "text/html; charset=utf-8")
	if err != nil {
		tb.Fatal(err)
	}
	p, err := newPage(doc, 0)
	if err != nil {
		tb.Fatal(err)
	}
	var recs [][]int32
	for i := range p.t.Len() {
		if p.t.Label[i] == uint64(atom.Li) {
			recs = append(recs, []int32{int32(i)})
		}
	}
	return p, recs
}

// TestFieldLabelsLongList: records each holding a list of 15,000 pairs
// get every pair labelled (a list's children are read once, not once a
// term: BenchmarkFieldLabels).
func TestFieldLabelsLongList(t *testing.T) {
	p, recs := hugeLabelled(t, 15_000)
	labels := fieldLabels(p.t, recs)
	terms, values := 0, 0
	for _, l := range labels {
		if l == "" {
			terms++
		} else {
			values++
		}
	}
	if terms != 45_000 || values != 45_000 {
		t.Errorf("%d terms and %d descriptions labelled, want 45,000 each", terms, values)
	}
}

func BenchmarkFieldLabels(b *testing.B) {
	p, recs := hugeLabelled(b, 15_000)
	b.ReportAllocs()
	for b.Loop() {
		fieldLabels(p.t, recs)
	}
}
