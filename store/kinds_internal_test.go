package store

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
)

// TestRecordKinds: a page's records of two kinds are stored as two runs,
// each record read back with its kind, and ExportKindsRecordsNamed reads
// the records of the kinds it is given only.
func TestRecordKinds(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u := "http://k.test/a.html"
	at := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	pages := []*crawl.Page{{Seq: 1, URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}, Cluster: 2}}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	var recs []crawl.Record
	for i, k := range []string{"dl.py", "dl.py", "dl.py", "ul > li", "ul > li"} {
		recs = append(recs, crawl.Record{PageURL: u, Cluster: 2, Kind: k, Index: i,
			Fields: []crawl.Field{{Name: "title", Value: fmt.Sprint("r", i), Key: "x/text"}}})
	}
	if err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: pages, Records: recs}); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	err = st.ExportRecords(ctx, func(r RecordRow) error {
		kinds = append(kinds, r.Kind)
		return nil
	})
	if err != nil || !slices.Equal(kinds, []string{"dl.py", "dl.py", "dl.py", "ul > li", "ul > li"}) {
		t.Errorf("kinds read back %q, %v", kinds, err)
	}
	var runs []string
	err = st.ExportRecordKeys(ctx, func(r RunKeys) error {
		runs = append(runs, fmt.Sprint(r.Kind, ":", r.Records))
		return nil
	})
	if err != nil || !slices.Equal(runs, []string{"dl.py:3", "ul > li:2"}) {
		t.Errorf("runs %q, %v; want one a kind", runs, err)
	}
	var got []int
	err = st.ExportKindsRecordsNamed(ctx, 2, []string{"ul > li"}, nil, func(r RecordRow) error {
		got = append(got, r.Index)
		return nil
	})
	if err != nil || !slices.Equal(got, []int{3, 4}) {
		t.Errorf("records of kind ul > li: %v, %v; want 3 and 4", got, err)
	}
}

// TestMigrateRecordKinds: the runs of a store of schema version 9 keep
// their records, names and keys, of kind "".
func TestMigrateRecordKinds(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v9.db")
	db := storeAtVersion(t, path, stepRecordKinds-1)
	if _, err := db.ExecContext(ctx, `INSERT INTO pages(seq, url, status, fetched_at, depth, cluster) VALUES(1, 'http://a.test/', 200, '', 0, 4)`); err != nil {
		t.Fatal(err)
	}
	recs := []crawl.Record{{PageURL: "http://a.test/", Cluster: 4, Index: 0, Fields: []crawl.Field{{Name: "title", Value: "One", Key: "li/a/text"}}},
		{PageURL: "http://a.test/", Cluster: 4, Index: 1, Fields: []crawl.Field{{Name: "title", Value: "Two", Key: "li/a/text"}}}}
	names, data, keys := newRunEncoder().encode(recs)
	if _, err := db.ExecContext(ctx, `INSERT INTO page_records(page_seq, first, cluster, n, names, keys, data) VALUES(1, 0, 4, 2, ?, ?, ?)`,
		names, keys, data); err != nil {
		t.Fatal(err)
	}
	db.Close()

	st, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open of a version %d store: %v", stepRecordKinds-1, err)
	}
	defer st.Close()
	var got []string
	err = st.ExportRecords(ctx, func(r RecordRow) error {
		got = append(got, fmt.Sprintf("%d %q %s=%s %s", r.Cluster, r.Kind, r.Fields[0].Name, r.Fields[0].Value, r.Fields[0].Key))
		return nil
	})
	want := []string{`4 "" title=One li/a/text`, `4 "" title=Two li/a/text`}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("records after migration %q, %v; want %q", got, err, want)
	}
}
