package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
)

// MovePages applies a re-clustering of stored pages in one transaction:
// each page in moves (sequence number → cluster) and its records go to the
// new cluster, then the clusters in removed are deleted with their
// fingerprints. A removed cluster that still has pages afterwards is an
// error (nothing is changed). The new clusters' rows are stored with the
// next batch (SaveBatch).
func (s *Store) MovePages(ctx context.Context, moves map[int64]int64, removed []int64) error {
	if len(moves) == 0 && len(removed) == 0 {
		return nil
	}
	return s.write(ctx, "move pages", func(tx *sql.Tx) error {
		var stmts [2]*sql.Stmt // prepared once for every move
		for i, q := range []string{"UPDATE pages SET cluster = ? WHERE seq = ?", "UPDATE page_records SET cluster = ? WHERE page_seq = ?"} {
			st, err := tx.PrepareContext(ctx, q)
			if err != nil {
				return err
			}
			defer st.Close()
			stmts[i] = st
		}
		for _, seq := range slices.Sorted(maps.Keys(moves)) {
			id := moves[seq]
			if id <= 0 {
				return fmt.Errorf("page %d: cluster %d: want > 0", seq, id)
			}
			for _, st := range stmts {
				if _, err := st.ExecContext(ctx, id, seq); err != nil {
					return fmt.Errorf("page %d to cluster %d: %w", seq, id, err)
				}
			}
		}
		for _, id := range removed {
			var n int
			if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM pages WHERE cluster = ?", id).Scan(&n); err != nil {
				return fmt.Errorf("cluster %d: %w", id, err)
			}
			if n > 0 {
				return fmt.Errorf("cluster %d: removed but %d pages are still in it", id, n)
			}
			if _, err := tx.ExecContext(ctx, "DELETE FROM clusters WHERE id = ?", id); err != nil {
				return fmt.Errorf("delete cluster %d: %w", id, err)
			}
		}
		return nil
	})
}
