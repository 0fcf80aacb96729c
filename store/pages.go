package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/bits"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/crawl-project/crawl"
)

// SaveResults stores fetched pages (Seq set by the caller), their out-links
// and failures in one transaction, and marks their frontier rows done or
// failed. It is idempotent: a page already stored under its URL or seq is
// left as it is, a failure replaces the earlier one for its URL.
func (s *Store) SaveResults(ctx context.Context, pages []*crawl.Page, failures []crawl.Failure) error {
	if len(pages) == 0 && len(failures) == 0 {
		return nil
	}
	for _, p := range pages {
		if p.Seq <= 0 {
			return fmt.Errorf("store: save results: page %s has no seq", p.URL)
		}
	}
	rows, err := s.encodePages(pages)
	if err != nil {
		return fmt.Errorf("store: save results: %w", err)
	}
	return s.write(ctx, "save results", func(tx *sql.Tx) error {
		if err := insertPages(ctx, tx, &s.hot, pages, rows); err != nil {
			return err
		}
		return insertFailures(ctx, tx, failures)
	})
}

// SaveFetched is AddFrontier and SaveResults in one transaction: the
// out-links found on the pages enter the frontier, and the pages and
// failures are stored and their frontier rows marked done or failed,
// together or not at all. It returns how many entries were new.
func (s *Store) SaveFetched(ctx context.Context, entries []crawl.FrontierEntry, pages []*crawl.Page, failures []crawl.Failure) (int, error) {
	for _, p := range pages {
		if p.Seq <= 0 {
			return 0, fmt.Errorf("store: save fetched: page %s has no seq", p.URL)
		}
	}
	tags, err := encodeTags(entries)
	if err != nil {
		return 0, fmt.Errorf("store: save fetched: %w", err)
	}
	rows, err := s.encodePages(pages)
	if err != nil {
		return 0, fmt.Errorf("store: save fetched: %w", err)
	}
	added := 0
	err = s.write(ctx, "save fetched", func(tx *sql.Tx) (err error) {
		if added, err = insertFrontier(ctx, tx, &s.hot, entries, tags); err != nil {
			return err
		}
		if err := insertPages(ctx, tx, &s.hot, pages, rows); err != nil {
			return err
		}
		return insertFailures(ctx, tx, failures)
	})
	if err != nil {
		clearSeqs(entries)
		return 0, err
	}
	return added, nil
}

// pageRow holds the encoded columns of a page, computed outside the
// transaction.
type pageRow struct {
	redirects []byte
	fetchedAt string
	hash      string
	html      []byte
	notes     string // Annotations as JSON, "" when none
}

// encodePages compresses and hashes pages on all CPUs.
func (s *Store) encodePages(pages []*crawl.Page) ([]pageRow, error) {
	rows := make([]pageRow, len(pages))
	errs := make([]error, len(pages))
	workers := min(runtime.GOMAXPROCS(0), (len(pages)+3)/4)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(pages); i += workers {
				rows[i], errs[i] = s.encodePage(pages[i])
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("page %s: %w", pages[i].URL, err)
		}
	}
	return rows, nil
}

func (s *Store) encodePage(p *crawl.Page) (pageRow, error) {
	var r pageRow
	redirects := p.Redirects
	if redirects == nil {
		redirects = []string{}
	}
	var err error
	if r.redirects, err = json.Marshal(redirects); err != nil {
		return r, err
	}
	r.fetchedAt = formatTime(p.FetchedAt)
	if r.notes, err = encodeAnnotations(p.Annotations); err != nil {
		return r, err
	}
	sum := sha256.Sum256(p.HTML)
	r.hash = hex.EncodeToString(sum[:])
	if s.compressed != nil && len(p.HTML) > 0 {
		if r.html = s.compressed(p.HTML); r.html != nil {
			return r, nil
		}
	}
	if r.html, err = s.compress(p.HTML); err != nil {
		return r, err
	}
	return r, nil
}

func insertPages(ctx context.Context, tx *sql.Tx, hot *hotStmts, pages []*crawl.Page, rows []pageRow) error {
	if len(pages) == 0 {
		return nil
	}
	ins, err := hot.get(ctx, tx, stmtInsertPage)
	if err != nil {
		return err
	}
	defer ins.Close()
	done, err := hot.get(ctx, tx, stmtPageDone)
	if err != nil {
		return err
	}
	defer done.Close()
	lw := newLinkWriter(ctx, tx, hot)
	defer lw.close()
	body, err := hot.get(ctx, tx, stmtInsertHTML)
	if err != nil {
		return err
	}
	defer body.Close()
	for i, p := range pages {
		r := rows[i]
		res, err := ins.ExecContext(ctx, p.Seq, p.URL, p.FinalURL, r.redirects, p.Status, r.fetchedAt,
			p.Depth, p.Parent, p.Anchor, p.ContentType, p.Charset, p.Size, r.hash, p.Title, p.Keywords,
			p.Description, header(p.Header, "ETag"), header(p.Header, "Last-Modified"),
			p.Label, p.Score, p.Relevance, p.Relevant, p.Cluster, p.Topic, r.notes)
		if err != nil {
			return fmt.Errorf("insert page %s: %w", p.URL, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			if _, err := body.ExecContext(ctx, p.Seq, r.html); err != nil {
				return fmt.Errorf("insert html of %s: %w", p.URL, err)
			}
			for j, l := range p.Links {
				if err := lw.add(p.Seq, j, l); err != nil {
					return fmt.Errorf("insert links of %s: %w", p.URL, err)
				}
			}
		}
		if _, err := done.ExecContext(ctx, p.URL); err != nil {
			return fmt.Errorf("mark %s done: %w", p.URL, err)
		}
	}
	if err := lw.flush(); err != nil {
		return fmt.Errorf("insert links: %w", err)
	}
	return nil
}

// linkWriter inserts links many rows per statement: one cgo call per
// linkChunk rows instead of per row. The rows left at the end of a
// transaction go in statements of 128, 64, …, 1 rows, prepared once with
// the store, not in one statement of their number, which SQLite parsed
// anew in every commit (a best-first crawl commits about once a page).
type linkWriter struct {
	ctx  context.Context
	tx   *sql.Tx
	hot  *hotStmts
	full *sql.Stmt
	args *[]any
}

const linkChunk = 200

// linkArgs keeps the writers' argument slices from commit to commit.
var linkArgs = sync.Pool{New: func() any { a := make([]any, 0, linkCols*linkChunk); return &a }}

// linkCols is the number of columns a link row binds.
const linkCols = 5

func newLinkWriter(ctx context.Context, tx *sql.Tx, hot *hotStmts) *linkWriter {
	return &linkWriter{ctx: ctx, tx: tx, hot: hot, args: linkArgs.Get().(*[]any)}
}

func linkInsert(n int) string {
	return "INSERT INTO links(from_seq, pos, to_url, anchor, rel) VALUES " +
		strings.Repeat("(?,?,?,?,?),", n-1) + "(?,?,?,?,?) ON CONFLICT DO NOTHING"
}

func (w *linkWriter) add(seq int64, pos int, l crawl.Link) error {
	*w.args = append(*w.args, seq, pos, l.URL, l.Anchor, l.Rel)
	if len(*w.args) < linkCols*linkChunk {
		return nil
	}
	if w.full == nil {
		var err error
		if w.full, err = w.hot.get(w.ctx, w.tx, stmtLinkChunk); err != nil {
			return err
		}
	}
	_, err := w.full.ExecContext(w.ctx, *w.args...)
	*w.args = (*w.args)[:0]
	return err
}

// flush inserts the rows left, in order, the biggest power of two first.
func (w *linkWriter) flush() error {
	args := *w.args
	*w.args = args[:0]
	for len(args) > 0 {
		i := bits.Len(uint(len(args)/linkCols)) - 1 // 1<<i ≤ rows left
		i = min(i, linkRowsSizes-1)
		st, err := w.hot.get(w.ctx, w.tx, stmtLinkRows+hotStmt(i))
		if err != nil {
			return err
		}
		_, err = st.ExecContext(w.ctx, args[:linkCols<<i]...)
		st.Close()
		if err != nil {
			return err
		}
		args = args[linkCols<<i:]
	}
	return nil
}

func (w *linkWriter) close() {
	if w.full != nil {
		w.full.Close()
	}
	clear((*w.args)[:cap(*w.args)]) // no page's strings kept in the pool
	*w.args = (*w.args)[:0]
	linkArgs.Put(w.args)
}

func insertFailures(ctx context.Context, tx *sql.Tx, failures []crawl.Failure) error {
	if len(failures) == 0 {
		return nil
	}
	ins, err := tx.PrepareContext(ctx, `INSERT INTO failures(url, kind, status, message, at, depth, parent, attempts)
		VALUES(?,?,?,?,?,?,?,?) ON CONFLICT(url) DO UPDATE SET kind = excluded.kind, status = excluded.status,
		message = excluded.message, at = excluded.at, depth = excluded.depth, parent = excluded.parent,
		attempts = excluded.attempts`)
	if err != nil {
		return err
	}
	defer ins.Close()
	mark, err := tx.PrepareContext(ctx, `UPDATE frontier SET state = 'failed' WHERE url = ? AND state = 'queued'`)
	if err != nil {
		return err
	}
	defer mark.Close()
	for _, f := range failures {
		if f.URL == "" {
			return fmt.Errorf("failure without URL (kind %q)", f.Kind)
		}
		if _, err := ins.ExecContext(ctx, f.URL, f.Kind, f.Status, f.Message, formatTime(f.At), f.Depth, f.Parent, f.Attempts); err != nil {
			return fmt.Errorf("insert failure %s: %w", f.URL, err)
		}
		if _, err := mark.ExecContext(ctx, f.URL); err != nil {
			return fmt.Errorf("mark %s failed: %w", f.URL, err)
		}
	}
	return nil
}

func header(h http.Header, key string) string {
	if h == nil {
		return ""
	}
	return h.Get(key)
}

const timeLayout = time.RFC3339Nano

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(timeLayout)
}

func parseTime(s string) time.Time {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// LinkCount returns the number of stored links. It scans the links table,
// which is large (tens of links a page), so it is not part of Counts.
func (s *Store) LinkCount(ctx context.Context) (int64, error) {
	var n int64
	if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM links").Scan(&n); err != nil {
		return 0, fmt.Errorf("store: link count: %w", err)
	}
	return n, nil
}

// MaxSeq returns the highest stored page seq, 0 for an empty store.
func (s *Store) MaxSeq(ctx context.Context) (int64, error) {
	var n sql.NullInt64
	if err := s.r.QueryRowContext(ctx, "SELECT max(seq) FROM pages").Scan(&n); err != nil {
		return 0, fmt.Errorf("store: max seq: %w", err)
	}
	return n.Int64, nil
}

// Counts returns how many pages, failures, clusters, records and queued
// frontier rows the store holds.
func (s *Store) Counts(ctx context.Context) (crawl.Counts, error) {
	c := crawl.Counts{FailuresByKind: map[string]int64{}}
	var batches sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM pages),
		(SELECT count(*) FROM failures),
		(SELECT count(*) FROM clusters),
		(SELECT coalesce(sum(n), 0) FROM page_records),
		(SELECT max(seq) FROM batches),
		(SELECT count(*) FROM frontier WHERE state = 'queued'),
		(SELECT count(*) FROM frontier)`).Scan(&c.Pages, &c.Failures, &c.Clusters, &c.Records,
		&batches, &c.Queued, &c.Frontier)
	if err != nil {
		return c, fmt.Errorf("store: counts: %w", err)
	}
	c.Batches = batches.Int64
	rows, err := s.r.QueryContext(ctx, "SELECT kind, count(*) FROM failures GROUP BY kind")
	if err != nil {
		return c, fmt.Errorf("store: counts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int64
		if err := rows.Scan(&k, &n); err != nil {
			return c, fmt.Errorf("store: counts: %w", err)
		}
		c.FailuresByKind[k] = n
	}
	if err := rows.Err(); err != nil {
		return c, fmt.Errorf("store: counts: %w", err)
	}
	return c, nil
}
