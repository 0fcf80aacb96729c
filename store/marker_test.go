package store_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/store/storetest"
)

// foreignFiles writes, in dir, the files a user might give as -db by
// mistake and returns their paths by name.
func foreignFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths := map[string]string{}
	sqlite := func(name, pragmas, schema string) {
		p := filepath.Join(dir, name)
		db, err := sql.Open("sqlite3", "file:"+p+pragmas)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(schema); err != nil {
			t.Fatal(err)
		}
		db.Close()
		paths[name] = p
	}
	sqlite("app.db", "", "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users(name) VALUES('ann')")
	sqlite("wal-app.db", "?_journal_mode=WAL", "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES('x')")
	sqlite("empty.sqlite", "", "PRAGMA user_version = 0; VACUUM")
	sqlite("other-app-id.db", "", "PRAGMA application_id = 1234; CREATE TABLE meta(key, value)")
	// A database with some of our table names, but not a crawl store.
	sqlite("lookalike.db", "", "CREATE TABLE pages(seq, url); CREATE TABLE links(a); PRAGMA user_version = 2")
	for name, content := range map[string]string{
		"notes.txt": "shopping list\nmilk\n",
		"empty":     "",
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = p
	}
	return paths
}

func sum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestForeignFilesRefused gives Open and Remove files that are not crawl
// stores: both refuse every one, and leave the files byte for byte as they
// were, with no file added beside them.
func TestForeignFilesRefused(t *testing.T) {
	dir := t.TempDir()
	files := foreignFiles(t, dir)
	before := map[string][32]byte{}
	for name, p := range files {
		before[name] = sum(t, p)
	}
	names := dirNames(t, dir)
	for name, p := range files {
		t.Run(name, func(t *testing.T) {
			st, err := store.Open(context.Background(), p)
			if err == nil {
				st.Close()
				t.Fatalf("Open(%s) succeeded", name)
			}
			if !errors.Is(err, store.ErrNotStore) && !errors.Is(err, store.ErrNotDatabase) || !strings.Contains(err.Error(), p) {
				t.Errorf("Open(%s) = %v; want ErrNotStore or ErrNotDatabase naming the file", name, err)
			}
			if err := store.Remove(context.Background(), p); err == nil {
				t.Errorf("Remove(%s) succeeded", name)
			} else if !strings.Contains(err.Error(), "refusing") {
				t.Errorf("Remove(%s) = %v; want a refusal", name, err)
			}
			if got := sum(t, p); got != before[name] {
				t.Errorf("%s changed: sha256 %x, was %x", name, got, before[name])
			}
		})
	}
	if after := dirNames(t, dir); !slices.Equal(after, names) {
		t.Errorf("files in dir after the refusals = %v; want %v", after, names)
	}
}

func appID(t *testing.T, path string) uint32 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 72 {
		t.Fatalf("read %s: %v (%d bytes)", path, err, len(b))
	}
	return binary.BigEndian.Uint32(b[68:72])
}

func TestNewStoreIsMarked(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "crawl.db")
	st := open(t, path)
	v, ok, err := st.Meta(ctx, "store_format")
	if err != nil || !ok || v != "1" {
		t.Errorf("Meta(store_format) = %q, %v, %v; want 1", v, ok, err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if id := appID(t, path); id != store.ApplicationID {
		t.Errorf("application id = %#x, want %#x", id, store.ApplicationID)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"crawl.db"}) {
		t.Errorf("files after create and close = %v; want only crawl.db", names)
	}
}

// TestLegacyStoreStamped opens a store made before the marker (the v1
// schema, application id 0): it opens, keeps its rows and is stamped.
func TestLegacyStoreStamped(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	schema, err := os.ReadFile("testdata/v1.sql")
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(string(schema)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if id := appID(t, path); id != 0 {
		t.Fatalf("legacy store has application id %#x", id)
	}
	st := open(t, path)
	if c, err := st.Counts(ctx); err != nil || c.Pages != 1 {
		t.Errorf("Counts = %+v, %v; want the 1 legacy page", c, err)
	}
	st.Close()
	if id := appID(t, path); id != store.ApplicationID {
		t.Errorf("application id after opening a legacy store = %#x, want %#x", id, store.ApplicationID)
	}
}

func TestRemove(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "crawl.db")
	st := open(t, path)
	if err := store.Remove(ctx, path); !errors.Is(err, store.ErrLocked) {
		t.Errorf("Remove of an open store = %v; want ErrLocked", err)
	}
	st.Close()
	if err := store.Remove(ctx, path); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("files left after Remove: %v", names)
	}
	if err := store.Remove(ctx, path); err != nil {
		t.Errorf("Remove of a missing store = %v; want nil", err)
	}
}

// TestCorruptStoreRefused overwrites one page in the middle of a store with
// garbage: Open must fail with ErrCorrupt, not serve rows from it.
func TestCorruptStoreRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crawl.db")
	st := open(t, path)
	var pages []*crawl.Page
	for i := range 300 {
		pages = append(pages, &crawl.Page{
			URL: "http://a.test/" + strings.Repeat("p", i%50) + string(rune('a'+i%26)) + "/" + string(rune('0'+i%10)) + "/" + itoa(i),
			Seq: int64(i + 1), Status: 200, HTML: []byte(strings.Repeat("<p>some text of the page</p>", 20+i%30)), Title: "page " + itoa(i),
		})
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()
	storetest.CorruptMiddle(t, path)
	st, err := store.Open(ctx, path)
	if err == nil {
		st.Close()
		t.Fatal("Open of a store with a garbage page succeeded")
	}
	if !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("Open = %v; want ErrCorrupt", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
