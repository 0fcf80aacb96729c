// Package storetest helps tests of crawl stores: it damages a store on
// purpose, for the checks that every reader refuses a corrupt one, and
// makes records shaped as a real site's, for the records benchmarks.
//
// Files:
//   - storetest.go: CorruptMiddle.
//   - records.go: DocsRecords, generated records shaped as the Python docs'.
package storetest

import (
	"database/sql"
	"os"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the driver the store uses
)

// CorruptMiddle compacts the SQLite file at path (so no page in it is
// free) and writes one page of garbage over the page in its middle.
func CorruptMiddle(t testing.TB, path string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	var pageSize int64
	if _, err := db.Exec("VACUUM"); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow("PRAGMA page_size").Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	db.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pages := fi.Size() / pageSize
	if pages < 8 {
		t.Fatalf("store has %d pages; too small to corrupt its middle", pages)
	}
	garbage := make([]byte, pageSize)
	for i := range garbage {
		garbage[i] = byte(i*7 + 13)
	}
	if _, err := f.WriteAt(garbage, pages/2*pageSize); err != nil {
		t.Fatal(err)
	}
}
