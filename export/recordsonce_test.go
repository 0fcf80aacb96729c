package export_test

import (
	"bytes"
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

// TestWriteRecordsOnePass checks that the one-pass WriteRecords writes the
// same bytes as WriteFile("records") and WriteRecordsDir, with more
// clusters than it keeps open at once (so both of its paths run), and
// leaves no temporary file behind.
func TestWriteRecordsOnePass(t *testing.T) {
	ctx := context.Background()
	st := tempStore(t)
	at := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	const nPages, nClusters = 150, 70
	var pages []*crawl.Page
	for i := range nPages {
		u := fmt.Sprintf("http://a.example/%d", i)
		pages = append(pages, &crawl.Page{Seq: int64(i + 1), URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}})
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	var recs []crawl.Record
	var rows []store.ClusterRow
	for c := range nClusters {
		rows = append(rows, store.ClusterRow{ID: int64(c + 1), Size: 1})
	}
	for i, p := range pages { // clusters interleave in page order
		c := int64(i*11%nClusters + 1)
		for k := range 1 + i%3 {
			recs = append(recs, crawl.Record{PageURL: p.URL, Cluster: c, Index: k, Fields: []crawl.Field{
				{Name: "title", Value: fmt.Sprintf("T%d.%d", i, k)}, {Name: fmt.Sprintf("user%d", c%5), Value: "v,\"q\""},
				{Name: "other", Value: "o"}, {Name: "other", Value: "p"}}})
		}
	}
	if err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: 1, Pages: pages, Records: recs}, rows)); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"csv", "jsonl"} {
		t.Run(format, func(t *testing.T) {
			ref, one := t.TempDir(), t.TempDir()
			if err := export.WriteFile(ctx, st, "records", format, filepath.Join(ref, "records."+format)); err != nil {
				t.Fatal(err)
			}
			refFiles, err := export.WriteRecordsDir(ctx, st, format, filepath.Join(ref, "records"))
			if err != nil {
				t.Fatal(err)
			}
			files, err := export.WriteRecords(ctx, st, format, filepath.Join(one, "records."+format), filepath.Join(one, "records"))
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != nClusters || len(refFiles) != nClusters {
				t.Fatalf("WriteRecords wrote %d files, WriteRecordsDir %d; want %d", len(files), len(refFiles), nClusters)
			}
			for i, f := range files {
				rel, _ := filepath.Rel(one, f)
				if rr, _ := filepath.Rel(ref, refFiles[i]); rr != rel {
					t.Fatalf("file %d = %s, want %s", i, rel, rr)
				}
			}
			for _, rel := range append([]string{"records." + format}, relAll(t, one, files)...) {
				a, errA := os.ReadFile(filepath.Join(ref, rel))
				b, errB := os.ReadFile(filepath.Join(one, rel))
				if errA != nil || errB != nil || !bytes.Equal(a, b) || len(a) == 0 {
					t.Errorf("%s differs from the two-pass export (%v, %v; %d vs %d bytes)", rel, errA, errB, len(a), len(b))
				}
			}
			for _, d := range []string{one, filepath.Join(one, "records")} {
				ents, _ := os.ReadDir(d)
				for _, e := range ents {
					if e.Name()[0] == '.' {
						t.Errorf("temporary file left: %s", filepath.Join(d, e.Name()))
					}
				}
			}
		})
	}
}

func relAll(t *testing.T, base string, files []string) []string {
	t.Helper()
	var out []string
	for _, f := range files {
		r, err := filepath.Rel(base, f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}
