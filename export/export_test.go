package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
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

// tempStore opens a new store in a directory of the test's own; it is
// closed when the test ends.
func tempStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func fixture(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := tempStore(t)
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	pages := []*crawl.Page{
		{Seq: 1, URL: "http://a.example/", FinalURL: "http://a.example/", Status: 200, FetchedAt: at,
			Title: "Home, \"quoted\"", HTML: []byte("<p>x</p>"), Header: http.Header{},
			Links: []crawl.Link{{URL: "http://a.example/l", Anchor: "list"}}, Relevance: 0.5, Relevant: true},
		{Seq: 2, URL: "http://a.example/l", FinalURL: "http://a.example/l", Status: 200, FetchedAt: at,
			Title: "List\nwith newline", HTML: []byte("<ul></ul>"), Header: http.Header{}, Relevance: 0.1},
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	pages[0].Cluster, pages[1].Cluster, pages[0].Topic, pages[1].Topic = 7, 8, 1, 1
	b := &crawl.Batch{Seq: 1, Pages: pages, Records: []crawl.Record{
		{PageURL: "http://a.example/l", Cluster: 8, Index: 0, Fields: []crawl.Field{{Name: "title", Value: "One"}, {Name: "price", Value: "1,50"}}},
		{PageURL: "http://a.example/l", Cluster: 8, Index: 1, Fields: []crawl.Field{{Name: "title", Value: "Two"}}},
	}}
	if err := st.SaveBatch(ctx, store.SetClusters(b, []store.ClusterRow{{ID: 7, Size: 1}, {ID: 8, Size: 1}})); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveTopics(ctx, map[int64]int64{1: 1, 2: 1}, map[int64][]string{1: {"home", "list"}}); err != nil {
		t.Fatal(err)
	}
	return st
}

func readCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("export is not valid CSV: %v\n%s", err, b)
	}
	return rows
}

func TestPagesCSV(t *testing.T) {
	st := fixture(t)
	var buf bytes.Buffer
	if err := export.Write(context.Background(), st, "pages", "csv", &buf); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes())
	if len(rows) != 3 {
		t.Fatalf("pages CSV has %d rows, want header + 2", len(rows))
	}
	want := []string{"seq", "url", "final_url", "status", "depth", "parent", "score", "label"}
	for i, w := range want {
		if rows[0][i] != w {
			t.Errorf("column %d = %q, want %q", i, rows[0][i], w)
		}
	}
	col := func(name string) int {
		for i, c := range rows[0] {
			if c == name {
				return i
			}
		}
		t.Fatalf("no column %q", name)
		return -1
	}
	if rows[1][col("title")] != "Home, \"quoted\"" || rows[2][col("title")] != "List\nwith newline" {
		t.Errorf("titles not round-tripped through CSV: %q %q", rows[1][col("title")], rows[2][col("title")])
	}
	if rows[1][col("cluster")] != "7" || rows[1][col("relevant")] != "1" {
		t.Errorf("row 1 = %v", rows[1])
	}
}

func TestRecordsPerClusterAndJSONL(t *testing.T) {
	st := fixture(t)
	dir := t.TempDir()
	files, err := export.WriteRecordsDir(context.Background(), st, "csv", dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || filepath.Base(files[0]) != "records-cluster-8.csv" {
		t.Fatalf("files = %v, want [records-cluster-8.csv]", files)
	}
	b, _ := os.ReadFile(files[0])
	rows := readCSV(t, b)
	want := [][]string{{"page", "record", "title", "price"}, {"http://a.example/l", "0", "One", "1,50"}, {"http://a.example/l", "1", "Two", ""}}
	if len(rows) != len(want) {
		t.Fatalf("records = %v, want %v", rows, want)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d = %v, want %v", i, rows[i], want[i])
		}
	}
	var buf bytes.Buffer
	if err := export.Write(context.Background(), st, "records", "jsonl", &buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("jsonl has %d lines, want 2", len(lines))
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &obj); err != nil || obj["price"] != "1,50" || obj["cluster"] != float64(8) {
		t.Errorf("jsonl line = %s (%v)", lines[0], err)
	}
}

func TestHarvestAndTopics(t *testing.T) {
	st := fixture(t)
	var buf bytes.Buffer
	if err := export.Write(context.Background(), st, "harvest", "csv", &buf); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes())
	if len(rows) != 3 || rows[1][6] != "1" || rows[2][6] != "0.5" {
		t.Errorf("harvest = %v, want rates 1 then 0.5", rows)
	}
	buf.Reset()
	if err := export.Write(context.Background(), st, "topics", "csv", &buf); err != nil {
		t.Fatal(err)
	}
	rows = readCSV(t, buf.Bytes())
	if len(rows) != 3 || rows[1][1] != "1" || rows[1][2] != "2" || rows[1][3] != "home list" {
		t.Errorf("topics = %v", rows)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	st := fixture(t)
	path := filepath.Join(t.TempDir(), "pages.csv")
	if err := os.WriteFile(path, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteFile(context.Background(), st, "nonsense", "csv", path); err == nil {
		t.Fatal("WriteFile(nonsense) = nil error")
	}
	if b, _ := os.ReadFile(path); string(b) != "keep me" {
		t.Errorf("failed export overwrote the file: %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("failed export left files behind: %v", entries)
	}
	if err := export.WriteFile(context.Background(), st, "links", "csv", path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !strings.HasPrefix(string(b), "from_seq,") {
		t.Errorf("links export = %q", b)
	}
}

// TestExportFailures writes the failures table: one row per failed URL
// with its kind, status, error, attempts and time.
func TestExportFailures(t *testing.T) {
	ctx := context.Background()
	st := fixture(t)
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	if err := st.SaveResults(ctx, nil, []crawl.Failure{
		{URL: "http://a.example/gone", Kind: "http-404", Status: 404, Message: "http-404 (status 404): not found", Attempts: 1, At: at, Depth: 1, Parent: "http://a.example/"},
		{URL: "http://a.example/busy", Kind: "http-5xx", Status: 503, Message: "gave up, after 4 attempts", Attempts: 4, At: at},
	}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := export.Write(ctx, st, "failures", "csv", &b); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, b.Bytes())
	want := [][]string{
		{"url", "kind", "status", "error", "attempts", "time", "depth", "parent"},
		{"http://a.example/busy", "http-5xx", "503", "gave up, after 4 attempts", "4", "2026-11-23T08:00:00Z", "0", ""},
		{"http://a.example/gone", "http-404", "404", "http-404 (status 404): not found", "1", "2026-11-23T08:00:00Z", "1", "http://a.example/"},
	}
	if len(rows) != len(want) {
		t.Fatalf("failures export = %q; want %q", rows, want)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d = %q; want %q", i, rows[i], want[i])
		}
	}
}
