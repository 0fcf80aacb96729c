package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// Errors returned by Open.
var (
	// ErrNotDatabase is returned when the file exists but is not a SQLite database.
	ErrNotDatabase = errors.New("not a SQLite database")
	// ErrLocked is returned when another process has the database open.
	ErrLocked = errors.New("in use by another process")
	// ErrTooNew is returned when the schema is newer than this binary knows.
	ErrTooNew = errors.New("schema version newer than this program")
	// ErrNotFound is returned by lookups of a single row that does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrNotStore is returned for a file that is not a crawl store: another
	// program's SQLite database, or an empty file. It is never changed.
	ErrNotStore = errors.New("not a crawl store")
	// ErrCorrupt is returned when the store fails its integrity check.
	ErrCorrupt = errors.New("store is damaged")
)

// sqliteHeader is the first 16 bytes of every SQLite 3 database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// Store is one crawl's SQLite database. It is safe for concurrent use;
// writes are serialised through one connection, reads use a pool.
// Only one process may have a store open at a time (an exclusive lock on
// path+".lock").
type Store struct {
	path string
	w    *sql.DB // one connection, BEGIN IMMEDIATE: all writes
	r    *sql.DB // read-only pool
	lock *fileLock

	hot hotStmts // the writer's hot statements, prepared once (stmts.go)

	gz sync.Pool // *gzip.Writer
	// compressed gives the gzip of a page's HTML already made elsewhere
	// (UseCompressed); nil: none.
	compressed func(html []byte) []byte
}

// UseCompressed makes the store take a page's gzipped HTML from f before
// compressing it itself: a crawl that writes WARC deflates each body once
// for both (warc.BodySink). f returns nil when it has none, and must
// return only a gzip that inflates to html; it is called from several
// goroutines. Call it before the first save.
func (s *Store) UseCompressed(f func(html []byte) []byte) { s.compressed = f }

// Open opens the crawl store at path, creating it when missing and
// migrating an older schema to the current one. A store is recognised by
// its marker (ApplicationID and a format row); a store from before the
// marker is recognised by its tables, read-only, and then stamped. Open
// refuses, with an error naming the file and leaving it byte for byte
// untouched, anything else given as path (ErrNotDatabase, ErrNotStore), a
// store another process has open (ErrLocked) and a schema newer than this
// program (ErrTooNew). It checks an existing store's integrity (PRAGMA
// quick_check) before reading it and reports damage as ErrCorrupt.
func Open(ctx context.Context, path string) (*Store, error) {
	k, err := recognise(ctx, path)
	if err != nil {
		return nil, err
	}
	lock, err := lockFile(path + ".lock")
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("store: %s is %w", path, ErrLocked)
		}
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if k == kindMissing {
		if err := create(ctx, path); err != nil {
			lock.release()
			return nil, err
		}
	}
	s := &Store{path: path, lock: lock}
	if err := s.open(ctx, k); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) open(ctx context.Context, k kind) error {
	var err error
	s.w, err = sql.Open("sqlite3", dsn(s.path, "_txlock=immediate"))
	if err != nil {
		return fmt.Errorf("store: open %s: %w", s.path, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	s.w.SetConnMaxIdleTime(0)
	if k != kindMissing {
		if err := s.checkIntegrity(ctx); err != nil {
			return fmt.Errorf("store: %s: %w; restore it from a copy, or start over with -fresh", s.path, err)
		}
	}
	if k == kindStore {
		if err := s.checkFormat(ctx); err != nil {
			return fmt.Errorf("store: open %s: %w", s.path, err)
		}
	}
	if err := s.migrate(ctx); err != nil {
		return fmt.Errorf("store: open %s: %w", s.path, wrapNotDB(err))
	}
	if k == kindLegacy {
		if err := s.stamp(ctx); err != nil {
			return fmt.Errorf("store: open %s: %w", s.path, err)
		}
	}
	if err := s.hot.prepare(ctx, s.w); err != nil {
		return fmt.Errorf("store: open %s: %w", s.path, err)
	}
	s.r, err = sql.Open("sqlite3", dsn(s.path, "_query_only=1"))
	if err != nil {
		return fmt.Errorf("store: open %s: %w", s.path, err)
	}
	s.r.SetMaxOpenConns(4)
	s.r.SetMaxIdleConns(4)
	return nil
}

// Path returns the database file name.
func (s *Store) Path() string { return s.path }

// Close closes the database and releases the process lock.
func (s *Store) Close() error {
	var errs []error
	if s.r != nil {
		errs = append(errs, s.r.Close())
	}
	errs = append(errs, s.hot.close())
	if s.w != nil {
		// Fold the WAL back into the database so the file is self-contained.
		_, _ = s.w.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		errs = append(errs, s.w.Close())
	}
	if s.lock != nil {
		errs = append(errs, s.lock.release())
		s.lock = nil
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("store: close %s: %w", s.path, err)
	}
	return nil
}

// dsn builds a go-sqlite3 URI for path with the pragmas every connection needs.
func dsn(path, extra string) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + esc + "?_busy_timeout=10000&_synchronous=NORMAL&_foreign_keys=1&" + extra
}

// wrapNotDB turns SQLite's own "not a database" and "malformed" errors into
// ErrNotDatabase so callers can test for it.
func wrapNotDB(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if strings.Contains(msg, "file is not a database") || strings.Contains(msg, "malformed") {
		return fmt.Errorf("%w (%v)", ErrNotDatabase, err)
	}
	return err
}

// write runs fn in one immediate transaction on the writer connection.
func (s *Store) write(ctx context.Context, what string, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %s: begin: %w", what, err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %s: commit: %w", what, err)
	}
	return nil
}
