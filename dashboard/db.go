package dashboard

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// DB is a read-only view of a crawl store. It never takes the store's
// process lock and never writes, so it can watch a store another process
// (or this one, through store.Store) is writing: SQLite's WAL mode lets
// readers see each committed transaction without blocking the writer.
type DB struct {
	path  string
	db    *sql.DB
	pages *tally // status classes and harvest, read incrementally
}

// OpenDB opens the store at path read-only. The file must exist and be a
// crawl store (it has a pages table).
func OpenDB(ctx context.Context, path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("dashboard: open %s: %w", path, err)
	}
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	db, err := sql.Open("sqlite3", "file:"+esc+"?mode=ro&_query_only=1&_busy_timeout=5000")
	if err != nil {
		return nil, fmt.Errorf("dashboard: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4)
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('pages', 'frontier', 'clusters', 'records', 'page_records', 'topics', 'topic_words', 'failures', 'links')`).Scan(&n); err != nil {
		db.Close()
		return nil, fmt.Errorf("dashboard: open %s: %w", path, err)
	}
	if n != 8 {
		db.Close()
		return nil, fmt.Errorf("dashboard: open %s: not a crawl store (%d of its 8 tables)", path, n)
	}
	return &DB{path: path, db: db, pages: newTally()}, nil
}

// Close closes the connections.
func (d *DB) Close() error { return d.db.Close() }

// Path is the store file.
func (d *DB) Path() string { return d.path }
