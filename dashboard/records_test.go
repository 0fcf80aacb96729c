package dashboard_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/store"
)

// toRowLayout rewrites a store's records as a store from before runs
// (schema 6) kept them: the table records, one row per record, its fields
// as JSON.
func toRowLayout(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE records (page_seq INTEGER NOT NULL, idx INTEGER NOT NULL,
		cluster INTEGER NOT NULL DEFAULT 0, fields TEXT NOT NULL, PRIMARY KEY (page_seq, idx)) WITHOUT ROWID`); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT page_seq, cluster, n, names, data FROM page_records`)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		seq, cluster int64
		idx          int
		fields       []byte
	}
	var out []row
	for rows.Next() {
		var seq, cluster int64
		var n int
		var names, data []byte
		if err := rows.Scan(&seq, &cluster, &n, &names, &data); err != nil {
			t.Fatal(err)
		}
		err := store.DecodeRecordRun(names, data, n, func(idx int, fs []crawl.Field) error {
			type field struct {
				Name  string `json:"name"`
				Value string `json:"value"`
			}
			js := []field{}
			for _, f := range fs {
				js = append(js, field{Name: f.Name, Value: f.Value})
			}
			b, err := json.Marshal(js)
			out = append(out, row{seq, cluster, idx, b})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	for _, r := range out {
		if _, err := db.Exec(`INSERT INTO records(page_seq, idx, cluster, fields) VALUES(?,?,?,?)`, r.seq, r.idx, r.cluster, string(r.fields)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`DROP TABLE page_records`); err != nil {
		t.Fatal(err)
	}
}

// TestRecordsEitherLayout: a store from before runs (opened read-only,
// never migrated) shows the same records, counts and tables.
func TestRecordsEitherLayout(t *testing.T) {
	ctx := context.Background()
	runs := genStore(t, shape{pages: 60, clusters: 4, hosts: 2, recordsPer: 5})
	rowsPath := filepath.Join(t.TempDir(), "rows.db")
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rowsPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	toRowLayout(t, rowsPath)
	type view struct {
		Counts  int64
		Records []dashboard.Records
		Page    int64
	}
	read := func(path string) view {
		d, err := dashboard.OpenDB(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		var v view
		c, err := d.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		v.Counts = c.Records
		for id := int64(1); id <= 4; id++ {
			r, err := d.Records(ctx, id, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			v.Records = append(v.Records, r)
		}
		p, err := d.Page(ctx, 4, "")
		if err != nil {
			t.Fatal(err)
		}
		v.Page = p.Records
		return v
	}
	a, o := read(runs), read(rowsPath)
	if a.Counts != 20 || a.Page != 5 || len(a.Records[0].Rows) != 5 {
		t.Fatalf("runs store: %d records, page 4 has %d, cluster 1 %d rows; want 20, 5, 5", a.Counts, a.Page, len(a.Records[0].Rows))
	}
	if !reflect.DeepEqual(a, o) {
		t.Errorf("the two layouts differ:\nruns %+v\nrows %+v", a, o)
	}
}
