package export_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// TestClusterTablesAreTheExportFiles: the tables PlanClusterTables plans
// for one cluster, from the store or from a RecordsReader over a read-only
// connection that never opens the store, are the files of the records
// export: the same names, the same bytes in CSV and JSON Lines, and Rows
// gives the CSV's rows as strings. A second cluster's records change
// nothing of the first's tables.
func TestClusterTablesAreTheExportFiles(t *testing.T) {
	ctx := context.Background()
	st := kindsFixture(t, map[string]int{"ul.member-list > li": 60, "div.col-first+div.col-last": 30, "tr.odd": 3})
	addCluster(t, st, 2, 25)
	dir := t.TempDir()
	if _, err := export.WriteRecordsDir(ctx, st, "csv", dir); err != nil {
		t.Fatal(err)
	}
	if _, err := export.WriteRecordsDir(ctx, st, "jsonl", dir); err != nil {
		t.Fatal(err)
	}
	ro, err := sql.Open("sqlite3", "file:"+st.Path()+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if ok, err := store.RecordKindsKept(ctx, ro); err != nil || !ok {
		t.Fatalf("RecordKindsKept = %v, %v; want true", ok, err)
	}
	for name, src := range map[string]export.RecordSource{"store": st, "reader": store.NewRecordsReader(ro)} {
		files := 0
		for _, cluster := range []int64{1, 2} {
			ct, err := export.PlanClusterTables(ctx, src, cluster)
			if err != nil {
				t.Fatal(err)
			}
			for _, tb := range ct.Tables {
				files++
				for _, format := range export.Formats {
					want, err := os.ReadFile(filepath.Join(dir, tb.File+"."+format))
					if err != nil {
						t.Fatalf("%s: table %q: %v", name, tb.Name, err)
					}
					var got bytes.Buffer
					if err := ct.Write(ctx, tb.Name, format, &got); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got.Bytes(), want) {
						t.Errorf("%s: %s.%s differs from the export's file:\n%s\nwant\n%s", name, tb.File, format, got.Bytes(), want)
					}
					if format != "csv" {
						continue
					}
					all, err := csv.NewReader(bytes.NewReader(want)).ReadAll()
					if err != nil {
						t.Fatal(err)
					}
					if fmt.Sprint(all[0]) != fmt.Sprint(tb.Columns) || len(all)-1 != tb.Records {
						t.Errorf("%s: %s: columns %v and %d records, the file has %v and %d rows", name, tb.File, tb.Columns, tb.Records, all[0], len(all)-1)
					}
					var rows [][]string
					if err := ct.Rows(ctx, tb.Name, func(r []string) error { rows = append(rows, r); return nil }); err != nil {
						t.Fatal(err)
					}
					if fmt.Sprint(rows) != fmt.Sprint(all[1:]) {
						t.Errorf("%s: %s: Rows gave %v, want %v", name, tb.File, rows, all[1:])
					}
				}
			}
			if err := ct.Write(ctx, "no-such-kind", "csv", &bytes.Buffer{}); !errors.Is(err, export.ErrNoTable) {
				t.Errorf("%s: an unknown table: %v, want ErrNoTable", name, err)
			}
		}
		if files != 4 {
			t.Errorf("%s: %d tables, want 4 (cluster 1's three kinds, cluster 2's one)", name, files)
		}
	}
}

// addCluster stores n records of one kind on pages of cluster id.
func addCluster(t *testing.T, st *store.Store, id int64, n int) {
	t.Helper()
	ctx := context.Background()
	at := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	var pages []*crawl.Page
	var recs []crawl.Record
	for i := 0; i < n; i++ {
		if i%5 == 0 {
			seq := 1000*id + int64(len(pages))
			u := fmt.Sprintf("http://c%d.test/%d.html", id, seq)
			pages = append(pages, &crawl.Page{Seq: seq, URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}, Cluster: id})
		}
		recs = append(recs, crawl.Record{PageURL: pages[len(pages)-1].URL, Cluster: id, Kind: "tr", Index: i % 5,
			Fields: []crawl.Field{{Name: "title", Key: "tr/td/a/text", Value: fmt.Sprint("item ", i)}, {Name: "date", Key: "tr/td/text", Value: "2026-12-07"}}})
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: 2, Pages: pages, Records: recs}, []store.ClusterRow{{ID: id, Size: len(pages)}})); err != nil {
		t.Fatal(err)
	}
}
