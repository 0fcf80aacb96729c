package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/crawl-project/crawl"
)

// Fingerprints is the number of LSH fingerprint positions of a cluster.
const Fingerprints = 32

// ClusterRow is one structural cluster as persisted: its size, its centre
// (opaque bytes the clustering package encodes) and its LSH fingerprints,
// which form an inverted index on (pos, fp).
type ClusterRow struct {
	ID           int64
	Size         int
	Centre       []byte
	Fingerprints [Fingerprints]uint16
	// MergedInto, when non-zero, says cluster ID was merged into cluster
	// MergedInto: SaveBatch deletes ID with its fingerprints and re-points
	// its pages and records to MergedInto. Size, Centre and Fingerprints
	// are then ignored.
	MergedInto int64
	Updated    time.Time // set by Clusters; SaveBatch stamps the time of the batch
}

// ResultClusters names the batch result (crawl.Result) that carries the
// changed template clusters; its value is a []ClusterRow, which SaveBatch
// keeps in the cluster tables (the candidate index of ClusterCandidates).
const ResultClusters = "clusters"

// SetClusters sets rows as b's ResultClusters result (replacing one set
// before) and returns b.
func SetClusters(b *crawl.Batch, rows []ClusterRow) *crawl.Batch {
	b.AddResult(ResultClusters, rows)
	return b
}

// SaveBatch stores what the batch hooks produced, in one transaction: the
// hook-owned fields of b.Pages (label, score, relevance, relevant, cluster,
// topic, by seq), b.Records (replacing the stored records of each page they
// belong to; a record's page is found by URL or final URL), b.Results (the
// ResultClusters result upserted into the cluster tables, fingerprints
// replaced, merged clusters deleted and re-pointed; any other result kept
// as JSON under its batch and name, see BatchResults), it marks the pages
// as processed by batch b.Seq and records the batch. A replay of the same
// batch stores nothing twice.
func (s *Store) SaveBatch(ctx context.Context, b *crawl.Batch) error {
	if b == nil || b.Seq <= 0 {
		return fmt.Errorf("store: save batch: batch needs a positive Seq")
	}
	clusters, results, err := splitResults(b)
	if err != nil {
		return err
	}
	notes := make([]string, len(b.Pages))
	for i, p := range b.Pages {
		if notes[i], err = encodeAnnotations(p.Annotations); err != nil {
			return fmt.Errorf("store: save batch %d: page %s: %w", b.Seq, p.URL, err)
		}
	}
	now := formatTime(time.Now())
	return s.write(ctx, fmt.Sprintf("save batch %d", b.Seq), func(tx *sql.Tx) error {
		if err := updateBatchPages(ctx, tx, b, notes); err != nil {
			return err
		}
		if err := insertRecords(ctx, tx, b); err != nil {
			return err
		}
		if err := saveClusters(ctx, tx, clusters, now); err != nil {
			return err
		}
		if err := saveResults(ctx, tx, b.Seq, results); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO batches(seq, pages, done_at) VALUES(?,?,?)
			ON CONFLICT(seq) DO UPDATE SET pages = excluded.pages, done_at = excluded.done_at`,
			b.Seq, len(b.Pages), now)
		return err
	})
}

func updateBatchPages(ctx context.Context, tx *sql.Tx, b *crawl.Batch, notes []string) error {
	up, err := tx.PrepareContext(ctx, `UPDATE pages SET label = ?, score = ?, relevance = ?, relevant = ?,
		cluster = ?, topic = ?, annotations = ?, batch = ? WHERE seq = ?`)
	if err != nil {
		return err
	}
	defer up.Close()
	for i, p := range b.Pages {
		res, err := up.ExecContext(ctx, p.Label, p.Score, p.Relevance, p.Relevant, p.Cluster, p.Topic, notes[i], b.Seq, p.Seq)
		if err != nil {
			return fmt.Errorf("update page %d: %w", p.Seq, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("update page %d (%s): %w", p.Seq, p.URL, ErrNotFound)
		}
	}
	return nil
}

func saveClusters(ctx context.Context, tx *sql.Tx, clusters []ClusterRow, now string) error {
	if len(clusters) == 0 {
		return nil
	}
	fpStmt, err := tx.PrepareContext(ctx, `INSERT INTO cluster_fingerprints(cluster, pos, fp) VALUES(?,?,?)
		ON CONFLICT(cluster, pos) DO UPDATE SET fp = excluded.fp`)
	if err != nil {
		return err
	}
	defer fpStmt.Close()
	for _, c := range clusters {
		if c.ID == 0 {
			return fmt.Errorf("cluster with id 0")
		}
		if c.MergedInto != 0 {
			if err := mergeCluster(ctx, tx, c.ID, c.MergedInto); err != nil {
				return err
			}
			continue
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO clusters(id, size, centre, updated) VALUES(?,?,?,?)
			ON CONFLICT(id) DO UPDATE SET size = excluded.size, centre = excluded.centre, updated = excluded.updated`,
			c.ID, c.Size, c.Centre, now)
		if err != nil {
			return fmt.Errorf("upsert cluster %d: %w", c.ID, err)
		}
		for pos, fp := range c.Fingerprints {
			if _, err := fpStmt.ExecContext(ctx, c.ID, pos, fp); err != nil {
				return fmt.Errorf("fingerprint %d of cluster %d: %w", pos, c.ID, err)
			}
		}
	}
	return nil
}

func mergeCluster(ctx context.Context, tx *sql.Tx, from, into int64) error {
	for _, q := range []string{
		"UPDATE pages SET cluster = ? WHERE cluster = ?",
		"UPDATE page_records SET cluster = ? WHERE cluster = ?",
	} {
		if _, err := tx.ExecContext(ctx, q, into, from); err != nil {
			return fmt.Errorf("merge cluster %d into %d: %w", from, into, err)
		}
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM clusters WHERE id = ?", from); err != nil {
		return fmt.Errorf("delete cluster %d: %w", from, err)
	}
	return nil
}

// Clusters returns every stored cluster with its fingerprints, by id.
func (s *Store) Clusters(ctx context.Context) ([]ClusterRow, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT id, size, centre, updated FROM clusters ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("store: clusters: %w", err)
	}
	var out []ClusterRow
	idx := map[int64]int{}
	for rows.Next() {
		var c ClusterRow
		var updated string
		if err := rows.Scan(&c.ID, &c.Size, &c.Centre, &updated); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: clusters: %w", err)
		}
		c.Updated = parseTime(updated)
		idx[c.ID] = len(out)
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: clusters: %w", err)
	}
	fps, err := s.r.QueryContext(ctx, "SELECT cluster, pos, fp FROM cluster_fingerprints")
	if err != nil {
		return nil, fmt.Errorf("store: cluster fingerprints: %w", err)
	}
	defer fps.Close()
	for fps.Next() {
		var id int64
		var pos int
		var fp uint16
		if err := fps.Scan(&id, &pos, &fp); err != nil {
			return nil, fmt.Errorf("store: cluster fingerprints: %w", err)
		}
		if i, ok := idx[id]; ok && pos >= 0 && pos < Fingerprints {
			out[i].Fingerprints[pos] = fp
		}
	}
	return out, fps.Err()
}

// ClusterCandidates returns the ids of the clusters sharing at least one
// fingerprint (same position, same value) with fps: the LSH candidates of a
// new centre, through the persisted inverted index.
func (s *Store) ClusterCandidates(ctx context.Context, fps [Fingerprints]uint16) ([]int64, error) {
	q := "SELECT DISTINCT cluster FROM cluster_fingerprints WHERE "
	args := make([]any, 0, 2*Fingerprints)
	for pos, fp := range fps {
		if pos > 0 {
			q += " OR "
		}
		q += "(pos = ? AND fp = ?)"
		args = append(args, pos, fp)
	}
	rows, err := s.r.QueryContext(ctx, q+" ORDER BY cluster", args...)
	if err != nil {
		return nil, fmt.Errorf("store: cluster candidates: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: cluster candidates: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// SaveTopics stores fuzzy topics in one transaction: topics maps a page seq
// to its topic id (also written to pages.topic), words maps a topic id to
// its top words. Earlier topic assignments are replaced.
//
// A page row holds its gzipped HTML, and SQLite rewrites a changed row
// whole (unless it keeps its size): only pages whose topic changes are
// updated, in seq order, with statements prepared once for the call.
func (s *Store) SaveTopics(ctx context.Context, topics map[int64]int64, words map[int64][]string) error {
	seqs := make([]int64, 0, len(topics))
	for seq := range topics {
		seqs = append(seqs, seq)
	}
	slices.Sort(seqs)
	return s.write(ctx, "save topics", func(tx *sql.Tx) error {
		for _, q := range []string{"DELETE FROM topics", "DELETE FROM topic_words"} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		ins, err := tx.PrepareContext(ctx, "INSERT INTO topics(page_seq, topic) VALUES(?,?)")
		if err != nil {
			return err
		}
		defer ins.Close()
		up, err := tx.PrepareContext(ctx, "UPDATE pages SET topic = ?1 WHERE seq = ?2 AND topic IS NOT ?1")
		if err != nil {
			return err
		}
		defer up.Close()
		for _, seq := range seqs {
			topic := topics[seq]
			if _, err := ins.ExecContext(ctx, seq, topic); err != nil {
				return fmt.Errorf("topic of page %d: %w", seq, err)
			}
			if _, err := up.ExecContext(ctx, topic, seq); err != nil {
				return fmt.Errorf("topic of page %d: %w", seq, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE pages SET topic = 0 WHERE topic <> 0
			AND seq NOT IN (SELECT page_seq FROM topics)`); err != nil {
			return err
		}
		wst, err := tx.PrepareContext(ctx, "INSERT INTO topic_words(topic, words) VALUES(?,?)")
		if err != nil {
			return err
		}
		defer wst.Close()
		for topic, ws := range words {
			if ws == nil {
				ws = []string{}
			}
			b, err := json.Marshal(ws)
			if err != nil {
				return err
			}
			if _, err := wst.ExecContext(ctx, topic, b); err != nil {
				return fmt.Errorf("words of topic %d: %w", topic, err)
			}
		}
		return nil
	})
}

// TopicWords returns the top words of every stored topic.
func (s *Store) TopicWords(ctx context.Context) (map[int64][]string, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT topic, words FROM topic_words")
	if err != nil {
		return nil, fmt.Errorf("store: topic words: %w", err)
	}
	defer rows.Close()
	out := map[int64][]string{}
	for rows.Next() {
		var id int64
		var b []byte
		if err := rows.Scan(&id, &b); err != nil {
			return nil, fmt.Errorf("store: topic words: %w", err)
		}
		var ws []string
		if err := json.Unmarshal(b, &ws); err != nil {
			return nil, fmt.Errorf("store: topic words of %d: %w", id, err)
		}
		out[id] = ws
	}
	return out, rows.Err()
}

// DeleteClusters deletes clusters with their fingerprints, in one
// transaction, and sets the cluster of their pages and records to 0 (for
// an offline re-clustering). No ids means every cluster.
func (s *Store) DeleteClusters(ctx context.Context, ids []int64) error {
	return s.write(ctx, "delete clusters", func(tx *sql.Tx) error {
		if len(ids) == 0 {
			for _, q := range []string{"DELETE FROM clusters", "UPDATE pages SET cluster = 0 WHERE cluster <> 0",
				"UPDATE page_records SET cluster = 0 WHERE cluster <> 0"} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			return nil
		}
		for _, id := range ids {
			for _, q := range []string{"DELETE FROM clusters WHERE id = ?", "UPDATE pages SET cluster = 0 WHERE cluster = ?",
				"UPDATE page_records SET cluster = 0 WHERE cluster = ?"} {
				if _, err := tx.ExecContext(ctx, q, id); err != nil {
					return fmt.Errorf("cluster %d: %w", id, err)
				}
			}
		}
		return nil
	})
}
