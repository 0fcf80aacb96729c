package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// addRecords stores records of pages of st (its batch seq 1), each record
// one field per name=value pair.
func addRecords(t *testing.T, st *store.Store, cluster int64, recs map[string][]string) {
	t.Helper()
	seq := map[string]int64{}
	err := st.ExportPages(context.Background(), func(r store.PageRow) error {
		seq[r.URL] = r.Seq
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &crawl.Batch{Seq: 1}
	for u, fields := range recs {
		b.Pages = append(b.Pages, &crawl.Page{URL: u, Seq: seq[u]})
		for i, f := range fields {
			var fs []crawl.Field
			for _, kv := range strings.Split(f, ",") {
				k, v, _ := strings.Cut(kv, "=")
				fs = append(fs, crawl.Field{Name: k, Value: v})
			}
			b.Records = append(b.Records, crawl.Record{PageURL: u, Cluster: cluster, Index: i, Fields: fs})
		}
	}
	if err := st.SaveBatch(context.Background(), b); err != nil {
		t.Fatal(err)
	}
}

func minedCSV(t *testing.T, stores []*store.Store, m *export.Mined, what string) [][]string {
	t.Helper()
	var b bytes.Buffer
	if err := export.WriteMined(context.Background(), stores, m, what, "csv", &b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestWriteMined: with the merged mining, pages carry the merged cluster
// and topic; records of the pages taken come in one table whose columns
// are the role names of both stores, with the merged cluster; the records
// of a page another store won are left out; clusters and topics count the
// merged pages.
func TestWriteMined(t *testing.T) {
	a := shard(t, nil, []string{"http://a/1", "http://a/dup"})
	b := shard(t, nil, []string{"http://a/dup", "http://b/1"})
	addRecords(t, a, 7, map[string][]string{"http://a/1": {"title=A1,link=http://a/x", "title=A2"}, "http://a/dup": {"title=won"}})
	addRecords(t, b, 3, map[string][]string{"http://b/1": {"title=B1,date=2024-01-01"}, "http://a/dup": {"title=lost"}})
	k := func(s int, seq int64) export.PageKey { return export.PageKey{Store: s, Seq: seq} }
	m := &export.Mined{
		Cluster:  map[export.PageKey]int64{k(0, 1): 1, k(0, 2): 2, k(1, 1): 2, k(1, 2): 1},
		Topic:    map[export.PageKey]int64{k(0, 1): 5, k(1, 2): 5},
		Words:    map[int64][]string{5: {"alpha", "beta"}},
		Clusters: []export.MinedCluster{{ID: 1, Size: 2}, {ID: 2, Size: 1}},
	}
	stores := []*store.Store{a, b}
	var got []string
	for _, r := range minedCSV(t, stores, m, "pages")[1:] {
		got = append(got, r[0]+" "+r[1]+" c"+r[11]+" t"+r[12])
	}
	if want := "1 http://a/1 c1 t5|2 http://a/dup c2 t0|3 http://b/1 c1 t5"; strings.Join(got, "|") != want {
		t.Errorf("pages = %v, want %s", got, want)
	}
	recs := minedCSV(t, stores, m, "records")
	if want := "page,cluster,record,title,link,date"; strings.Join(recs[0], ",") != want {
		t.Errorf("records header %v, want %s", recs[0], want)
	}
	got = nil
	for _, r := range recs[1:] {
		got = append(got, strings.Join(r, " "))
	}
	if want := "http://a/1 1 0 A1 http://a/x |http://a/1 1 1 A2  |http://a/dup 2 0 won  |http://b/1 1 0 B1  2024-01-01"; strings.Join(got, "|") != want {
		t.Errorf("records = %q, want %q", got, want)
	}
	got = nil
	for _, r := range minedCSV(t, stores, m, "clusters")[1:] {
		got = append(got, strings.Join(r[:4], " "))
	}
	if want := "1 2 2 3|2 1 1 1"; strings.Join(got, "|") != want {
		t.Errorf("clusters (id size pages records) = %v, want %s", got, want)
	}
	got = nil
	for _, r := range minedCSV(t, stores, m, "topics")[1:] {
		got = append(got, strings.Join(r, " "))
	}
	if want := "http://a/1 5 2 alpha beta|http://b/1 5 2 alpha beta"; strings.Join(got, "|") != want {
		t.Errorf("topics = %v, want %s", got, want)
	}
	dir := t.TempDir()
	files, err := export.WriteMergedRecordsDir(context.Background(), stores, m, "csv", dir)
	if err != nil || len(files) != 2 {
		t.Fatalf("WriteMergedRecordsDir: %v, %v", files, err)
	}
	c1, err := os.ReadFile(filepath.Join(dir, "records-cluster-1.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "page,record,title,link,date\nhttp://a/1,0,A1,http://a/x,\nhttp://a/1,1,A2,,\nhttp://b/1,0,B1,,2024-01-01\n"; string(c1) != want {
		t.Errorf("records-cluster-1.csv =\n%s\nwant\n%s", c1, want)
	}
	if err := export.WriteMined(context.Background(), stores, nil, "records", "csv", &bytes.Buffer{}); err == nil {
		t.Error("records without a mining: no error")
	}
}
