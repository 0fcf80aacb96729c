package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
)

// v6Store writes a store as schema version 6 left it, records one row per
// record with JSON fields: rows are (page seq, idx, cluster, fields).
func v6Store(t *testing.T, path string, pages int, rows [][4]any) {
	t.Helper()
	ctx := context.Background()
	db := storeAtVersion(t, path, 6)
	defer db.Close()
	for i := 1; i <= pages; i++ {
		if _, err := db.ExecContext(ctx, `INSERT INTO pages(seq, url, status, fetched_at, depth) VALUES(?, ?, 200, '', 0)`,
			i, fmt.Sprintf("http://a.test/%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range rows {
		if _, err := db.ExecContext(ctx, `INSERT INTO records(page_seq, idx, cluster, fields) VALUES(?,?,?,?)`, r[:]...); err != nil {
			t.Fatal(err)
		}
	}
}

func exportAll(t *testing.T, st *Store) []string {
	t.Helper()
	var out []string
	err := st.ExportRecords(context.Background(), func(r RecordRow) error {
		type nameValue struct{ name, value string } // these stores have no keys
		fs := make([]nameValue, len(r.Fields))
		for i, f := range r.Fields {
			fs[i] = nameValue{f.Name, f.Value}
		}
		out = append(out, fmt.Sprintf("%d %s %d %d %q", r.PageSeq, r.PageURL, r.Cluster, r.Index, fs))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMigrateRecordsToRuns(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v6.db")
	rows := [][4]any{
		{1, 0, 3, `[{"name":"title","value":"a"},{"name":"link","value":"http://a.test/x"}]`},
		{1, 1, 3, `[{"name":"title","value":"b \u00e9\n"},{"name":"other","value":"1"},{"name":"other","value":"2"}]`},
		{1, 2, 4, `[]`}, // another cluster: another run
		{1, 5, 3, ` [ { "value" : "c", "name" : "title" } ] `},
		{3, 0, 0, `[{"name":"e","value":"\ud83d\ude00"}]`},
	}
	v6Store(t, path, 3, rows)
	want := []string{
		`1 http://a.test/1 3 0 [{"title" "a"} {"link" "http://a.test/x"}]`,
		`1 http://a.test/1 3 1 [{"title" "b é\n"} {"other" "1"} {"other" "2"}]`,
		`1 http://a.test/1 4 2 []`,
		`1 http://a.test/1 3 5 [{"title" "c"}]`,
		`3 http://a.test/3 0 0 [{"e" "😀"}]`,
	}
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got := exportAll(t, st); !reflect.DeepEqual(got, want) {
		t.Errorf("records after migration:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var runs, old int
	st.r.QueryRow("SELECT count(*) FROM page_records").Scan(&runs)
	st.r.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = 'records'").Scan(&old)
	if runs != 4 || old != 0 {
		t.Errorf("%d runs (want 4: page 1 in three, page 3), old table left: %v", runs, old == 1)
	}
	if c, _ := st.Counts(ctx); c.Records != 5 {
		t.Errorf("Counts.Records = %d, want 5", c.Records)
	}
}

func TestMigrateRecordsBadJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v6.db")
	v6Store(t, path, 2, [][4]any{{1, 0, 0, `[]`}, {2, 7, 0, `[{"name":`}})
	_, err := Open(context.Background(), path)
	if err == nil || !strings.Contains(err.Error(), "page 2 record 7") {
		t.Fatalf("Open of a store with a bad records row = %v; want an error naming the record", err)
	}
}

func TestCorruptRunIsReported(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := &crawl.Page{Seq: 1, URL: "http://a.test/1", Status: 200}
	if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p}, Records: []crawl.Record{
		{PageURL: p.URL, Fields: []crawl.Field{{Name: "title", Value: "x"}}}}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, set string }{
		{"data", "UPDATE page_records SET data = substr(data, 1, length(data) - 1)"},
		{"names", "UPDATE page_records SET names = x'09'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := st.w.Exec(c.set); err != nil {
				t.Fatal(err)
			}
			err := st.ExportRecords(ctx, func(RecordRow) error { return nil })
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "page 1") {
				t.Errorf("ExportRecords = %v; want ErrCorrupt naming page 1", err)
			}
		})
	}
	if _, err := st.RecordColumns(ctx); !errors.Is(err, ErrCorrupt) {
		t.Errorf("RecordColumns = %v; want ErrCorrupt", err)
	}
}
