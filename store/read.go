package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/klauspost/compress/gzip"

	"github.com/crawl-project/crawl"
)

// compress gzips b with a pooled writer.
func (s *Store) compress(b []byte) ([]byte, error) {
	zw, _ := s.gz.Get().(*gzip.Writer)
	var buf bytes.Buffer
	buf.Grow(len(b)/4 + 64)
	if zw == nil {
		var err error
		if zw, err = gzip.NewWriterLevel(&buf, gzip.BestSpeed); err != nil {
			return nil, err
		}
	} else {
		zw.Reset(&buf)
	}
	defer s.gz.Put(zw)
	if _, err := zw.Write(b); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	return buf.Bytes(), nil
}

// decompress gunzips a stored HTML blob; nil stays nil.
func decompress(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("gunzip html: %w", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("gunzip html: %w", err)
	}
	return out, nil
}

const pageColumns = `seq, url, final_url, redirects, status, fetched_at, depth, parent, anchor,
	content_type, charset, size, title, keywords, description, etag, last_modified,
	label, score, relevance, relevant, cluster, topic, annotations`

// scanPage reads pageColumns (plus html when withHTML) into a Page.
func scanPage(sc interface{ Scan(...any) error }, withHTML bool) (*crawl.Page, error) {
	p := &crawl.Page{}
	var redirects []byte
	var fetched, etag, lastMod, notes string
	var html []byte
	dest := []any{&p.Seq, &p.URL, &p.FinalURL, &redirects, &p.Status, &fetched, &p.Depth, &p.Parent,
		&p.Anchor, &p.ContentType, &p.Charset, &p.Size, &p.Title, &p.Keywords, &p.Description, &etag,
		&lastMod, &p.Label, &p.Score, &p.Relevance, &p.Relevant, &p.Cluster, &p.Topic, &notes}
	if withHTML {
		dest = append(dest, &html)
	}
	if err := sc.Scan(dest...); err != nil {
		return nil, err
	}
	if len(redirects) > 0 && string(redirects) != "[]" {
		if err := json.Unmarshal(redirects, &p.Redirects); err != nil {
			return nil, fmt.Errorf("page %d: redirects: %w", p.Seq, err)
		}
	}
	p.FetchedAt = parseTime(fetched)
	var err error
	if p.Annotations, err = decodeAnnotations(notes); err != nil {
		return nil, fmt.Errorf("page %d: %w", p.Seq, err)
	}
	if etag != "" || lastMod != "" {
		p.Header = http.Header{}
		if etag != "" {
			p.Header.Set("ETag", etag)
		}
		if lastMod != "" {
			p.Header.Set("Last-Modified", lastMod)
		}
	}
	if withHTML {
		if p.HTML, err = decompress(html); err != nil {
			return nil, fmt.Errorf("page %d: %w", p.Seq, err)
		}
	}
	return p, nil
}

// queryPages runs query and calls fn for each page in order.
func (s *Store) queryPages(ctx context.Context, withHTML bool, fn func(*crawl.Page) error, query string, args ...any) error {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanPage(rows, withHTML)
		if err != nil {
			return err
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	return rows.Err()
}

func selectPages(withHTML bool, where string) string {
	cols := pageColumns
	if withHTML {
		cols += ", (SELECT html FROM page_html h WHERE h.seq = pages.seq)"
	}
	return "SELECT " + cols + " FROM pages " + where + " ORDER BY seq"
}

// UnbatchedPages returns the stored pages no batch has processed yet, in
// seq order, with HTML decompressed and Doc, Text and Links unset.
func (s *Store) UnbatchedPages(ctx context.Context) ([]*crawl.Page, error) {
	var out []*crawl.Page
	err := s.queryPages(ctx, true, func(p *crawl.Page) error {
		out = append(out, p)
		return nil
	}, selectPages(true, "WHERE batch IS NULL"))
	if err != nil {
		return nil, fmt.Errorf("store: unbatched pages: %w", err)
	}
	return out, nil
}

// Pages calls fn for every stored page in seq order, with its HTML. An
// error from fn stops the iteration and is returned as is.
func (s *Store) Pages(ctx context.Context, fn func(*crawl.Page) error) error {
	return s.iterPages(ctx, true, fn)
}

// PagesNoHTML is Pages without reading or decompressing the HTML (faster).
func (s *Store) PagesNoHTML(ctx context.Context, fn func(*crawl.Page) error) error {
	return s.iterPages(ctx, false, fn)
}

func (s *Store) iterPages(ctx context.Context, withHTML bool, fn func(*crawl.Page) error) error {
	var fnErr error
	err := s.queryPages(ctx, withHTML, func(p *crawl.Page) error {
		if err := fn(p); err != nil {
			fnErr = err
			return err
		}
		return nil
	}, selectPages(withHTML, ""))
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("store: pages: %w", err)
	}
	return nil
}

// PageBySeq returns the stored page with seq, with HTML; ErrNotFound when
// there is none.
func (s *Store) PageBySeq(ctx context.Context, seq int64) (*crawl.Page, error) {
	row := s.r.QueryRowContext(ctx, selectPages(true, "WHERE seq = ?"), seq)
	p, err := scanPage(row, true)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: page %d: %w", seq, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: page %d: %w", seq, err)
	}
	return p, nil
}

// PageLinks returns the stored out-links of page seq in document order,
// with their URL, anchor and Rel ("" for a body link and for every link
// of a store written before schema version 12).
func (s *Store) PageLinks(ctx context.Context, seq int64) ([]crawl.Link, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT to_url, anchor, rel FROM links WHERE from_seq = ? ORDER BY pos", seq)
	if err != nil {
		return nil, fmt.Errorf("store: links of page %d: %w", seq, err)
	}
	defer rows.Close()
	var out []crawl.Link
	for rows.Next() {
		var l crawl.Link
		if err := rows.Scan(&l.URL, &l.Anchor, &l.Rel); err != nil {
			return nil, fmt.Errorf("store: links of page %d: %w", seq, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
