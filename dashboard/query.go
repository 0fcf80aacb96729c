package dashboard

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/crawl-project/crawl/crawler"
)

// Counts are the store's totals.
type Counts struct {
	Pages     int64            `json:"pages"`
	Relevant  int64            `json:"relevant"`
	Harvest   float64          `json:"harvest"` // relevant / pages
	Status    map[string]int64 `json:"status"`  // pages by status class: "2xx", "3xx", …
	Failures  int64            `json:"failures"`
	Errors    map[string]int64 `json:"errors"` // failures by kind
	Queued    int64            `json:"queued"`
	Clusters  int64            `json:"clusters"`
	Records   int64            `json:"records"`
	Topics    int64            `json:"topics"`
	LastFetch string           `json:"last_fetch"`
}

// Counts reads the store's totals.
func (d *DB) Counts(ctx context.Context) (Counts, error) {
	c := Counts{Status: map[string]int64{}, Errors: map[string]int64{}}
	v, err := d.pages.read(ctx, d)
	if err != nil {
		return c, fmt.Errorf("dashboard: counts: %w", err)
	}
	for class, n := range v.status {
		c.Status[fmt.Sprintf("%dxx", class)] = n
		c.Pages += n
	}
	if n := len(v.rel); n > 0 {
		c.Relevant = v.rel[n-1]
		c.Harvest = float64(c.Relevant) / float64(n)
	}
	if err := scanKV(ctx, d.db, `SELECT kind, count(*) FROM failures GROUP BY kind`, func(k string, n int64) {
		c.Errors[k] = n
		c.Failures += n
	}); err != nil {
		return c, fmt.Errorf("dashboard: counts: %w", err)
	}
	rs, err := d.recordSQL(ctx)
	if err != nil {
		return c, fmt.Errorf("dashboard: counts: %w", err)
	}
	err = d.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM frontier WHERE state = 'queued'),
		(SELECT count(*) FROM clusters),
		(`+rs.count("")+`),
		(SELECT count(*) FROM topic_words),
		(SELECT coalesce(max(fetched_at), '') FROM pages WHERE seq = (SELECT max(seq) FROM pages))`).
		Scan(&c.Queued, &c.Clusters, &c.Records, &c.Topics, &c.LastFetch)
	if err != nil {
		return c, fmt.Errorf("dashboard: counts: %w", err)
	}
	return c, nil
}

func scanKV(ctx context.Context, db *sql.DB, q string, fn func(string, int64), args ...any) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int64
		if err := rows.Scan(&k, &n); err != nil {
			return err
		}
		fn(k, n)
	}
	return rows.Err()
}

// Host is one host's share of the crawl, from the frontier.
type Host struct {
	Host    string `json:"host"`
	Queued  int64  `json:"queued"`
	Fetched int64  `json:"fetched"` // URLs done
	Failed  int64  `json:"failed"`
	// Politeness state: live from a running crawl, or for a store alone
	// as the crawl left it at its end (State says which; absent for hosts
	// the engine was not working on).
	InFlight     int     `json:"in_flight"`
	DelayMS      float64 `json:"delay_ms"`
	Robots       string  `json:"robots"` // ok, unavailable, fetching, or "" when not cached
	CrawlDelayMS float64 `json:"crawl_delay_ms"`
	State        string  `json:"state"`              // "live", "end-of-crawl", or "" when unknown
	StateAt      string  `json:"state_at,omitempty"` // when the crawl ended (RFC 3339), for end-of-crawl
}

// EndHosts reads the hosts' politeness state the last crawl left in the
// store at its end; nil when it left none (an older store).
func (d *DB) EndHosts(ctx context.Context) (*crawler.HostsSnapshot, error) {
	var raw string
	err := d.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, crawler.HostsMetaKey).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("dashboard: hosts at the end of the crawl: %w", err)
	}
	var snap crawler.HostsSnapshot
	if err := json.Unmarshal([]byte(raw), &snap); err != nil {
		return nil, fmt.Errorf("dashboard: hosts at the end of the crawl: %w", err)
	}
	return &snap, nil
}

// Hosts reads every host of the frontier with its counts.
func (d *DB) Hosts(ctx context.Context) ([]Host, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT host,
		sum(state = 'queued'), sum(state = 'done'), sum(state = 'failed')
		FROM frontier GROUP BY host`)
	if err != nil {
		return nil, fmt.Errorf("dashboard: hosts: %w", err)
	}
	defer rows.Close()
	var out []Host
	for rows.Next() {
		var h Host
		if err := rows.Scan(&h.Host, &h.Queued, &h.Fetched, &h.Failed); err != nil {
			return nil, fmt.Errorf("dashboard: hosts: %w", err)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// PageRef names a page.
type PageRef struct {
	Seq   int64  `json:"seq"`
	URL   string `json:"url"`
	Title string `json:"title"`
}

// Cluster is one template cluster.
type Cluster struct {
	ID      int64     `json:"id"`
	Size    int64     `json:"size"`
	Pages   int64     `json:"pages"`
	Records int64     `json:"records"`
	Updated string    `json:"updated"`
	Samples []PageRef `json:"samples"`
}

// Clusters reads one page of clusters, largest first, with up to samples
// sample pages each, and the number of clusters.
func (d *DB) Clusters(ctx context.Context, pg Paging, samples int) ([]Cluster, int64, error) {
	var total int64
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM clusters`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("dashboard: clusters: %w", err)
	}
	rs, err := d.recordSQL(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("dashboard: clusters: %w", err)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT c.id, c.size, c.updated,
		(`+rs.count(" WHERE r.cluster = c.id")+`)
		FROM clusters c ORDER BY c.size DESC, c.id LIMIT ? OFFSET ?`, pg.Size, pg.Offset())
	if err != nil {
		return nil, 0, fmt.Errorf("dashboard: clusters: %w", err)
	}
	var out []Cluster
	byID := map[int64]*Cluster{}
	for rows.Next() {
		var c Cluster
		if err := rows.Scan(&c.ID, &c.Size, &c.Updated, &c.Records); err != nil {
			rows.Close()
			return nil, 0, fmt.Errorf("dashboard: clusters: %w", err)
		}
		c.Samples = []PageRef{}
		out = append(out, c)
	}
	rows.Close()
	if len(out) == 0 {
		return []Cluster{}, total, rows.Err()
	}
	ids := make([]any, len(out))
	for i := range out {
		byID[out[i].ID] = &out[i]
		ids[i] = out[i].ID
	}
	in := strings.Repeat("?,", len(ids))
	in = in[:len(in)-1]
	// Each cluster's first row carries its page count even without samples.
	rows, err = d.db.QueryContext(ctx, `SELECT cluster, seq, url, title, n, rn FROM (
		SELECT cluster, seq, url, title,
			row_number() OVER (PARTITION BY cluster ORDER BY seq) AS rn,
			count(*) OVER (PARTITION BY cluster) AS n
		FROM pages WHERE cluster IN (`+in+`)) WHERE rn <= max(?, 1)`, append(ids, samples)...)
	if err != nil {
		return nil, 0, fmt.Errorf("dashboard: cluster samples: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var p PageRef
		var n, rn int64
		if err := rows.Scan(&id, &p.Seq, &p.URL, &p.Title, &n, &rn); err != nil {
			return nil, 0, fmt.Errorf("dashboard: cluster samples: %w", err)
		}
		c := byID[id]
		if rn <= int64(samples) {
			c.Samples = append(c.Samples, p)
		}
		c.Pages = n
	}
	return out, total, rows.Err()
}

// Records is one page of one of a cluster's records tables (Table, among
// Tables): the columns and rows of its file in the records export.
type Records struct {
	Cluster int64          `json:"cluster"`
	Table   string         `json:"table"`
	Tables  []RecordsTable `json:"tables"`
	Columns []string       `json:"columns"`
	Rows    [][]string     `json:"rows"`
	Total   int64          `json:"total"`
}

// Topic is one fuzzy topic.
type Topic struct {
	ID    int64    `json:"id"`
	Pages int64    `json:"pages"`
	Words []string `json:"words"`
}

// Topics reads one page of topics, largest first, and their number.
func (d *DB) Topics(ctx context.Context, pg Paging) ([]Topic, int64, error) {
	var total int64
	if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM topic_words`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("dashboard: topics: %w", err)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT w.topic, w.words,
		(SELECT count(*) FROM topics t WHERE t.topic = w.topic) AS n
		FROM topic_words w ORDER BY n DESC, w.topic LIMIT ? OFFSET ?`, pg.Size, pg.Offset())
	if err != nil {
		return nil, 0, fmt.Errorf("dashboard: topics: %w", err)
	}
	defer rows.Close()
	out := []Topic{}
	for rows.Next() {
		var t Topic
		var words []byte
		if err := rows.Scan(&t.ID, &words, &t.Pages); err != nil {
			return nil, 0, fmt.Errorf("dashboard: topics: %w", err)
		}
		if err := json.Unmarshal(words, &t.Words); err != nil {
			return nil, 0, fmt.Errorf("dashboard: topic %d words: %w", t.ID, err)
		}
		out = append(out, t)
	}
	return out, total, rows.Err()
}
