package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/crawl-project/crawl"
)

// HubPage is a stored hub page to re-visit with a conditional GET.
type HubPage struct {
	Seq          int64
	URL          string
	ETag         string
	LastModified string
	Depth        int
}

// HubPages returns the stored pages labelled crawl.LabelHub, in seq order.
func (s *Store) HubPages(ctx context.Context) ([]HubPage, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT seq, url, etag, last_modified, depth FROM pages
		WHERE label = ? ORDER BY seq`, crawl.LabelHub)
	if err != nil {
		return nil, fmt.Errorf("store: hub pages: %w", err)
	}
	defer rows.Close()
	var out []HubPage
	for rows.Next() {
		var h HubPage
		if err := rows.Scan(&h.Seq, &h.URL, &h.ETag, &h.LastModified, &h.Depth); err != nil {
			return nil, fmt.Errorf("store: hub pages: %w", err)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// SetValidators records a re-visit answered 304 Not Modified (or any new
// validators) for the stored page url, and marks its frontier row done.
func (s *Store) SetValidators(ctx context.Context, url, etag, lastModified string) error {
	return s.write(ctx, "set validators of "+url, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "UPDATE pages SET etag = ?, last_modified = ? WHERE url = ?", etag, lastModified, url)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		_, err = tx.ExecContext(ctx, "UPDATE frontier SET state = 'done' WHERE url = ?", url)
		return err
	})
}

// UpdatePage stores a re-fetch of a page already stored under p.URL: its
// fetch fields, HTML, validators and out-links replace the old ones, the
// page keeps its seq (p.Seq is set to it) and goes back to unbatched so the
// batch hooks see it again, and its frontier row is marked done. It returns
// ErrNotFound when no page is stored under p.URL.
func (s *Store) UpdatePage(ctx context.Context, p *crawl.Page) error {
	r, err := s.encodePage(p)
	if err != nil {
		return fmt.Errorf("store: update page %s: %w", p.URL, err)
	}
	return s.write(ctx, "update page "+p.URL, func(tx *sql.Tx) error {
		var seq int64
		err := tx.QueryRowContext(ctx, "SELECT seq FROM pages WHERE url = ?", p.URL).Scan(&seq)
		if err == sql.ErrNoRows {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE pages SET final_url = ?, redirects = ?, status = ?, fetched_at = ?,
			content_type = ?, charset = ?, size = ?, content_hash = ?, title = ?, keywords = ?, description = ?,
			etag = ?, last_modified = ?, annotations = ?, batch = NULL WHERE seq = ?`,
			p.FinalURL, r.redirects, p.Status, r.fetchedAt, p.ContentType, p.Charset, p.Size, r.hash, p.Title,
			p.Keywords, p.Description, header(p.Header, "ETag"), header(p.Header, "Last-Modified"), r.notes, seq)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO page_html(seq, html) VALUES(?,?)
			ON CONFLICT(seq) DO UPDATE SET html = excluded.html`, seq, r.html); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM links WHERE from_seq = ?", seq); err != nil {
			return err
		}
		for j, l := range p.Links {
			if _, err := tx.ExecContext(ctx, "INSERT INTO links(from_seq, pos, to_url, anchor, rel) VALUES(?,?,?,?,?)",
				seq, j, l.URL, l.Anchor, l.Rel); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, "UPDATE frontier SET state = 'done' WHERE url = ?", p.URL); err != nil {
			return err
		}
		p.Seq = seq
		return nil
	})
}

// Marks are the highest page and frontier sequence numbers of a store at
// one moment: what a later count compares against to tell the pages of
// one run, and the URLs first seen in it, from older ones.
type Marks struct {
	Page     int64 // max(pages.seq): pages fetched later have a larger seq
	Frontier int64 // max(frontier.seq): URLs discovered later have a larger seq
}

// Marks returns the store's current marks (zero for an empty store).
func (s *Store) Marks(ctx context.Context) (Marks, error) {
	var p, f sql.NullInt64
	if err := s.r.QueryRowContext(ctx, `SELECT (SELECT max(seq) FROM pages), (SELECT max(seq) FROM frontier)`).Scan(&p, &f); err != nil {
		return Marks{}, fmt.Errorf("store: marks: %w", err)
	}
	return Marks{Page: p.Int64, Frontier: f.Int64}, nil
}

// StoredSince counts the pages stored after m, split by when their URL
// was discovered: after m (new URLs) or before it (URLs already queued at
// m, e.g. left over from an earlier run's page budget). Re-visited pages
// keep their seq and are not counted.
func (s *Store) StoredSince(ctx context.Context, m Marks) (newURLs, queuedBefore int64, err error) {
	err = s.r.QueryRowContext(ctx, `SELECT
		count(CASE WHEN f.seq > ? THEN 1 END), count(CASE WHEN f.seq <= ? THEN 1 END)
		FROM pages p JOIN frontier f ON f.url = p.url WHERE p.seq > ?`,
		m.Frontier, m.Frontier, m.Page).Scan(&newURLs, &queuedBefore)
	if err != nil {
		return 0, 0, fmt.Errorf("store: stored since: %w", err)
	}
	return newURLs, queuedBefore, nil
}
