package dashboard

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// recordSQL is how a store keeps its records: as runs, one row per page
// and cluster (table page_records, store schema 7 on, decoded by
// store.DecodeRecordRun), or one row per record with its fields as JSON
// (table records, before). The dashboard opens a store without migrating
// it, so it reads either.
type recordSQL struct{ runs bool }

// recordSQL tells the store's way.
func (d *DB) recordSQL(ctx context.Context) (recordSQL, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'page_records'`).Scan(&n)
	return recordSQL{runs: n > 0}, err
}

// count is the query counting the records (table alias r) where where
// holds (" WHERE …" or "").
func (q recordSQL) count(where string) string {
	if q.runs {
		return "SELECT coalesce(sum(r.n), 0) FROM page_records r" + where
	}
	return "SELECT count(*) FROM records r" + where
}

// record is one record as the dashboard shows it.
type record struct {
	url    string
	idx    int
	fields []crawl.Field
}

// each calls fn with every record of a cluster, by page and index.
func (q recordSQL) each(ctx context.Context, d *DB, cluster int64, fn func(record) error) error {
	if !q.runs {
		return q.eachRow(ctx, d, cluster, fn)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT p.url, r.n, r.names, r.data FROM page_records r
		JOIN pages p ON p.seq = r.page_seq WHERE r.cluster = ? ORDER BY r.page_seq, r.first`, cluster)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var url string
		var n int
		var names, data []byte
		if err := rows.Scan(&url, &n, &names, &data); err != nil {
			return err
		}
		err := store.DecodeRecordRun(names, data, n, func(idx int, fields []crawl.Field) error {
			return fn(record{url: url, idx: idx, fields: fields})
		})
		if err != nil {
			return fmt.Errorf("records of %s: %w", url, err)
		}
	}
	return rows.Err()
}

// eachRow is each on a store from before runs.
func (q recordSQL) eachRow(ctx context.Context, d *DB, cluster int64, fn func(record) error) error {
	rows, err := d.db.QueryContext(ctx, `SELECT p.url, r.idx, r.fields FROM records r
		JOIN pages p ON p.seq = r.page_seq WHERE r.cluster = ? ORDER BY r.page_seq, r.idx`, cluster)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r record
		var raw []byte
		if err := rows.Scan(&r.url, &r.idx, &raw); err != nil {
			return err
		}
		var fs []field
		if err := json.Unmarshal(raw, &fs); err != nil {
			return fmt.Errorf("%s record %d: %w", r.url, r.idx, err)
		}
		for _, f := range fs {
			r.fields = append(r.fields, crawl.Field{Name: f.Name, Value: f.Value})
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// field is one extracted field as a store from before runs keeps it.
type field struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Records reads a cluster's records; pg nil reads them all (CSV download).
func (d *DB) Records(ctx context.Context, cluster int64, pg *Paging) (Records, error) {
	out := Records{Cluster: cluster, Columns: []string{"page", "record"}, Rows: [][]string{}}
	rs, err := d.recordSQL(ctx)
	if err != nil {
		return out, fmt.Errorf("dashboard: records: %w", err)
	}
	if err := d.db.QueryRowContext(ctx, rs.count(" WHERE r.cluster = ?"), cluster).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("dashboard: records: %w", err)
	}
	// The schema is over all the cluster's records, as the export's.
	names, index := []string{}, map[string]int{}
	var recs []record
	lo, hi := int64(0), out.Total
	if pg != nil {
		lo, hi = pg.Offset(), pg.Offset()+int64(pg.Size)
	}
	i := int64(0)
	err = rs.each(ctx, d, cluster, func(r record) error {
		for _, f := range r.fields {
			if _, ok := index[f.Name]; !ok {
				index[f.Name] = len(names)
				names = append(names, f.Name)
			}
		}
		if i >= lo && i < hi {
			recs = append(recs, r)
		}
		i++
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("dashboard: records: %w", err)
	}
	out.Columns = append(out.Columns, names...)
	for _, r := range recs {
		row := make([]string, len(out.Columns))
		row[0], row[1] = r.url, fmt.Sprint(r.idx)
		for _, f := range r.fields {
			row[2+index[f.Name]] = f.Value
		}
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}
