package export_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/export"
)

// TestRecordsExportRemovesStaleClusterFiles: a per-cluster table an earlier
// export wrote for a cluster the store no longer has records in (a run of
// another crawl into the same out directory, clusters renumbered), or for
// a kind of records it no longer has (records-cluster-8-rest.csv), is
// removed by both WriteRecords and WriteRecordsDir (cluster 0's too, which a
// crawl without clustering writes), and nothing else in
// the directory is touched: the other format's tables, names that only
// look alike, a user's own files, a directory.
func TestRecordsExportRemovesStaleClusterFiles(t *testing.T) {
	st := fixture(t) // records in cluster 8 only
	others := []string{"records-cluster-2.jsonl", "records-cluster-02.csv", "records-cluster-00.csv", "records-cluster-x.csv",
		"records-cluster-.csv", "my-records-cluster-3.csv", "records-cluster-3.csv.bak", "notes.txt",
		"records-cluster-8-.csv", "records-cluster-8-Kind.csv", "records-cluster-8-a_b.csv", "records-cluster-8-rest.jsonl"}
	for _, write := range []struct {
		name string
		fn   func(dir string) ([]string, error)
	}{
		{"WriteRecords", func(dir string) ([]string, error) {
			return export.WriteRecords(context.Background(), st, "csv", filepath.Join(filepath.Dir(dir), "records.csv"), dir)
		}},
		{"WriteRecordsDir", func(dir string) ([]string, error) {
			return export.WriteRecordsDir(context.Background(), st, "csv", dir)
		}},
	} {
		t.Run(write.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "records")
			if err := os.MkdirAll(filepath.Join(dir, "records-cluster-5.csv"), 0o755); err != nil {
				t.Fatal(err)
			}
			stale := []string{"records-cluster-2.csv", "records-cluster-8.csv", "records-cluster-13.csv", "records-cluster-0.csv", "records-cluster-0-rest.csv",
				"records-cluster-8-rest.csv", "records-cluster-8-ul-li.csv", "records-cluster-2-dl-py.csv"}
			for _, n := range append(stale, others...) {
				if err := os.WriteFile(filepath.Join(dir, n), []byte("old\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			files, err := write.fn(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != 1 || filepath.Base(files[0]) != "records-cluster-8.csv" {
				t.Fatalf("files = %v, want [records-cluster-8.csv]", files)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			want := append([]string{"records-cluster-5.csv", "records-cluster-8.csv"}, others...)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("directory holds %q, want %q", got, want)
			}
			if b, _ := os.ReadFile(files[0]); string(b) == "old\n" {
				t.Error("records-cluster-8.csv was not rewritten")
			}
		})
	}
}
