package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/crawl-project/crawl"
)

// PageRow is one row of the pages export.
type PageRow struct {
	Seq         int64
	URL         string
	FinalURL    string
	Status      int
	Depth       int
	Parent      string
	Priority    float64 // frontier priority the page was fetched with (0 when it has no frontier row)
	Label       string
	Score       float64 // classifier score behind Label
	Relevance   float64
	Relevant    bool
	Cluster     int64
	Topic       int64
	Title       string
	ContentType string
	Size        int
	FetchedAt   time.Time
	Annotations map[string]string // crawl.Page.Annotations; nil when none
}

// LinkRow is one row of the links export.
type LinkRow struct {
	FromSeq int64
	FromURL string
	Pos     int
	ToURL   string
	Anchor  string
	Rel     string // crawl.Link.Rel: a head <link>'s rel, "" for a body link
}

// RecordRow is one row of the records export.
type RecordRow struct {
	PageSeq int64
	PageURL string
	Cluster int64
	Kind    string // crawl.Record.Kind
	Index   int
	Fields  []crawl.Field
}

// ClusterExportRow is one row of the clusters export.
type ClusterExportRow struct {
	ID           int64
	Size         int
	Pages        int64 // stored pages currently in the cluster
	Records      int64
	Updated      time.Time
	Fingerprints [Fingerprints]uint16
}

// ExportPages calls fn for every page in seq order.
func (s *Store) ExportPages(ctx context.Context, fn func(PageRow) error) error {
	rows, err := s.r.QueryContext(ctx, `SELECT p.seq, p.url, p.final_url, p.status, p.depth, p.parent,
		coalesce(f.priority, 0), p.label, p.score, p.relevance, p.relevant, p.cluster, p.topic, p.title,
		p.content_type, p.size, p.fetched_at, p.annotations
		FROM pages p LEFT JOIN frontier f ON f.url = p.url ORDER BY p.seq`)
	if err != nil {
		return fmt.Errorf("store: export pages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r PageRow
		var at, notes string
		if err := rows.Scan(&r.Seq, &r.URL, &r.FinalURL, &r.Status, &r.Depth, &r.Parent, &r.Priority, &r.Label,
			&r.Score, &r.Relevance, &r.Relevant, &r.Cluster, &r.Topic, &r.Title, &r.ContentType, &r.Size, &at, &notes); err != nil {
			return fmt.Errorf("store: export pages: %w", err)
		}
		r.FetchedAt = parseTime(at)
		if r.Annotations, err = decodeAnnotations(notes); err != nil {
			return fmt.Errorf("store: export pages: page %d: %w", r.Seq, err)
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export pages: %w", err)
	}
	return nil
}

// ExportLinks calls fn for every link, by page seq and position. The
// links are read without their page's URL, which a second cursor over the
// pages, in the same read transaction, gives once for all of a page's
// links: joined on every row, it cost a third of the query's time
// (BenchmarkLinksExport in package export). A link whose page is not
// stored is left out, as the join left it.
func (s *Store) ExportLinks(ctx context.Context, fn func(LinkRow) error) error {
	tx, err := s.r.BeginTx(ctx, nil) // one snapshot for both cursors
	if err != nil {
		return fmt.Errorf("store: export links: %w", err)
	}
	defer tx.Rollback()
	pages, err := tx.QueryContext(ctx, `SELECT seq, url FROM pages ORDER BY seq`)
	if err != nil {
		return fmt.Errorf("store: export links: %w", err)
	}
	defer pages.Close()
	links, err := tx.QueryContext(ctx, `SELECT from_seq, pos, to_url, anchor, rel FROM links ORDER BY from_seq, pos`)
	if err != nil {
		return fmt.Errorf("store: export links: %w", err)
	}
	defer links.Close()
	pageSeq, pageURL, more := int64(math.MinInt64), "", true
	for links.Next() {
		var r LinkRow
		if err := links.Scan(&r.FromSeq, &r.Pos, &r.ToURL, &r.Anchor, &r.Rel); err != nil {
			return fmt.Errorf("store: export links: %w", err)
		}
		for more && pageSeq < r.FromSeq {
			if more = pages.Next(); more {
				if err := pages.Scan(&pageSeq, &pageURL); err != nil {
					return fmt.Errorf("store: export links: %w", err)
				}
			}
		}
		if pageSeq != r.FromSeq {
			continue
		}
		r.FromURL = pageURL
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := errors.Join(links.Err(), pages.Err()); err != nil {
		return fmt.Errorf("store: export links: %w", err)
	}
	return nil
}

// ExportRecords calls fn for every record, by page seq and index.
func (s *Store) ExportRecords(ctx context.Context, fn func(RecordRow) error) error {
	return s.ExportRecordsNamed(ctx, nil, fn)
}

// ExportClusterRecords calls fn for every record of one template cluster,
// by page seq and index (through the cluster index: the cost is that
// cluster's records, not all of them).
func (s *Store) ExportClusterRecords(ctx context.Context, cluster int64, fn func(RecordRow) error) error {
	return s.ExportClusterRecordsNamed(ctx, cluster, nil, fn)
}

// FieldNamer names the fields of a run (a page's records of one cluster
// and kind) that have a key c.Key, once per entry of the run rather than
// per field.
type FieldNamer func(pageSeq, cluster int64, kind string, c KeyCount) string

// ExportRecordsNamed is ExportRecords with the fields that have a key
// named by name (nil: their stored names).
func (s *Store) ExportRecordsNamed(ctx context.Context, name FieldNamer, fn func(RecordRow) error) error {
	return s.exportRecords(ctx, allRecordsQuery, name, fn)
}

// ExportRecordsView is ExportRecordsNamed for a caller that writes each
// record out before fn returns: a row's Fields, and the strings of their
// values, are valid only until then (they lie in the store's buffers,
// which the next record reuses). The records export of a crawl reads
// every value once this way, without copying the runs' data into strings
// and allocating their fields run by run (16 MB a Python docs crawl, for
// the garbage collector).
func (s *Store) ExportRecordsView(ctx context.Context, name FieldNamer, fn func(RecordRow) error) error {
	return s.records().exportRecordsView(ctx, allRecordsQuery, name, fn, true)
}

const allRecordsQuery = `SELECT r.page_seq, p.url, r.cluster, r.kind, r.n, r.names, r.data, r.keys
		FROM page_records r JOIN pages p ON p.seq = r.page_seq ORDER BY r.page_seq, r.first`

// ExportClusterRecordsNamed is ExportClusterRecords with the fields that
// have a key named by name (nil: their stored names).
func (s *Store) ExportClusterRecordsNamed(ctx context.Context, cluster int64, name FieldNamer, fn func(RecordRow) error) error {
	return s.exportRecords(ctx, `SELECT r.page_seq, p.url, r.cluster, r.kind, r.n, r.names, r.data, r.keys
		FROM page_records r JOIN pages p ON p.seq = r.page_seq WHERE r.cluster = ? ORDER BY r.page_seq, r.first`, name, fn, cluster)
}

// ExportKindsRecordsNamed is ExportClusterRecordsNamed of the records of
// the given kinds only (crawl.Record.Kind): one table of a cluster's
// records. No kinds: none.
func (s *Store) ExportKindsRecordsNamed(ctx context.Context, cluster int64, kinds []string, name FieldNamer, fn func(RecordRow) error) error {
	return s.records().ExportKindsRecordsNamed(ctx, cluster, kinds, name, fn)
}

// RecordColumns returns the field names of the stored records of each
// cluster, each name once, in no particular order: the names the crawl
// gave them, which ExportRecords gives the records' fields (the exported
// tables name keyed fields anew, ExportRecordKeys). It reads the names
// only, through ExportRecordKeys.
func (s *Store) RecordColumns(ctx context.Context) (map[int64][]string, error) {
	seen := map[int64]map[string]bool{}
	err := s.ExportRecordKeys(ctx, func(r RunKeys) error {
		in := seen[r.Cluster]
		if in == nil {
			in = map[string]bool{}
			seen[r.Cluster] = in
		}
		for _, c := range r.Counts {
			in[c.Name] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(seen))
	for c, in := range seen {
		for n := range in {
			out[c] = append(out[c], n)
		}
	}
	return out, nil
}

// RunKeys is the entries of one stored run of records (a page's records
// of one cluster) with their counts, without the values.
type RunKeys struct {
	PageSeq int64
	PageURL string
	Cluster int64
	Kind    string     // the records' kind (crawl.Record.Kind)
	Records int        // records in the run
	Counts  []KeyCount // valid until fn returns; Key "" and no counts in runs without keys
}

// ExportRecordKeys calls fn for every run of records, by page seq and
// index, reading its names and keys only (not the values): what naming a
// cluster's columns needs (extraction.TableColumns).
func (s *Store) ExportRecordKeys(ctx context.Context, fn func(RunKeys) error) error {
	return s.records().ExportRecordKeys(ctx, fn)
}

// ExportClusterRecordKeys is ExportRecordKeys of one template cluster's
// runs (through the cluster index).
func (s *Store) ExportClusterRecordKeys(ctx context.Context, cluster int64, fn func(RunKeys) error) error {
	return s.records().ExportClusterRecordKeys(ctx, cluster, fn)
}

func (s *Store) exportRecords(ctx context.Context, query string, name FieldNamer, fn func(RecordRow) error, args ...any) error {
	return s.records().exportRecords(ctx, query, name, fn, args...)
}

// records is the store's records read through its read-only pool.
func (s *Store) records() *RecordsReader { return &RecordsReader{db: s.r} }

// ExportClusters calls fn for every cluster, by id.
func (s *Store) ExportClusters(ctx context.Context, fn func(ClusterExportRow) error) error {
	cs, err := s.Clusters(ctx)
	if err != nil {
		return err
	}
	counts := map[int64][2]int64{}
	rows, err := s.r.QueryContext(ctx, `SELECT cluster, count(*), 0 FROM pages WHERE cluster <> 0 GROUP BY cluster
		UNION ALL SELECT cluster, 0, sum(n) FROM page_records WHERE cluster <> 0 GROUP BY cluster`)
	if err != nil {
		return fmt.Errorf("store: export clusters: %w", err)
	}
	for rows.Next() {
		var id, pages, recs int64
		if err := rows.Scan(&id, &pages, &recs); err != nil {
			rows.Close()
			return fmt.Errorf("store: export clusters: %w", err)
		}
		c := counts[id]
		counts[id] = [2]int64{c[0] + pages, c[1] + recs}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export clusters: %w", err)
	}
	for _, c := range cs {
		n := counts[c.ID]
		if err := fn(ClusterExportRow{ID: c.ID, Size: c.Size, Pages: n[0], Records: n[1], Updated: c.Updated,
			Fingerprints: c.Fingerprints}); err != nil {
			return err
		}
	}
	return nil
}

// ExportFailures calls fn for every failure, by URL.
func (s *Store) ExportFailures(ctx context.Context, fn func(crawl.Failure) error) error {
	rows, err := s.r.QueryContext(ctx, "SELECT url, parent, kind, message, depth, status, at, attempts FROM failures ORDER BY url")
	if err != nil {
		return fmt.Errorf("store: export failures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var f crawl.Failure
		var at string
		if err := rows.Scan(&f.URL, &f.Parent, &f.Kind, &f.Message, &f.Depth, &f.Status, &at, &f.Attempts); err != nil {
			return fmt.Errorf("store: export failures: %w", err)
		}
		f.At = parseTime(at)
		if err := fn(f); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export failures: %w", err)
	}
	return nil
}
