package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/crawl-project/crawl"
)

// RecordsReader reads a store's records through any connection to its
// file, a read-only one included: the reading half of the Store's record
// exports, for a reader that does not open the store (the dashboard
// watches a store another process writes, never taking its lock). The
// store must keep its records' kinds (schema 10 on: RecordKindsKept);
// package export writes its records tables from a Store or a
// RecordsReader alike.
type RecordsReader struct {
	db *sql.DB
}

// NewRecordsReader reads the records of the store db is connected to.
func NewRecordsReader(db *sql.DB) *RecordsReader { return &RecordsReader{db: db} }

// RecordKindsKept reports whether the store db is connected to keeps its
// records with their kinds (schema 10 on), which a RecordsReader needs.
// A store of an earlier schema is migrated when a crawl opens it.
func RecordKindsKept(ctx context.Context, db *sql.DB) (bool, error) {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return false, fmt.Errorf("store: schema version: %w", err)
	}
	return v >= stepRecordKinds, nil
}

// runKeysColumns selects a run's keys and their page (table aliases r and
// p); the records' queries add r.data.
const runKeysColumns = `SELECT r.page_seq, p.url, r.cluster, r.kind, r.n, r.names, r.keys
		FROM page_records r JOIN pages p ON p.seq = r.page_seq`

// ExportRecordKeys is Store.ExportRecordKeys.
func (r *RecordsReader) ExportRecordKeys(ctx context.Context, fn func(RunKeys) error) error {
	return r.exportKeys(ctx, runKeysColumns+` ORDER BY r.page_seq, r.first`, fn)
}

// ExportClusterRecordKeys is Store.ExportClusterRecordKeys.
func (r *RecordsReader) ExportClusterRecordKeys(ctx context.Context, cluster int64, fn func(RunKeys) error) error {
	return r.exportKeys(ctx, runKeysColumns+` WHERE r.cluster = ? ORDER BY r.page_seq, r.first`, fn, cluster)
}

func (r *RecordsReader) exportKeys(ctx context.Context, query string, fn func(RunKeys) error, args ...any) error {
	rows, err := r.db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: export record keys: %w", err)
	}
	defer rows.Close()
	dec := newRunDecoder()
	for rows.Next() {
		var rk RunKeys
		var names, keys sql.RawBytes
		if err := rows.Scan(&rk.PageSeq, &rk.PageURL, &rk.Cluster, &rk.Kind, &rk.Records, &names, &keys); err != nil {
			return fmt.Errorf("store: export record keys: %w", err)
		}
		if rk.Counts, err = dec.decodeEntries(names, keys); err != nil {
			return fmt.Errorf("store: export record keys: records of page %d: %w: %w", rk.PageSeq, ErrCorrupt, err)
		}
		if err := fn(rk); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export record keys: %w", err)
	}
	return nil
}

// ExportKindsRecordsNamed is Store.ExportKindsRecordsNamed.
func (r *RecordsReader) ExportKindsRecordsNamed(ctx context.Context, cluster int64, kinds []string, name FieldNamer, fn func(RecordRow) error) error {
	if len(kinds) == 0 {
		return nil
	}
	args := []any{cluster}
	for _, k := range kinds {
		args = append(args, k)
	}
	return r.exportRecords(ctx, `SELECT r.page_seq, p.url, r.cluster, r.kind, r.n, r.names, r.data, r.keys
		FROM page_records r JOIN pages p ON p.seq = r.page_seq WHERE r.cluster = ? AND r.kind IN (?`+
		strings.Repeat(",?", len(kinds)-1)+`) ORDER BY r.page_seq, r.first`, name, fn, args...)
}

func (r *RecordsReader) exportRecords(ctx context.Context, query string, name FieldNamer, fn func(RecordRow) error, args ...any) error {
	return r.exportRecordsView(ctx, query, name, fn, false, args...)
}

// exportRecordsView is exportRecords; with view, the records' fields and
// values are the decoder's, valid until fn returns (decode's view).
func (r *RecordsReader) exportRecordsView(ctx context.Context, query string, name FieldNamer, fn func(RecordRow) error, view bool, args ...any) error {
	rows, err := r.db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: export records: %w", err)
	}
	defer rows.Close()
	dec := newRunDecoder()
	dec.view = view
	for rows.Next() {
		var seq, cluster int64
		var url, kind string
		var n int
		var names, data, keys sql.RawBytes
		if err := rows.Scan(&seq, &url, &cluster, &kind, &n, &names, &data, &keys); err != nil {
			return fmt.Errorf("store: export records: %w", err)
		}
		dec.name, dec.seq, dec.cluster, dec.kind = name, seq, cluster, kind
		err := dec.decode(names, keys, data, n, func(idx int, fields []crawl.Field) error {
			return fn(RecordRow{PageSeq: seq, PageURL: url, Cluster: cluster, Kind: kind, Index: idx, Fields: fields})
		})
		var bad *runError
		if errors.As(err, &bad) {
			return fmt.Errorf("store: export records: records of page %d: %w: %w", seq, ErrCorrupt, bad.err)
		}
		if err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export records: %w", err)
	}
	return nil
}
