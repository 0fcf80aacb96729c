package store

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// storeAtVersion creates a store at path as schema version v left it (the
// migrations up to v, stamped as ours), for the migration tests: the
// caller writes its rows the way that version did, closes db, then opens
// the store with Open to migrate it.
func storeAtVersion(t *testing.T, path string, v int) *sql.DB {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite3", dsn(path, "_txlock=immediate"))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	for i := range v {
		if _, err := db.ExecContext(ctx, migrations[i]); err != nil {
			db.Close()
			t.Fatalf("migration %d: %v", i+1, err)
		}
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
		db.Close()
		t.Fatal(err)
	}
	if err := (&Store{path: path, w: db}).stamp(ctx); err != nil {
		db.Close()
		t.Fatal(err)
	}
	return db
}
