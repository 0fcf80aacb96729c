package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/crawl-project/crawl"
)

// Frontier row states.
const (
	StateQueued = "queued"
	StateDone   = "done"
	StateFailed = "failed"
)

// FrontierCursor is a position in best-first order (priority descending,
// seq ascending). The zero cursor is before the first entry.
type FrontierCursor struct {
	Priority float64
	Seq      int64 // 0: the start of the order
}

// sanePriority maps NaN, which SQLite would store as NULL, to -Inf.
func sanePriority(p float64) float64 {
	if math.IsNaN(p) {
		return math.Inf(-1)
	}
	return p
}

// AddFrontier inserts the entries whose URL is not in the frontier yet, in
// one transaction, and sets Seq of each new entry (0 for known URLs). It
// returns how many were new. Priorities that are NaN are stored as -Inf.
func (s *Store) AddFrontier(ctx context.Context, entries []crawl.FrontierEntry) (int, error) {
	if len(entries) == 0 {
		return 0, nil
	}
	tags, err := encodeTags(entries)
	if err != nil {
		return 0, fmt.Errorf("store: add frontier: %w", err)
	}
	added := 0
	err = s.write(ctx, "add frontier", func(tx *sql.Tx) (err error) {
		added, err = insertFrontier(ctx, tx, &s.hot, entries, tags)
		return err
	})
	if err != nil {
		clearSeqs(entries)
		return 0, err
	}
	return added, nil
}

func encodeTags(entries []crawl.FrontierEntry) ([][]byte, error) {
	tags := make([][]byte, len(entries))
	for i, e := range entries {
		t := e.Link.Tags
		if t == nil {
			t = []string{}
		}
		var err error
		if tags[i], err = json.Marshal(t); err != nil {
			return nil, err
		}
	}
	return tags, nil
}

func clearSeqs(entries []crawl.FrontierEntry) {
	for i := range entries {
		entries[i].Seq = 0
	}
}

// insertFrontier inserts the entries not known yet and sets their Seq.
func insertFrontier(ctx context.Context, tx *sql.Tx, hot *hotStmts, entries []crawl.FrontierEntry, tags [][]byte) (int, error) {
	if len(entries) == 0 {
		return 0, nil
	}
	ins, err := hot.get(ctx, tx, stmtInsertFrontier)
	if err != nil {
		return 0, err
	}
	defer ins.Close()
	added := 0
	for i := range entries {
		e := &entries[i]
		p := sanePriority(e.Link.Priority)
		res, err := ins.ExecContext(ctx, e.Link.URL, e.Host, p, -p, e.Link.Depth, e.Link.Parent,
			e.Link.Anchor, e.Link.Label, e.Link.Score, tags[i])
		if err != nil {
			return 0, fmt.Errorf("insert %s: %w", e.Link.URL, err)
		}
		e.Seq = 0
		if n, _ := res.RowsAffected(); n == 1 {
			if e.Seq, err = res.LastInsertId(); err != nil {
				return 0, err
			}
			added++
		}
	}
	return added, nil
}

// FrontierKnown reports, for each URL, whether it has a frontier row in any
// state: the exact seen check behind a Bloom filter.
func (s *Store) FrontierKnown(ctx context.Context, urls []string) ([]bool, error) {
	out := make([]bool, len(urls))
	at := make(map[string][]int, len(urls))
	for i, u := range urls {
		at[u] = append(at[u], i)
	}
	err := s.inChunks(ctx, urls, "SELECT url FROM frontier WHERE url IN ", func(u string) {
		for _, i := range at[u] {
			out[i] = true
		}
	})
	if err != nil {
		return nil, fmt.Errorf("store: frontier known: %w", err)
	}
	return out, nil
}

// FrontierQueuedAmong returns the subset of urls whose frontier rows are
// still queued (not yet saved as done or failed).
func (s *Store) FrontierQueuedAmong(ctx context.Context, urls []string) (map[string]bool, error) {
	out := make(map[string]bool)
	err := s.inChunks(ctx, urls, "SELECT url FROM frontier WHERE state = 'queued' AND url IN ", func(u string) {
		out[u] = true
	})
	if err != nil {
		return nil, fmt.Errorf("store: frontier queued: %w", err)
	}
	return out, nil
}

// inChunks runs prefix + "(?,?,…)" over urls in chunks and calls fn with
// each url returned.
func (s *Store) inChunks(ctx context.Context, urls []string, prefix string, fn func(string)) error {
	const chunk = 500
	for start := 0; start < len(urls); start += chunk {
		part := urls[start:min(start+chunk, len(urls))]
		args := make([]any, len(part))
		for i, u := range part {
			args[i] = u
		}
		q := prefix + "(" + strings.Repeat("?,", len(part)-1) + "?)"
		rows, err := s.r.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var u string
			if err := rows.Scan(&u); err != nil {
				rows.Close()
				return err
			}
			fn(u)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

const frontierColumns = "seq, host, url, priority, depth, parent, anchor, label, score, tags"

func scanFrontier(rows *sql.Rows) (crawl.FrontierEntry, error) {
	var e crawl.FrontierEntry
	var tags []byte
	err := rows.Scan(&e.Seq, &e.Host, &e.Link.URL, &e.Link.Priority, &e.Link.Depth, &e.Link.Parent,
		&e.Link.Anchor, &e.Link.Label, &e.Link.Score, &tags)
	if err != nil {
		return e, err
	}
	if len(tags) > 0 && string(tags) != "[]" {
		if err := json.Unmarshal(tags, &e.Link.Tags); err != nil {
			return e, fmt.Errorf("frontier %s: tags: %w", e.Link.URL, err)
		}
	}
	return e, nil
}

// FrontierQueued returns up to limit queued entries with a seq above since
// (0: all) after cursor in best-first order (priority descending, then seq
// ascending). host limits the result to one host when not empty. Each
// call is an index seek, so paging through millions of rows costs
// O(limit log n) a page.
func (s *Store) FrontierQueued(ctx context.Context, host string, after FrontierCursor, limit int, since int64) ([]crawl.FrontierEntry, error) {
	if limit <= 0 {
		return nil, nil
	}
	hostCond, args := "", []any{}
	if host != "" {
		hostCond, args = " AND host = ?", []any{host}
	}
	if since > 0 {
		hostCond, args = hostCond+" AND seq > ?", append(args, since)
	}
	sel := "SELECT " + frontierColumns + " FROM frontier WHERE state = 'queued'" + hostCond
	var out []crawl.FrontierEntry
	var err error
	if after.Seq == 0 {
		out, err = s.queryFrontier(ctx, out, sel+" ORDER BY rank, seq LIMIT ?", append(args, limit)...)
	} else {
		// Two seeks: the rest of the cursor's priority, then lower priorities.
		rank := -sanePriority(after.Priority)
		out, err = s.queryFrontier(ctx, out, sel+" AND rank = ? AND seq > ? ORDER BY rank, seq LIMIT ?",
			append(args[:len(args):len(args)], rank, after.Seq, limit)...)
		if err == nil && len(out) < limit {
			out, err = s.queryFrontier(ctx, out, sel+" AND rank > ? ORDER BY rank, seq LIMIT ?",
				append(args[:len(args):len(args)], rank, limit-len(out))...)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: frontier queued: %w", err)
	}
	return out, nil
}

func (s *Store) queryFrontier(ctx context.Context, out []crawl.FrontierEntry, q string, args ...any) ([]crawl.FrontierEntry, error) {
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanFrontier(rows)
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// FrontierHosts returns up to limit distinct hosts, in byte order after
// after, that have queued entries. It skips from host to host through the
// index, so it costs O(limit log n), not a scan of the frontier.
//
// With since > 0 only entries with a seq above it count.
func (s *Store) FrontierHosts(ctx context.Context, after string, limit int, since int64) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, `WITH RECURSIVE h(host) AS (
		SELECT min(host) FROM frontier WHERE state = 'queued' AND host > ?1 AND seq > ?3
		UNION ALL
		SELECT (SELECT min(host) FROM frontier WHERE state = 'queued' AND host > h.host AND seq > ?3) FROM h WHERE h.host IS NOT NULL
	) SELECT host FROM h WHERE host IS NOT NULL LIMIT ?2`, after, limit, since)
	if err != nil {
		return nil, fmt.Errorf("store: frontier hosts: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return nil, fmt.Errorf("store: frontier hosts: %w", err)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// FrontierURLs calls fn with every frontier URL in any state (to rebuild a
// seen filter on open).
func (s *Store) FrontierURLs(ctx context.Context, fn func(url string) error) error {
	rows, err := s.r.QueryContext(ctx, "SELECT url FROM frontier")
	if err != nil {
		return fmt.Errorf("store: frontier urls: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return fmt.Errorf("store: frontier urls: %w", err)
		}
		if err := fn(u); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: frontier urls: %w", err)
	}
	return nil
}

// FrontierStats returns the number of queued rows with a seq above since
// (0: all) and of rows in any state.
func (s *Store) FrontierStats(ctx context.Context, since int64) (queued, total int64, err error) {
	err = s.r.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM frontier WHERE state = 'queued' AND seq > ?),
		(SELECT count(*) FROM frontier)`, since).Scan(&queued, &total)
	if err != nil {
		return 0, 0, fmt.Errorf("store: frontier stats: %w", err)
	}
	return queued, total, nil
}

// ReopenFrontier puts URLs back to queued at priority for a re-visit
// (re-crawl of hub pages), and gives their rows new seqs above every
// other, so a frontier opened with Config.Since at the marks taken before
// (Marks) sees them (a row still queued moves too). URLs without a
// frontier row are ignored. Call it
// before the frontier backend is opened, which loads queued rows. It
// returns how many rows were reopened.
func (s *Store) ReopenFrontier(ctx context.Context, urls []string, priority float64) (int, error) {
	n := 0
	err := s.write(ctx, "reopen frontier", func(tx *sql.Tx) error {
		priority = sanePriority(priority)
		up, err := tx.PrepareContext(ctx, `UPDATE frontier SET state = 'queued', priority = ?, rank = ?,
			seq = (SELECT max(seq) + 1 FROM frontier) WHERE url = ?`)
		if err != nil {
			return err
		}
		defer up.Close()
		for _, u := range urls {
			res, err := up.ExecContext(ctx, priority, -priority, u)
			if err != nil {
				return fmt.Errorf("reopen %s: %w", u, err)
			}
			k, _ := res.RowsAffected()
			n += int(k)
		}
		return nil
	})
	return n, err
}

// SetFrontierPriorities gives the queued rows with these seqs new
// priorities (prios[i] for seqs[i]), in one transaction: a frontier whose
// links were rescored in memory saves their order for the next run. Rows
// no longer queued are left as they are; NaN is stored as -Inf.
func (s *Store) SetFrontierPriorities(ctx context.Context, seqs []int64, prios []float64) error {
	if len(seqs) != len(prios) {
		return fmt.Errorf("store: set frontier priorities: %d seqs, %d priorities", len(seqs), len(prios))
	}
	if len(seqs) == 0 {
		return nil
	}
	return s.write(ctx, "set frontier priorities", func(tx *sql.Tx) error {
		up, err := tx.PrepareContext(ctx, `UPDATE frontier SET priority = ?, rank = ? WHERE seq = ? AND state = 'queued'`)
		if err != nil {
			return err
		}
		defer up.Close()
		for i, seq := range seqs {
			p := sanePriority(prios[i])
			if _, err := up.ExecContext(ctx, p, -p, seq); err != nil {
				return fmt.Errorf("seq %d: %w", seq, err)
			}
		}
		return nil
	})
}

// SetFrontierLabels gives the queued rows of urls new labels and scores
// (labels[i], scores[i] for urls[i]), in one transaction: a link
// classifier that revised its labels of queued links (the hub built-in's
// per-host link model) writes them back. Rows not queued or not there are
// left alone; it returns, for each URL, whether its row was updated.
func (s *Store) SetFrontierLabels(ctx context.Context, urls, labels []string, scores []float64) ([]bool, error) {
	if len(urls) != len(labels) || len(urls) != len(scores) {
		return nil, fmt.Errorf("store: set frontier labels: %d urls, %d labels, %d scores", len(urls), len(labels), len(scores))
	}
	found := make([]bool, len(urls))
	if len(urls) == 0 {
		return found, nil
	}
	err := s.write(ctx, "set frontier labels", func(tx *sql.Tx) error {
		up, err := tx.PrepareContext(ctx, `UPDATE frontier SET label = ?, score = ? WHERE url = ? AND state = 'queued'`)
		if err != nil {
			return err
		}
		defer up.Close()
		for i, u := range urls {
			res, err := up.ExecContext(ctx, labels[i], scores[i], u)
			if err != nil {
				return fmt.Errorf("%s: %w", u, err)
			}
			k, _ := res.RowsAffected()
			found[i] = k > 0
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return found, nil
}
