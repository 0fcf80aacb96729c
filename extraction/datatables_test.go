package extraction_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestArticleDataTables: the data tables of an article (a header row and
// body rows of cells) are records, every table's rows, while the
// article's paragraphs and its layout tables are not. Debian Reference's
// chapters (Debian's debian-reference-en 2.100, testdata/tables/) are
// articles holding many "List of ... packages" tables (package, popcon,
// size, description) and tables of two or three columns, all of class
// table, beside tables without a header that lay out its tips and notes:
// ch09 gave none of its 218 rows, the prose outweighing them (article);
// ch08 none of its one table's 18 rows, 5% of its text (MinCoverage);
// seven other chapters none, their tables' different numbers of columns
// taken for layout too (dataRows over all of a page's tables at once).
func TestArticleDataTables(t *testing.T) {
	for _, tt := range []struct {
		file    string
		rows    int    // body rows of its tables with a header row
		kind    string // a kind of some rows
		perKind int    // the rows of that kind
	}{
		{"debian-reference-ch09.en.html.gz", 218, "table.table > tr (package, popcon, size, description)", 161},
		{"debian-reference-ch08.en.html", 18, "table.table > tr (package, popcon, size, supported locale)", 18},
	} {
		t.Run(tt.file, func(t *testing.T) {
			raw := readTestdata(t, "testdata/tables/"+tt.file)
			recs, err := extraction.ExtractPage(parse(t, string(raw)), extraction.Config{})
			if err != nil {
				t.Fatal(err)
			}
			first := headedFirstCells(t, raw)
			if len(first) != tt.rows {
				t.Fatalf("%d rows under a header row in the page, want %d", len(first), tt.rows)
			}
			if len(recs) != len(first) {
				t.Fatalf("%d records, want one a row of the page's data tables: %d", len(recs), len(first))
			}
			perKind := 0
			for i, r := range recs {
				if got := firstText(r); got != first[i] {
					t.Errorf("record %d begins %q, want its row's first cell %q", i, got, first[i])
				}
				if r.Kind == tt.kind {
					perKind++
				}
			}
			if perKind != tt.perKind {
				t.Errorf("%d records of kind %q, want %d", perKind, tt.kind, tt.perKind)
			}
			// the crawl's path (Prepare, then Finish in a template
			// cluster) gives the rows the same kinds
			ce := extraction.NewClusterExtractor(extraction.Config{})
			url := "http://127.0.0.1/" + tt.file
			crawled, err := ce.Finish(1, url, ce.Prepare(context.Background(), url, parse(t, string(raw))))
			if err != nil {
				t.Fatal(err)
			}
			if len(crawled) != len(recs) {
				t.Fatalf("Prepare and Finish: %d records, ExtractPage %d", len(crawled), len(recs))
			}
			for i := range recs {
				if crawled[i].Kind != recs[i].Kind {
					t.Errorf("record %d: Prepare and Finish give kind %q, ExtractPage %q", i, crawled[i].Kind, recs[i].Kind)
				}
			}
		})
	}
}

// TestArticleTablesWithoutHeader: inside an article, a table of one class
// without a header row (layout, a box of notes) stays no records, and so
// does one of a single row; with a header row and two body rows it is
// data.
func TestArticleTablesWithoutHeader(t *testing.T) {
	essay := strings.Repeat("<p>"+strings.Repeat("This paragraph of the article explains what the tools below are for. ", 4)+"</p>", 6)
	rows := "<tr><td>mc</td><td>file manager</td></tr><tr><td>screen</td><td>terminal multiplexer</td></tr><tr><td>tmux</td><td>terminal multiplexer</td></tr>"
	for _, tt := range []struct {
		name, table string
		want        int
	}{
		{"header in thead", `<table class="table"><thead><tr><th>package</th><th>description</th></tr></thead><tbody>` + rows + `</tbody></table>`, 3},
		{"header as first row", `<table class="table"><tr><th>package</th><th>description</th></tr>` + rows + `</table>`, 3},
		{"no header", `<table class="table"><tbody>` + rows + `</tbody></table>`, 0},
		{"header of one cell", `<table class="table"><tr><th colspan="2">Tools</th></tr>` + rows + `</table>`, 0},
		{"one body row", `<table class="table"><tr><th>package</th><th>description</th></tr><tr><td>mc</td><td>file manager</td></tr></table>`, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := extraction.ExtractPage(parse(t, "<html><body><h1>Tools</h1>"+essay+tt.table+essay+"</body></html>"), extraction.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != tt.want {
				t.Fatalf("%d records, want %d: %v", len(recs), tt.want, recs)
			}
			for i, r := range recs {
				if r.Kind != "table.table > tr (package, description)" {
					t.Errorf("record %d of kind %q, want the table's header in it", i, r.Kind)
				}
			}
		})
	}
}

// readTestdata reads a test file, gunzipped when its name ends in .gz.
func readTestdata(t *testing.T, path string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, ".gz") {
		return raw
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	raw, err = io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// headedFirstCells returns the text of the first cell of every body row
// (tbody) of the page's tables with a thead, read with the HTML parser
// alone.
func headedFirstCells(t *testing.T, page []byte) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var cells []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.DataAtom == atom.Table && child(n, atom.Thead) != nil {
			for body := n.FirstChild; body != nil; body = body.NextSibling {
				if body.DataAtom != atom.Tbody {
					continue
				}
				for tr := body.FirstChild; tr != nil; tr = tr.NextSibling {
					if td := child(tr, atom.Td); tr.DataAtom == atom.Tr && td != nil {
						cells = append(cells, strings.Join(strings.Fields(textOf(td)), " "))
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return cells
}

// child returns n's first child element a, or nil.
func child(n *html.Node, a atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == a {
			return c
		}
	}
	return nil
}

// textOf is the text of n's subtree.
func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
	}
	return b.String()
}

// firstText is the first value of r that is not an address.
func firstText(r crawl.Record) string {
	for _, f := range r.Fields {
		if !strings.Contains(f.Value, "://") {
			return f.Value
		}
	}
	return ""
}
