package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ApplicationID is the SQLite application id (PRAGMA application_id, bytes
// 68–71 of the file header) of every crawl store: "Craw" in ASCII. A file
// without it is not ours (or a store from before the marker, recognised by
// its tables and stamped when opened).
const ApplicationID = 0x43726177

// FormatVersion is the store format the meta row "store_format" names.
// Schema migrations do not change it; a new layout that older programs must
// not read would.
const FormatVersion = 1

const formatKey = "store_format"

// legacyTables are the tables every store made before the marker has
// (schema version 1 and later).
var legacyTables = []string{"meta", "pages", "links", "failures", "frontier", "batches"}

// kind is what recognise found at a path.
type kind int

const (
	kindMissing kind = iota // no file: a new store may be created
	kindStore               // a marked crawl store
	kindLegacy              // a crawl store from before the marker: stamp it
)

// recognise tells whether path is a crawl store without changing anything:
// it reads the file header, and only for an unmarked SQLite file opens it
// read-only (immutable unless the file has a WAL beside it, so no -wal or
// -shm file is created) to look for the crawl tables. Anything else — a
// text file, an empty file, another program's database — is refused with
// ErrNotDatabase or ErrNotStore.
func recognise(ctx context.Context, path string) (kind, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return kindMissing, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: open %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("store: open %s: %w", path, err)
	}
	if st.IsDir() {
		return 0, fmt.Errorf("store: open %s: is a directory", path)
	}
	if st.Size() == 0 {
		return 0, fmt.Errorf("store: %s is an empty file, %w; refusing to touch it (remove it, or name another -db)", path, ErrNotStore)
	}
	head := make([]byte, 100)
	if _, err := io.ReadFull(f, head); err != nil || string(head[:len(sqliteHeader)]) != string(sqliteHeader) {
		return 0, fmt.Errorf("store: %s: %w, so not a crawl store; refusing to touch it", path, ErrNotDatabase)
	}
	switch id := binary.BigEndian.Uint32(head[68:72]); id {
	case ApplicationID:
		return kindStore, nil
	case 0:
	default:
		return 0, fmt.Errorf("store: %s is another program's SQLite database (application id %#x), %w; refusing to touch it", path, id, ErrNotStore)
	}
	return recogniseUnmarked(ctx, path)
}

// Check reports, without changing anything or taking the lock, whether
// path could be opened as a crawl store: nil for a missing file or a crawl
// store (marked, or from before the marker), otherwise the error Open
// would refuse it with. It does not check integrity (Open does).
func Check(ctx context.Context, path string) error {
	_, err := recognise(ctx, path)
	return err
}

// recogniseUnmarked looks inside an SQLite file with application id 0.
func recogniseUnmarked(ctx context.Context, path string) (kind, error) {
	db, err := sql.Open("sqlite3", readOnlyDSN(path))
	if err != nil {
		return 0, fmt.Errorf("store: open %s: %w", path, err)
	}
	defer db.Close()
	var id, version int64
	if err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil {
		return 0, fmt.Errorf("store: %s: %w", path, wrapNotDB(err))
	}
	if id == ApplicationID { // stamped, the header still in the WAL
		return kindStore, nil
	}
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return 0, fmt.Errorf("store: %s: %w", path, wrapNotDB(err))
	}
	rows, err := db.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'table'")
	if err != nil {
		return 0, fmt.Errorf("store: %s: %w", path, wrapNotDB(err))
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return 0, fmt.Errorf("store: %s: %w", path, err)
		}
		have[name] = true
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: %s: %w", path, wrapNotDB(err))
	}
	var missing []string
	for _, t := range legacyTables {
		if !have[t] {
			missing = append(missing, t)
		}
	}
	if version < 1 || len(missing) > 0 {
		return 0, fmt.Errorf("store: %s is a SQLite database without the crawl store marker (schema version %d, %d tables, no %s), %w; refusing to touch it",
			path, version, len(have), strings.Join(missing, ", "), ErrNotStore)
	}
	return kindLegacy, nil
}

// readOnlyDSN opens path without writing anything: immutable (no locks, no
// -wal or -shm created) unless a WAL with its index is there already, whose
// committed pages must be read too.
func readOnlyDSN(path string) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	_, errW := os.Stat(path + "-wal")
	_, errS := os.Stat(path + "-shm")
	if errW == nil && errS == nil {
		return "file:" + esc + "?mode=ro"
	}
	return "file:" + esc + "?mode=ro&immutable=1"
}

// stamp writes the marker: the application id and the format row.
func (s *Store) stamp(ctx context.Context) error {
	return s.write(ctx, "stamp", func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES(?, ?)
			ON CONFLICT(key) DO UPDATE SET value = excluded.value`, formatKey, fmt.Sprint(FormatVersion))
		return err
	})
}

// checkFormat reads the format row of a marked store.
func (s *Store) checkFormat(ctx context.Context) error {
	var v int
	err := s.w.QueryRowContext(ctx, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?", formatKey).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%w: the crawl marker is there but the %s row is missing", ErrCorrupt, formatKey)
	case err != nil:
		return fmt.Errorf("read store format: %w", err)
	case v > FormatVersion:
		return fmt.Errorf("%w: store format %d, this program knows up to %d", ErrTooNew, v, FormatVersion)
	}
	return nil
}

// checkIntegrity runs PRAGMA quick_check: every b-tree page, cell and
// overflow chain, without the index-content cross-check of
// integrity_check (measured on a 600-page store: see the README).
func (s *Store) checkIntegrity(ctx context.Context) error {
	rows, err := s.w.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	defer rows.Close()
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return fmt.Errorf("%w (%v)", ErrCorrupt, err)
		}
		if m != "ok" {
			msgs = append(msgs, m)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	if len(msgs) > 0 {
		return fmt.Errorf("%w: %s", ErrCorrupt, strings.Join(msgs, "; "))
	}
	return nil
}

// create makes a new marked store at path: built in a temporary file beside
// it and linked into place only when complete, so a run killed while
// creating leaves no half-made file at path (and never replaces one that
// appeared meanwhile).
func create(ctx context.Context, path string) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := createTemp(filepath.Join(dir, "."+base+".creating-"))
	if err != nil {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	defer func() {
		for _, p := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
			os.Remove(p)
		}
	}()
	t := &Store{path: tmp}
	if t.w, err = sql.Open("sqlite3", dsn(tmp, "_txlock=immediate")); err != nil {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	t.w.SetMaxOpenConns(1)
	err = t.migrate(ctx)
	if err == nil {
		err = t.stamp(ctx)
	}
	if err == nil {
		_, err = t.w.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	if cerr := t.w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	return nil
}

// createTemp creates a new empty file named prefix plus a random suffix
// with mode 0666 less the umask (the mode SQLite gives a file it creates;
// os.CreateTemp would make the store 0600) and returns its name.
func createTemp(prefix string) (string, error) {
	for range 100 {
		name := prefix + strconv.FormatUint(rand.Uint64(), 36)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return name, f.Close()
	}
	return "", fmt.Errorf("create %s*: too many name clashes", prefix)
}

// Remove deletes the crawl store at path with its -wal and -shm files (for
// -fresh). A missing file is not an error. Anything that is not a crawl
// store is refused and left untouched, as is a store another process has
// open.
func Remove(ctx context.Context, path string) error {
	k, err := recognise(ctx, path)
	if err != nil {
		return err
	}
	if k == kindMissing {
		return nil
	}
	lock, err := lockFile(path + ".lock")
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return fmt.Errorf("store: %s is %w", path, ErrLocked)
		}
		return fmt.Errorf("store: remove %s: %w", path, err)
	}
	var errs []error
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("store: remove %w", err))
		}
	}
	return errors.Join(append(errs, lock.release())...)
}
