package dashboard

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/crawl-project/crawl/pipeline"
)

// errNotFound is a lookup of a page or cluster that does not exist.
var errNotFound = errors.New("dashboard: not found")

// Link is one link of a page.
type Link struct {
	URL    string `json:"url"`
	Anchor string `json:"anchor"`
	// Rel is the rel of the navigation <link> of the linking page's head
	// the link came from (crawl.Link.Rel), "" for a body link and in
	// stores written before schema version 12.
	Rel string `json:"rel"`
	Seq int64  `json:"seq,omitempty"` // the page's seq when it is stored
}

// Page is one stored page as the page view shows it.
type Page struct {
	Seq         int64    `json:"seq"`
	URL         string   `json:"url"`
	FinalURL    string   `json:"final_url"`
	Status      int      `json:"status"`
	FetchedAt   string   `json:"fetched_at"`
	Depth       int      `json:"depth"`
	Parent      string   `json:"parent"`
	Title       string   `json:"title"`
	ContentType string   `json:"content_type"`
	Size        int64    `json:"size"`
	Label       string   `json:"label"`
	Score       float64  `json:"score"`
	Relevance   float64  `json:"relevance"` // -1: not scored
	Relevant    bool     `json:"relevant"`
	Cluster     int64    `json:"cluster"`
	Topic       int64    `json:"topic"`
	TopicWords  []string `json:"topic_words"`
	// Annotations are the page's named hook results (crawl.Page.Annotate).
	Annotations map[string]string `json:"annotations"`
	Records     int64             `json:"records"`
	OutLinks    []Link            `json:"out_links"`
	InLinks     []Link            `json:"in_links"`
}

// maxLinks bounds the in- and out-links a page view lists.
const maxLinks = 200

// Page reads the page with seq, or with url when seq is 0.
func (d *DB) Page(ctx context.Context, seq int64, url string) (*Page, error) {
	p := &Page{OutLinks: []Link{}, InLinks: []Link{}, TopicWords: []string{}, Annotations: map[string]string{}}
	q := `SELECT seq, url, final_url, status, fetched_at, depth, parent, title, content_type, size,
		label, score, relevance, relevant, cluster, topic FROM pages WHERE `
	arg := any(seq)
	if seq == 0 {
		q, arg = q+"url = ?", url
	} else {
		q += "seq = ?"
	}
	err := d.db.QueryRowContext(ctx, q, arg).Scan(&p.Seq, &p.URL, &p.FinalURL, &p.Status, &p.FetchedAt,
		&p.Depth, &p.Parent, &p.Title, &p.ContentType, &p.Size, &p.Label, &p.Score, &p.Relevance,
		&p.Relevant, &p.Cluster, &p.Topic)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("dashboard: page: %w", err)
	}
	var words []byte
	err = d.db.QueryRowContext(ctx, `SELECT words FROM topic_words WHERE topic = ?`, p.Topic).Scan(&words)
	if err == nil {
		_ = json.Unmarshal(words, &p.TopicWords) // a view: unreadable words show as none
	}
	rs, err := d.recordSQL(ctx)
	if err != nil {
		return nil, fmt.Errorf("dashboard: page: %w", err)
	}
	if err := d.db.QueryRowContext(ctx, rs.count(" WHERE r.page_seq = ?"), p.Seq).Scan(&p.Records); err != nil {
		return nil, fmt.Errorf("dashboard: page: %w", err)
	}
	if err := d.annotations(ctx, p); err != nil {
		return nil, err
	}
	rel, err := d.linkRel(ctx)
	if err != nil {
		return nil, err
	}
	if p.OutLinks, err = d.links(ctx, `SELECT l.to_url, l.anchor, `+rel+`, coalesce(p.seq, 0) FROM links l
		LEFT JOIN pages p ON p.url = l.to_url WHERE l.from_seq = ? ORDER BY l.pos LIMIT ?`, p.Seq); err != nil {
		return nil, err
	}
	if p.InLinks, err = d.links(ctx, `SELECT p.url, l.anchor, `+rel+`, p.seq FROM links l
		JOIN pages p ON p.seq = l.from_seq WHERE l.to_url = ? ORDER BY l.from_seq LIMIT ?`, p.URL); err != nil {
		return nil, err
	}
	return p, nil
}

// annotations reads the page's annotations. The dashboard opens a store
// read-only, without migrating it: a store written before annotations has
// no column for them, and its pages have none.
func (d *DB) annotations(ctx context.Context, p *Page) error {
	var has int
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('pages') WHERE name = 'annotations'`).Scan(&has); err != nil {
		return fmt.Errorf("dashboard: page: %w", err)
	}
	if has == 0 {
		return nil
	}
	var notes string
	if err := d.db.QueryRowContext(ctx, `SELECT annotations FROM pages WHERE seq = ?`, p.Seq).Scan(&notes); err != nil {
		return fmt.Errorf("dashboard: page: %w", err)
	}
	if notes != "" {
		if err := json.Unmarshal([]byte(notes), &p.Annotations); err != nil {
			return fmt.Errorf("dashboard: page %d: annotations: %w", p.Seq, err)
		}
	}
	return nil
}

// linkRel is the SQL of a link's rel: l.rel, or ” for a store written
// before the links had one (schema version 11 and before; the dashboard
// does not migrate).
func (d *DB) linkRel(ctx context.Context) (string, error) {
	var has int
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('links') WHERE name = 'rel'`).Scan(&has); err != nil {
		return "", fmt.Errorf("dashboard: links: %w", err)
	}
	if has == 0 {
		return "''", nil
	}
	return "l.rel", nil
}

func (d *DB) links(ctx context.Context, q string, arg any) ([]Link, error) {
	rows, err := d.db.QueryContext(ctx, q, arg, maxLinks)
	if err != nil {
		return nil, fmt.Errorf("dashboard: links: %w", err)
	}
	defer rows.Close()
	out := []Link{}
	for rows.Next() {
		var l Link
		if err := rows.Scan(&l.URL, &l.Anchor, &l.Rel, &l.Seq); err != nil {
			return nil, fmt.Errorf("dashboard: links: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// PageRow is one line of the pages list.
type PageRow struct {
	Seq       int64   `json:"seq"`
	URL       string  `json:"url"`
	Status    int     `json:"status"`
	Label     string  `json:"label"`
	Relevance float64 `json:"relevance"`
	Cluster   int64   `json:"cluster"`
	Topic     int64   `json:"topic"`
}

// Pages reads one page of the stored pages, newest first, and their number.
func (d *DB) Pages(ctx context.Context, pg Paging) ([]PageRow, int64, error) {
	var total int64
	if err := d.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM pages`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("dashboard: pages: %w", err)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT seq, url, status, label, relevance, cluster, topic
		FROM pages ORDER BY seq DESC LIMIT ? OFFSET ?`, pg.Size, pg.Offset())
	if err != nil {
		return nil, 0, fmt.Errorf("dashboard: pages: %w", err)
	}
	defer rows.Close()
	out := []PageRow{}
	for rows.Next() {
		var r PageRow
		if err := rows.Scan(&r.Seq, &r.URL, &r.Status, &r.Label, &r.Relevance, &r.Cluster, &r.Topic); err != nil {
			return nil, 0, fmt.Errorf("dashboard: pages: %w", err)
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// HarvestPoint is the harvest rate after Pages pages.
type HarvestPoint struct {
	Pages   int64   `json:"pages"`
	Harvest float64 `json:"harvest"` // relevant / pages so far
	Window  float64 `json:"window"`  // relevant / pages within this step
}

// Harvest reads the harvest curve: at most points points, evenly spaced
// in fetch order.
func (d *DB) Harvest(ctx context.Context, points int) ([]HarvestPoint, error) {
	v, err := d.pages.read(ctx, d)
	if err != nil {
		return nil, fmt.Errorf("dashboard: harvest: %w", err)
	}
	return v.harvest(points), nil
}

// TopicTerms reads the focused crawl's topic feature terms, most
// important first (none when the crawl has no topic).
func (d *DB) TopicTerms(ctx context.Context) ([]string, error) {
	var raw string
	err := d.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, pipeline.TopicTermsKey).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return []string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("dashboard: topic terms: %w", err)
	}
	var terms []string
	if err := json.Unmarshal([]byte(raw), &terms); err != nil {
		return nil, fmt.Errorf("dashboard: topic terms: %w", err)
	}
	return terms, nil
}

// Queued is one link waiting in the frontier, with why it is there.
type Queued struct {
	URL      string   `json:"url"`
	Priority float64  `json:"priority"`
	Depth    int      `json:"depth"`
	Parent   string   `json:"parent"`
	Anchor   string   `json:"anchor"`
	Label    string   `json:"label"`
	Score    float64  `json:"score"`
	Tags     []string `json:"tags"`
}

// Queue reads one page of the frontier's queued links, best first (the
// frontier's own order: priority, then insertion), and their number.
func (d *DB) Queue(ctx context.Context, pg Paging) ([]Queued, int64, error) {
	var total int64
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM frontier WHERE state = 'queued'`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("dashboard: queue: %w", err)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT url, priority, depth, parent, anchor, label, score, tags
		FROM frontier WHERE state = 'queued' ORDER BY rank, seq LIMIT ? OFFSET ?`, pg.Size, pg.Offset())
	if err != nil {
		return nil, 0, fmt.Errorf("dashboard: queue: %w", err)
	}
	defer rows.Close()
	out := []Queued{}
	for rows.Next() {
		var q Queued
		var tags []byte
		if err := rows.Scan(&q.URL, &q.Priority, &q.Depth, &q.Parent, &q.Anchor, &q.Label, &q.Score, &tags); err != nil {
			return nil, 0, fmt.Errorf("dashboard: queue: %w", err)
		}
		if err := json.Unmarshal(tags, &q.Tags); err != nil || q.Tags == nil {
			q.Tags = []string{}
		}
		out = append(out, q)
	}
	return out, total, rows.Err()
}

// RatePoint is the fetch rate at one moment.
type RatePoint struct {
	At    string  `json:"at"`    // RFC 3339
	Pages int64   `json:"pages"` // pages fetched so far
	Rate  float64 `json:"rate"`  // pages per second since the point before
}
