package export_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// TestRecordColumnsOrder extracts the 59 pages of the Python docs subset
// as one template cluster in two orders, forward and backward (as two
// crawls with other worker counts or seeds meet them), and stores the
// records of each order in that order, in batches of 8 pages. The names
// the crawl gave the fields (first come, first named) differ between the
// orders; the exported cluster tables must not, up to the order of their
// rows. The learned record shape (cluster.go) makes a few pages' records
// depend on the order too, which is not what the columns are about: those
// pages are left out of both stores.
func TestRecordColumnsOrder(t *testing.T) {
	pages, err := docsubset.Read(docsubset.Python311)
	if err != nil {
		t.Fatal(err)
	}
	backward := slices.Clone(pages)
	slices.Reverse(backward)
	fwd, bwd := extractInOrder(t, pages), extractInOrder(t, backward)
	same := func(p string) bool { return reflect.DeepEqual(withoutNames(fwd[p]), withoutNames(bwd[p])) }
	var kept []string
	liveDiffer := false
	for _, p := range pages {
		if same(p.Path) {
			kept = append(kept, p.Path)
			liveDiffer = liveDiffer || !reflect.DeepEqual(fwd[p.Path], bwd[p.Path])
		}
	}
	if len(kept) < 40 || !liveDiffer {
		t.Fatalf("%d pages of %d have the same records in both orders, the crawl's names differ: %v; the pages no longer test the columns",
			len(kept), len(pages), liveDiffer)
	}
	reversed := slices.Clone(kept)
	slices.Reverse(reversed)
	a, b := exportRecords(t, kept, fwd), exportRecords(t, reversed, bwd)
	if a != b {
		t.Errorf("the backward order's table differs from the forward order's:\n%.800s\nwant\n%.800s", b, a)
	}
}

// extractInOrder extracts pages in order as template cluster 1 and returns
// each page's records by path.
func extractInOrder(t *testing.T, order []docsubset.Page) map[string][]crawl.Record {
	t.Helper()
	ce := extraction.NewClusterExtractor(extraction.Config{})
	out := map[string][]crawl.Record{}
	for _, p := range order {
		doc, err := htmldecode.Parse(p.Body, "text/html")
		if err != nil {
			t.Fatal(err)
		}
		if out[p.Path], err = ce.Extract(1, pageURL(p.Path), doc); err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
	}
	return out
}

func pageURL(path string) string { return "http://docs.test/" + path }

// withoutNames is recs without the names the crawl gave their fields with
// a key (what the exports do not read).
func withoutNames(recs []crawl.Record) []crawl.Record {
	out := make([]crawl.Record, len(recs))
	for i, r := range recs {
		out[i] = r
		out[i].Fields = slices.Clone(r.Fields)
		for j := range out[i].Fields {
			if out[i].Fields[j].Key != "" {
				out[i].Fields[j].Name = ""
			}
		}
	}
	return out
}

// exportRecords stores the records of the pages paths in that order, in
// batches of 8 pages, and returns the exported tables of cluster 1 (one a
// kind of records), each with its file name and its rows sorted.
func exportRecords(t *testing.T, paths []string, recs map[string][]crawl.Record) string {
	t.Helper()
	ctx := context.Background()
	st := tempStore(t)
	at := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	n := 0
	for i := 0; i < len(paths); i += 8 {
		var ps []*crawl.Page
		var rs []crawl.Record
		for j, p := range paths[i:min(i+8, len(paths))] {
			u := pageURL(p)
			ps = append(ps, &crawl.Page{Seq: int64(i + j + 1), URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}, Cluster: 1})
			rs = append(rs, recs[p]...)
		}
		n += len(rs)
		if err := st.SaveResults(ctx, ps, nil); err != nil {
			t.Fatal(err)
		}
		if err := st.SaveBatch(ctx, &crawl.Batch{Seq: int64(i/8 + 1), Pages: ps, Records: rs}); err != nil {
			t.Fatal(err)
		}
	}
	if n < 1000 {
		t.Fatalf("%d records on %d pages", n, len(paths))
	}
	dir := t.TempDir()
	files, err := export.WriteRecords(ctx, st, "csv", filepath.Join(dir, "records.csv"), filepath.Join(dir, "records"))
	if err != nil || len(files) < 2 {
		t.Fatalf("export: %v, files %v: want the tables of several kinds", err, files)
	}
	var all strings.Builder
	rows := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		rows += len(lines) - 2 // the header, and "" after the last newline
		if n := strings.Count(lines[0], ",") + 1; n > export.MaxTableColumns || n < 3 {
			t.Errorf("%s: %d columns: %s", filepath.Base(f), n, lines[0])
		}
		t.Logf("%s: %d rows, %s", filepath.Base(f), len(lines)-2, strings.TrimSpace(lines[0]))
		slices.Sort(lines[1:])
		all.WriteString(filepath.Base(f) + "\n" + strings.Join(lines, ""))
	}
	if rows != n {
		t.Fatalf("%d rows in %d tables, want %d", rows, len(files), n)
	}
	return all.String()
}
