package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// TestPragmas checks that both connection pools run with the settings the
// package promises.
func TestPragmas(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	want := map[string]string{"journal_mode": "wal", "synchronous": "1", "foreign_keys": "1", "busy_timeout": "10000"}
	for name, db := range map[string]*sql.DB{"writer": st.w, "reader": st.r} {
		for pragma, w := range want {
			var got string
			if err := db.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != w {
				t.Errorf("%s: PRAGMA %s = %s, want %s", name, pragma, got, w)
			}
		}
	}
	var qo string
	st.r.QueryRowContext(ctx, "PRAGMA query_only").Scan(&qo)
	if qo != "1" {
		t.Errorf("reader pool is not query_only")
	}
}
