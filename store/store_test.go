package store_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"github.com/crawl-project/crawl/store"
)

func open(t testing.TB, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestOpenCreatesAndReopens(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crawl.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetMeta(ctx, "config_hash", "abc"); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock file left after Close: %v", err)
	}
	st = open(t, path)
	v, ok, err := st.Meta(ctx, "config_hash")
	if err != nil || !ok || v != "abc" {
		t.Errorf("Meta(config_hash) = %q, %v, %v; want abc, true, nil", v, ok, err)
	}
	if _, ok, _ := st.Meta(ctx, "missing"); ok {
		t.Errorf("Meta(missing) reported ok")
	}
}

func TestOpenRejectsNonDatabase(t *testing.T) {
	cases := map[string][]byte{
		"random": randomBytes(t, 8192),
		"text":   []byte("this is a text file, not a database\n"),
		"short":  []byte("SQLite"),
		// A valid header followed by garbage: SQLite itself must refuse it.
		"garbage-after-header": append([]byte("SQLite format 3\x00"), randomBytes(t, 4096)...),
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.db")
			if err := os.WriteFile(path, content, 0o644); err != nil {
				t.Fatal(err)
			}
			st, err := store.Open(context.Background(), path)
			if err == nil {
				st.Close()
				t.Fatalf("Open(%s) succeeded on %s content", path, name)
			}
			if !(errors.Is(err, store.ErrNotDatabase) || errors.Is(err, store.ErrNotStore)) || !strings.Contains(err.Error(), path) {
				t.Errorf("Open error = %v; want ErrNotDatabase or ErrNotStore naming %s", err, path)
			}
			got, _ := os.ReadFile(path)
			if !bytes.Equal(got, content) {
				t.Errorf("file changed by failed Open")
			}
			if _, err := os.Stat(path + "-wal"); err == nil {
				t.Errorf("failed Open left a -wal file")
			}
		})
	}
}

func TestOpenDirectory(t *testing.T) {
	dir := t.TempDir()
	if _, err := store.Open(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("Open(dir) = %v; want a directory error", err)
	}
}

func TestOpenLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.db")
	open(t, path)
	st, err := store.Open(context.Background(), path)
	if err == nil {
		st.Close()
		t.Fatal("second Open succeeded while the first is open")
	}
	if !errors.Is(err, store.ErrLocked) || !strings.Contains(err.Error(), path) ||
		!strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("second Open error = %v; want ErrLocked naming %s", err, path)
	}
}

func TestOpenTooNew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.db")
	if err := open(t, path).Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 999"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, _ := os.ReadFile(path)
	st, err := store.Open(context.Background(), path)
	if err == nil {
		st.Close()
		t.Fatal("Open of a version 999 database succeeded")
	}
	if !errors.Is(err, store.ErrTooNew) || !strings.Contains(err.Error(), "999") {
		t.Errorf("Open error = %v; want ErrTooNew naming version 999", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Errorf("failed Open changed the file")
	}
}

// TestMigrateFromV1 builds a version 1 database from the frozen v1 schema in
// testdata (as the first release wrote it), then lets Open migrate it.
func TestMigrateFromV1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	schema, err := os.ReadFile("testdata/v1.sql")
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(string(schema)); err != nil {
		t.Fatalf("build v1: %v", err)
	}
	db.Close()

	st := open(t, path)
	c, err := st.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c.Pages != 1 || c.Queued != 1 || c.Frontier != 2 || c.Clusters != 0 {
		t.Errorf("counts after migration = %+v; want 1 page, 1 queued of 2 frontier rows, 0 clusters", c)
	}
	p, err := st.PageBySeq(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.URL != "http://a.test/" || p.Title != "A" {
		t.Errorf("v1 page = %q %q; want http://a.test/ A", p.URL, p.Title)
	}
	// The v2 tables work on the migrated database.
	if err := st.SaveTopics(ctx, map[int64]int64{1: 7}, map[int64][]string{7: {"sport"}}); err != nil {
		t.Fatalf("SaveTopics on migrated db: %v", err)
	}
	var v int
	raw, _ := sql.Open("sqlite3", path)
	defer raw.Close()
	if err := raw.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != store.SchemaVersion() {
		t.Errorf("user_version = %d, %v; want %d", v, err, store.SchemaVersion())
	}
}

func randomBytes(t *testing.T, n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}

func filepathSize(path string) (int64, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
