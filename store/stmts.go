package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// The writer's hot statements run in every transaction that stores fetched
// pages, and a best-first crawl commits about once a page (the crawler
// stores a page at once when it brings a link better than the last one
// dispatched: 487 commits for the Python docs' 526 pages, against 88 with
// the built-ins off). Prepared in each transaction, they were parsed and
// planned by SQLite hundreds of times a crawl; they are prepared once on
// the write connection when the store opens, and a transaction takes them
// with Tx.StmtContext, which reuses the connection's prepared statement.

// hotStmt names one of the writer's hot statements.
type hotStmt int

const (
	stmtInsertPage hotStmt = iota
	stmtInsertHTML
	stmtPageDone
	stmtInsertFrontier
	stmtInsertFingerprint
	stmtLinkChunk
	stmtLinkRows // stmtLinkRows+i inserts 1<<i links, i < linkRowsSizes (a commit's last links)
	numHotStmts  = stmtLinkRows + linkRowsSizes
)

// linkRowsSizes is the number of power-of-two link statements: 1 to 128
// rows, which make up any remainder below linkChunk (200).
const linkRowsSizes = 8

// query is the statement's SQL.
func (k hotStmt) query() string {
	switch k {
	case stmtInsertPage:
		return `INSERT INTO pages(seq, url, final_url, redirects, status, fetched_at,
		depth, parent, anchor, content_type, charset, size, content_hash, title, keywords, description,
		etag, last_modified, label, score, relevance, relevant, cluster, topic, annotations)
		VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING`
	case stmtInsertHTML:
		return `INSERT INTO page_html(seq, html) VALUES(?,?)`
	case stmtPageDone:
		return `UPDATE frontier SET state = 'done' WHERE url = ? AND state <> 'done'`
	case stmtInsertFrontier:
		return `INSERT INTO frontier(url, host, priority, rank, depth, parent, anchor,
		label, score, tags) VALUES(?,?,?,?,?,?,?,?,?,?) ON CONFLICT(url) DO NOTHING`
	case stmtInsertFingerprint:
		return `INSERT INTO fingerprints(url, body, simhash, title) VALUES(?,?,?,?) ON CONFLICT(url) DO NOTHING`
	case stmtLinkChunk:
		return linkInsert(linkChunk)
	}
	if k >= stmtLinkRows && k < stmtLinkRows+linkRowsSizes {
		return linkInsert(1 << (k - stmtLinkRows))
	}
	return "" // not a hot statement: preparing it fails
}

// hotStmts are the hot statements prepared on the write connection; a
// nil one (before prepare) is prepared in the transaction that asks.
type hotStmts [numHotStmts]*sql.Stmt

// prepare prepares every hot statement on w (its one connection free).
func (h *hotStmts) prepare(ctx context.Context, w *sql.DB) error {
	for k := range numHotStmts {
		st, err := w.PrepareContext(ctx, k.query())
		if err != nil {
			return fmt.Errorf("store: prepare: %w", err)
		}
		h[k] = st
	}
	return nil
}

// get returns statement k for use in tx; the caller closes it, which
// leaves the connection's prepared statement for the next transaction.
func (h *hotStmts) get(ctx context.Context, tx *sql.Tx, k hotStmt) (*sql.Stmt, error) {
	if h != nil && h[k] != nil {
		return tx.StmtContext(ctx, h[k]), nil
	}
	return tx.PrepareContext(ctx, k.query())
}

func (h *hotStmts) close() error {
	var errs []error
	for k, st := range h {
		if st != nil {
			errs = append(errs, st.Close())
			h[k] = nil
		}
	}
	return errors.Join(errs...)
}
