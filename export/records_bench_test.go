package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/store/storetest"
)

// BenchmarkRecordsExport compares the records exports of a crawl (the
// records table and the per-cluster tables) written in one pass
// (WriteRecords, what the pipeline does) and in two (WriteFile("records")
// then WriteRecordsDir): 300 pages of 20 records in 3 clusters.
func BenchmarkRecordsExport(b *testing.B) {
	ctx := context.Background()
	st := tempStore(b)
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
		var err error
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
		var err error
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

// BenchmarkWriteRecordsDocs writes the records exports of a crawl of the
// Python docs' shape (storetest.DocsRecords: 18,121 records on 526 pages,
// 7.5 fields each, in 2 clusters): records.csv and the per-cluster files,
// as pipeline.Export does after a crawl; "names": fields with their names
// only (a store from before keys), "keys": with their column keys
// (storetest.DocsRecordsKeyed), named at export.
func BenchmarkWriteRecordsDocs(b *testing.B) {
	b.Run("names", func(b *testing.B) { benchWriteRecordsDocs(b, storetest.DocsRecords) })
	b.Run("keys", func(b *testing.B) { benchWriteRecordsDocs(b, storetest.DocsRecordsKeyed) })
}

func benchWriteRecordsDocs(b *testing.B, docs func(pages, clusters int) ([]*crawl.Page, []crawl.Record)) {
	ctx := context.Background()
	st := tempStore(b)
	pages, recs := docs(526, 2)
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		b.Fatal(err)
	}
	if err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: pages, Records: recs}); err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var files []string
	var err error
	b.ReportAllocs()
	for b.Loop() {
		if files, err = export.WriteRecords(ctx, st, "csv", filepath.Join(dir, "records.csv"), filepath.Join(dir, "records")); err != nil {
			b.Fatal(err)
		}
	}
	if len(files) != 2 {
		b.Fatalf("%d per-cluster files, want 2", len(files))
	}
	rows := 0
	for _, f := range append(files, filepath.Join(dir, "records.csv")) {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		r := csv.NewReader(bytes.NewReader(data))
		all, err := r.ReadAll()
		if err != nil {
			b.Fatalf("%s: %v", f, err)
		}
		rows += len(all) - 1
	}
	if rows != 2*len(recs) {
		b.Fatalf("%d rows in the files, want %d (each record in records.csv and its cluster's file)", rows, 2*len(recs))
	}
	b.ReportMetric(float64(len(recs)*b.N)/b.Elapsed().Seconds(), "records/s")
}
