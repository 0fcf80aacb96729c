package export_test

import (
	"bytes"
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

// TestRecordsColumns checks the records tables: role columns in table
// order (title, link, date… then other names alphabetically, then other),
// repeated "other" values joined, per-cluster files with their own
// columns, and at most export.MaxTableColumns columns however many names
// a cluster's records carry.
func TestRecordsColumns(t *testing.T) {
	ctx := context.Background()
	st := tempStore(t)
	at := time.Date(2026, 11, 25, 5, 0, 0, 0, time.UTC)
	pages := []*crawl.Page{
		{Seq: 1, URL: "http://a.example/1", FinalURL: "http://a.example/1", Status: 200, FetchedAt: at, Header: http.Header{}},
		{Seq: 2, URL: "http://a.example/2", FinalURL: "http://a.example/2", Status: 200, FetchedAt: at, Header: http.Header{}},
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	wide := []crawl.Field{{Name: "title", Value: "W"}}
	for i := range 100 {
		wide = append(wide, crawl.Field{Name: fmt.Sprintf("user%03d", i), Value: fmt.Sprint(i)})
	}
	b := &crawl.Batch{Seq: 1, Pages: pages, Records: []crawl.Record{
		{PageURL: "http://a.example/1", Cluster: 3, Index: 0, Fields: []crawl.Field{
			{Name: "summary", Value: "S"}, {Name: "other", Value: "x"}, {Name: "link_2", Value: "http://a.example/y"},
			{Name: "title", Value: "T"}, {Name: "other", Value: "y"}, {Name: "link", Value: "http://a.example/t"},
			{Name: "date", Value: "1 May 2005"}}},
		{PageURL: "http://a.example/1", Cluster: 3, Index: 1, Fields: []crawl.Field{{Name: "title", Value: "U"}}},
		{PageURL: "http://a.example/2", Cluster: 4, Index: 0, Fields: wide},
	}}
	if err := st.SaveBatch(ctx, store.SetClusters(b, []store.ClusterRow{{ID: 3, Size: 1}, {ID: 4, Size: 1}})); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := export.WriteRecordsDir(ctx, st, "csv", dir)
	if err != nil || len(files) != 2 {
		t.Fatalf("WriteRecordsDir = %v, %v; want two files", files, err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "records-cluster-3.csv"))
	rows := readCSV(t, raw)
	want := []string{
		"page|record|title|link|link_2|date|summary|other",
		"http://a.example/1|0|T|http://a.example/t|http://a.example/y|1 May 2005|S|x | y",
		"http://a.example/1|1|U|||||",
	}
	for i, w := range want {
		if i >= len(rows) || strings.Join(rows[i], "|") != w {
			t.Errorf("cluster 3 row %d = %v, want %s", i, rows[min(i, len(rows)-1)], w)
		}
	}
	raw, _ = os.ReadFile(filepath.Join(dir, "records-cluster-4.csv"))
	rows = readCSV(t, raw)
	if n := len(rows[0]); n != export.MaxTableColumns {
		t.Errorf("cluster 4 has %d columns, want %d", n, export.MaxTableColumns)
	}
	if h := rows[0]; h[2] != "title" || h[3] != "user000" || h[len(h)-1] != "other" {
		t.Errorf("cluster 4 header = %v", h)
	}
	if v := rows[1][len(rows[1])-1]; !strings.HasPrefix(v, "60 | 61 | ") || !strings.HasSuffix(v, " | 99") {
		t.Errorf("cluster 4 other = %q, want the values of the names beyond the cap", v)
	}
	var buf bytes.Buffer
	if err := export.Write(ctx, st, "records", "csv", &buf); err != nil {
		t.Fatal(err)
	}
	rows = readCSV(t, buf.Bytes())
	if len(rows) != 4 || len(rows[0]) != export.MaxTableColumns || strings.Join(rows[0][:4], "|") != "page|cluster|record|title" {
		t.Errorf("records.csv: %d rows, header %v", len(rows), rows[0])
	}
}
