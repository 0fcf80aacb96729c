package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/crawl-project/crawl"
)

// SaveFingerprints stores fingerprints, each URL once (a repeat is ignored).
func (s *Store) SaveFingerprints(ctx context.Context, fps []crawl.Fingerprint) error {
	if len(fps) == 0 {
		return nil
	}
	return s.write(ctx, "save fingerprints", func(tx *sql.Tx) error {
		ins, err := s.hot.get(ctx, tx, stmtInsertFingerprint)
		if err != nil {
			return err
		}
		defer ins.Close()
		for _, f := range fps {
			var sh, title any
			if f.HasSimHash {
				sh = int64(f.SimHash)
			}
			if f.Title != 0 {
				title = int64(f.Title)
			}
			if _, err := ins.ExecContext(ctx, f.URL, int64(f.Body), sh, title); err != nil {
				return fmt.Errorf("fingerprint of %s: %w", f.URL, err)
			}
		}
		return nil
	})
}

// Fingerprints calls fn with every stored fingerprint in the order saved.
func (s *Store) Fingerprints(ctx context.Context, fn func(crawl.Fingerprint) error) error {
	rows, err := s.r.QueryContext(ctx, `SELECT url, body, simhash, title FROM fingerprints ORDER BY seq`)
	if err != nil {
		return fmt.Errorf("store: fingerprints: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var f crawl.Fingerprint
		var body int64
		var sh, title sql.NullInt64
		if err := rows.Scan(&f.URL, &body, &sh, &title); err != nil {
			return fmt.Errorf("store: fingerprints: %w", err)
		}
		f.Body, f.SimHash, f.HasSimHash, f.Title = uint64(body), uint64(sh.Int64), sh.Valid, uint64(title.Int64)
		if err := fn(f); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: fingerprints: %w", err)
	}
	return nil
}
