package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// TestSaveBatchRecordsOrder: whatever order a batch brings a page's
// records in, they are stored by index, the last of one index kept, a
// page's records of several clusters each exported with its cluster.
func TestSaveBatchRecordsOrder(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	p1, p2 := page(1, "http://a.test/1", 10), page(2, "http://a.test/2", 10)
	if err := st.SaveResults(ctx, []*crawl.Page{p1, p2}, nil); err != nil {
		t.Fatal(err)
	}
	rec := func(p *crawl.Page, idx int, cluster int64, v string) crawl.Record {
		return crawl.Record{PageURL: p.URL, Index: idx, Cluster: cluster, Fields: []crawl.Field{{Name: "f" + v[:1], Value: v}}}
	}
	b := &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p1, p2}, Records: []crawl.Record{
		rec(p2, 1, 5, "p2-1"), rec(p1, 2, 5, "p1-2"), rec(p1, 0, 5, "p1-0"), rec(p2, 0, 5, "p2-0"),
		rec(p1, 1, 6, "q1-1"), rec(p1, 2, 5, "p1-2 again"), rec(p1, 3, 6, "q1-3")}}
	if err := st.SaveBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	rows := func(fn func(func(store.RecordRow) error) error) []string {
		var out []string
		if err := fn(func(r store.RecordRow) error {
			out = append(out, fmt.Sprintf("%d/%d/%d/%s", r.PageSeq, r.Index, r.Cluster, r.Fields[0].Value))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	all := rows(func(fn func(store.RecordRow) error) error { return st.ExportRecords(ctx, fn) })
	want := "1/0/5/p1-0 1/1/6/q1-1 1/2/5/p1-2 again 1/3/6/q1-3 2/0/5/p2-0 2/1/5/p2-1"
	if strings.Join(all, " ") != want {
		t.Errorf("ExportRecords = %q\nwant %q", strings.Join(all, " "), want)
	}
	six := rows(func(fn func(store.RecordRow) error) error { return st.ExportClusterRecords(ctx, 6, fn) })
	if strings.Join(six, " ") != "1/1/6/q1-1 1/3/6/q1-3" {
		t.Errorf("ExportClusterRecords(6) = %q", six)
	}
	cols, err := st.RecordColumns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for c := range cols {
		slices.Sort(cols[c])
	}
	if !reflect.DeepEqual(cols, map[int64][]string{5: {"fp"}, 6: {"fq"}}) {
		t.Errorf("RecordColumns = %v", cols)
	}
	if c, _ := st.Counts(ctx); c.Records != 6 {
		t.Errorf("Counts.Records = %d, want 6", c.Records)
	}
	// Moving page 1 to cluster 7 moves all its records.
	if err := st.MovePages(ctx, map[int64]int64{1: 7}, nil); err != nil {
		t.Fatal(err)
	}
	seven := rows(func(fn func(store.RecordRow) error) error { return st.ExportClusterRecords(ctx, 7, fn) })
	if len(seven) != 4 {
		t.Errorf("after MovePages, cluster 7 records = %q, want page 1's 4", seven)
	}
}
