package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/crawl-project/crawl"
)

// encodedResult is a batch result other than the clusters, encoded as JSON
// outside the transaction.
type encodedResult struct {
	name  string
	value []byte
}

// splitResults takes the ResultClusters result out of b.Results and
// encodes the others as JSON.
func splitResults(b *crawl.Batch) ([]ClusterRow, []encodedResult, error) {
	var clusters []ClusterRow
	var out []encodedResult
	for _, r := range b.Results {
		if r.Name == "" {
			return nil, nil, fmt.Errorf("store: save batch %d: a result has no name", b.Seq)
		}
		if r.Name == ResultClusters {
			rows, ok := r.Value.([]ClusterRow)
			if !ok {
				return nil, nil, fmt.Errorf("store: save batch %d: result %q is a %T, want []store.ClusterRow", b.Seq, r.Name, r.Value)
			}
			clusters = append(clusters, rows...)
			continue
		}
		v, err := json.Marshal(r.Value)
		if err != nil {
			return nil, nil, fmt.Errorf("store: save batch %d: result %q: %w", b.Seq, r.Name, err)
		}
		out = append(out, encodedResult{name: r.Name, value: v})
	}
	return clusters, out, nil
}

// saveResults stores the encoded results of batch seq, replacing what a
// replay of the batch stored before.
func saveResults(ctx context.Context, tx *sql.Tx, seq int64, results []encodedResult) error {
	for _, r := range results {
		_, err := tx.ExecContext(ctx, `INSERT INTO batch_results(batch, name, value) VALUES(?,?,?)
			ON CONFLICT(batch, name) DO UPDATE SET value = excluded.value`, seq, r.name, string(r.value))
		if err != nil {
			return fmt.Errorf("result %q: %w", r.name, err)
		}
	}
	return nil
}

// BatchResult is one stored batch result: its batch, its name and its value
// as the JSON it was stored as.
type BatchResult struct {
	Batch int64
	Name  string
	Value json.RawMessage
}

// BatchResults calls fn for every stored batch result other than the
// clusters (which Clusters reads), in batch order, then by name.
func (s *Store) BatchResults(ctx context.Context, fn func(BatchResult) error) error {
	rows, err := s.r.QueryContext(ctx, `SELECT batch, name, value FROM batch_results ORDER BY batch, name`)
	if err != nil {
		return fmt.Errorf("store: batch results: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r BatchResult
		var v string
		if err := rows.Scan(&r.Batch, &r.Name, &v); err != nil {
			return fmt.Errorf("store: batch results: %w", err)
		}
		r.Value = json.RawMessage(v)
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: batch results: %w", err)
	}
	return nil
}
