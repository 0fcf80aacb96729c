package export_test

import (
	"context"
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

// BenchmarkRecordsExport compares the records exports of a crawl (the
// records table and the per-cluster tables) written in one pass
// (WriteRecords, what the pipeline does) and in two (WriteFile("records")
// then WriteRecordsDir): 300 pages of 20 records in 3 clusters.
func BenchmarkRecordsExport(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "r.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	const nPages, perPage, nClusters = 300, 20, 3
	at := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	var pages []*crawl.Page
	var recs []crawl.Record
	for i := range nPages {
		u := fmt.Sprintf("http://a.example/p/%d.html", i)
		pages = append(pages, &crawl.Page{Seq: int64(i + 1), URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}})
		for k := range perPage {
			recs = append(recs, crawl.Record{PageURL: u, Cluster: int64(i%nClusters + 1), Index: k, Fields: []crawl.Field{
				{Name: "title", Value: fmt.Sprintf("Entry %d of page %d", k, i)},
				{Name: "link", Value: fmt.Sprintf("http://a.example/p/%d.html#e%d", i, k)},
				{Name: "summary", Value: "A sentence or two of summary text, as a documentation entry has."}}})
		}
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		b.Fatal(err)
	}
	rows := []store.ClusterRow{{ID: 1, Size: 100}, {ID: 2, Size: 100}, {ID: 3, Size: 100}}
	if err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: 1, Pages: pages, Records: recs}, rows)); err != nil {
		b.Fatal(err)
	}
	wantSize := func(b *testing.B, dir string, files []string) {
		b.Helper()
		fi, err := os.Stat(filepath.Join(dir, "records.csv"))
		if err != nil || fi.Size() < int64(len(recs))*60 || len(files) != nClusters {
			b.Fatalf("records export: %v, %d files", err, len(files))
		}
	}
	b.Run("one-pass", func(b *testing.B) {
		dir := b.TempDir()
		b.ReportAllocs()
		var files []string
		for b.Loop() {
			if files, err = export.WriteRecords(ctx, st, "csv", filepath.Join(dir, "records.csv"), filepath.Join(dir, "records")); err != nil {
				b.Fatal(err)
			}
		}
		wantSize(b, dir, files)
	})
	b.Run("two-pass", func(b *testing.B) {
		dir := b.TempDir()
		b.ReportAllocs()
		var files []string
		for b.Loop() {
			if err := export.WriteFile(ctx, st, "records", "csv", filepath.Join(dir, "records.csv")); err != nil {
				b.Fatal(err)
			}
			if files, err = export.WriteRecordsDir(ctx, st, "csv", filepath.Join(dir, "records")); err != nil {
				b.Fatal(err)
			}
		}
		wantSize(b, dir, files)
	})
}
