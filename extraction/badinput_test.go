package extraction_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// badPages are the hostile shapes of issue 13: each must be extracted (or
// refused with a named error) in bounded work, never panic.
func badPages() map[string]string {
	var links, rows, varied, deep strings.Builder
	links.WriteString("<html><body><div>")
	for i := range 100_000 {
		fmt.Fprintf(&links, `<a href="/l%d">link %d</a>`, i, i)
	}
	links.WriteString("</div></body></html>")
	rows.WriteString("<html><body><table>")
	for i := range 50_000 {
		fmt.Fprintf(&rows, `<tr><td><a href="/r%d">Row %d</a></td><td>%d EUR</td></tr>`, i, i, i)
	}
	rows.WriteString("</table></body></html>")
	varied.WriteString("<html><body><ul>")
	for i := range 50_000 { // siblings of many shapes: thousands of distinct subtrees
		fmt.Fprintf(&varied, "<li><a href=\"/v%d\">Entry %d</a>%s</li>", i, i, strings.Repeat("<span>x</span>", i%97))
	}
	varied.WriteString("</ul></body></html>")
	var pairs strings.Builder // three items each holding a definition list of 15,000 pairs
	pairs.WriteString("<html><body><ul>")
	for r := range 3 {
		fmt.Fprintf(&pairs, "<li><h3>Item %d</h3><dl>", r)
		for i := range 15_000 {
			fmt.Fprintf(&pairs, "<dt>Key %d</dt><dd>value %d</dd>", i, i)
		}
		pairs.WriteString("</dl></li>")
	}
	pairs.WriteString("</ul></body></html>")
	deep.WriteString("<html><body>")
	deep.WriteString(strings.Repeat("<div>", 500))
	deep.WriteString("deep text")
	return map[string]string{
		"100k links":          links.String(),
		"50k rows":            rows.String(),
		"50k varied siblings": varied.String(),
		"500 deep":            deep.String(),
		"45k labelled pairs":  pairs.String(),
		"no text":             "<html><body>" + strings.Repeat("<div><span></span><img></div>", 5000) + "</body></html>",
	}
}

func TestBadInputBounded(t *testing.T) {
	pages := badPages()
	tests := []struct {
		name    string
		records int
		err     error
	}{
		{"100k links", 0, nil}, // one link per item, all one plain-link field: not records
		{"50k rows", 50_000, nil},
		{"50k varied siblings", 0, extraction.ErrTooLarge}, // 2.5 million nodes
		{"500 deep", 0, nil},
		{"45k labelled pairs", 45_000, nil}, // the pairs are the records (entries of many terms)
		{"no text", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := parse(t, pages[tt.name])
			recs, err := extraction.ExtractPage(doc, extraction.Config{})
			if !errors.Is(err, tt.err) || len(recs) != tt.records {
				t.Fatalf("ExtractPage = %d records, %v; want %d, %v", len(recs), err, tt.records, tt.err)
			}
			if n := len(recs); n == 50_000 {
				if got := fieldString(recs[n-1]); got != "link=/r49999 title=Row 49999 price=49999 EUR" {
					t.Errorf("last row = %s", got)
				}
			}
			ce := extraction.NewClusterExtractor(extraction.Config{})
			if recs, err := ce.Extract(1, "http://a.example/", doc); !errors.Is(err, tt.err) || len(recs) != tt.records {
				t.Fatalf("Extract = %d records, %v; want %d, %v", len(recs), err, tt.records, tt.err)
			}
		})
	}
}

// TestDeepDOM builds a DOM 10,000 elements deep, which the HTML parser
// refuses (htmldecode.ErrTooDeep) but a program may build: extraction
// walks it without recursion limits.
func TestDeepDOM(t *testing.T) {
	doc := parse(t, "<html><body></body></html>")
	n := firstElement(doc, "body")
	for range 10_000 {
		c := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		n.AppendChild(c)
		n = c
	}
	for range 3 {
		li := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
		li.AppendChild(&html.Node{Type: html.TextNode, Data: "deep text"})
		n.AppendChild(li)
	}
	if _, err := extraction.ExtractPage(doc, extraction.Config{}); err != nil {
		t.Fatalf("ExtractPage: %v", err)
	}
	var deep strings.Builder
	deep.WriteString(strings.Repeat("<div>", 10_000))
	if _, err := htmldecode.Parse([]byte(deep.String()), "text/html"); !errors.Is(err, htmldecode.ErrTooDeep) {
		t.Errorf("htmldecode.Parse of 10,000 nested divs: %v, want ErrTooDeep", err)
	}
}

// BenchmarkBadInput reports the cost of the hostile pages that are
// extracted (ms/op per page).
func BenchmarkBadInput(b *testing.B) {
	pages := badPages()
	for _, name := range []string{"100k links", "50k rows", "no text", "45k labelled pairs"} {
		b.Run(name, func(b *testing.B) {
			doc := parse(b, pages[name])
			b.ReportAllocs()
			for b.Loop() {
				if _, err := extraction.ExtractPage(doc, extraction.Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
