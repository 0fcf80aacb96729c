package export_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// TestRecordTablesByKind: the records of one template cluster in lists of
// three kinds (crawl.Record.Kind), as a Javadoc's one template gives a
// class's methods, a package's summary rows and an index's entries, make
// a table each: the largest kind's records-cluster-1, the next its own
// file, and the kind under the bar (minKindRecords) the cluster's rest;
// each table has its own kind's columns and no other's, and records.csv
// still holds them all. Both writers give the same files.
func TestRecordTablesByKind(t *testing.T) {
	st := kindsFixture(t, map[string]int{"ul.member-list > li": 60, "div.col-first+div.col-last": 30, "tr.odd": 3})
	for _, write := range []struct {
		name string
		fn   func(dir string) ([]string, error)
	}{
		{"WriteRecords", func(dir string) ([]string, error) {
			return export.WriteRecords(context.Background(), st, "csv", filepath.Join(dir, "records.csv"), filepath.Join(dir, "records"))
		}},
		{"WriteRecordsDir", func(dir string) ([]string, error) {
			return export.WriteRecordsDir(context.Background(), st, "csv", filepath.Join(dir, "records"))
		}},
	} {
		t.Run(write.name, func(t *testing.T) {
			dir := t.TempDir()
			files, err := write.fn(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]struct {
				rows   int
				header string
			}{
				"records-cluster-1.csv":                            {60, "page,record,title,returns,other"},
				"records-cluster-1-div-col-first-div-col-last.csv": {30, "page,record,title,summary"},
				"records-cluster-1-rest.csv":                       {3, "page,record,title,price"},
			}
			if len(files) != len(want) {
				t.Fatalf("files %v, want %d", files, len(want))
			}
			for _, f := range files {
				w, ok := want[filepath.Base(f)]
				if !ok {
					t.Errorf("unexpected file %s", f)
					continue
				}
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
				if lines[0] != w.header || len(lines)-1 != w.rows {
					t.Errorf("%s: header %q and %d rows, want %q and %d", filepath.Base(f), lines[0], len(lines)-1, w.header, w.rows)
				}
			}
		})
	}
	all := filepath.Join(t.TempDir(), "r.csv")
	if err := export.WriteFile(context.Background(), st, "records", "csv", all); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(all)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines)-1 != 93 || !strings.HasPrefix(lines[0], "page,cluster,record,") {
		t.Errorf("records.csv: header %q and %d rows, want every kind's 93", lines[0], len(lines)-1)
	}
}

// TestRecordTablesOneKind: a cluster whose records are of one kind, or of
// no kind (stores written before kinds were kept), has the one table it
// always had.
func TestRecordTablesOneKind(t *testing.T) {
	st := kindsFixture(t, map[string]int{"": 50})
	files, err := export.WriteRecordsDir(context.Background(), st, "csv", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || filepath.Base(files[0]) != "records-cluster-1.csv" {
		t.Errorf("files %v, want records-cluster-1.csv alone", files)
	}
}

// kindsFixture stores, in cluster 1, the given number of records of each
// kind, ten a page, with keyed fields of the kind's own.
func kindsFixture(t *testing.T, kinds map[string]int) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := tempStore(t)
	at := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	fields := map[string][]crawl.Field{ // per kind: its keys, named by role
		"ul.member-list > li":        {{Name: "title", Key: "li/h3/text"}, {Name: "returns", Key: "li/dl.notes/dd=returns/text"}},
		"div.col-first+div.col-last": {{Name: "title", Key: "div.col-first/a/text"}, {Name: "summary", Key: "div.col-last/text"}},
		"tr.odd":                     {{Name: "title", Key: "tr.odd/th/text"}, {Name: "price", Key: "tr.odd/td/text"}},
		"":                           {{Name: "title", Key: "li/a/text"}},
	}
	var pages []*crawl.Page
	var recs []crawl.Record
	seq := int64(0)
	for kind, n := range kinds {
		for i := 0; i < n; i++ {
			if i%10 == 0 {
				seq++
				u := fmt.Sprintf("http://k.test/%d.html", seq)
				pages = append(pages, &crawl.Page{Seq: seq, URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}, Cluster: 1})
			}
			var fs []crawl.Field
			for _, f := range fields[kind] {
				f.Value = fmt.Sprintf("%s %d", f.Name, i)
				if f.Name == "price" {
					f.Value, f.Price = fmt.Sprintf("$%d", i), true
				}
				if f.Name == "summary" {
					f.Value = strings.Repeat("a long description ", 4)
				}
				fs = append(fs, f)
			}
			if kind == "ul.member-list > li" && i%2 == 0 {
				fs = append(fs, crawl.Field{Name: "other", Value: "sparse"})
			}
			recs = append(recs, crawl.Record{PageURL: pages[len(pages)-1].URL, Cluster: 1, Kind: kind, Index: i % 10, Fields: fs})
		}
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: 1, Pages: pages, Records: recs}, []store.ClusterRow{{ID: 1, Size: len(pages)}})); err != nil {
		t.Fatal(err)
	}
	return st
}
