package dashboard

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// recordSQL is how a store keeps its records: as runs, one row per page
// and cluster (table page_records, store schema 7 on, decoded by
// store.DecodeRecordRun), or one row per record with its fields as JSON
// (table records, before). The dashboard opens a store without migrating
// it, so it reads either.
// A store of schema 10 on keeps the runs' kinds too (kinds): its
// records tables are the export's, a table per kind.
type recordSQL struct{ runs, kinds bool }

// recordSQL tells the store's way.
func (d *DB) recordSQL(ctx context.Context) (recordSQL, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'page_records'`).Scan(&n)
	if err != nil || n == 0 {
		return recordSQL{}, err
	}
	kinds, err := store.RecordKindsKept(ctx, d.db)
	return recordSQL{runs: true, kinds: kinds}, err
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

// RecordsTable is one of a cluster's records tables: as the records
// export gives each kind of a cluster's records a table of its own
// (export.ClusterTables), with the export's columns and file name.
type RecordsTable struct {
	Name    string `json:"name"` // "" for the cluster's main table
	File    string `json:"file"` // the export's file name, without its format
	Records int64  `json:"records"`
}

// errStop ends a read of rows once a page of them is taken.
var errStop = errors.New("dashboard: enough rows")

// Records reads one page of one of a cluster's records tables (table:
// RecordsTable.Name, "" the main one); pg nil reads them all. The rows
// and columns are those of the table's file in the records export. A
// store from before kinds were kept (opened read-only, never migrated)
// has one table per cluster, its columns the stored names.
func (d *DB) Records(ctx context.Context, cluster int64, table string, pg *Paging) (Records, error) {
	rs, err := d.recordSQL(ctx)
	if err != nil {
		return Records{}, fmt.Errorf("dashboard: records: %w", err)
	}
	if !rs.kinds {
		if err := oneTableOnly(table); err != nil {
			return Records{}, err
		}
		return d.recordsOneTable(ctx, rs, cluster, pg)
	}
	ct, tb, err := d.recordTable(ctx, cluster, table)
	if err != nil {
		return Records{}, err
	}
	out := Records{Cluster: cluster, Table: table, Tables: tablesOf(ct), Columns: []string{"page", "record"}, Rows: [][]string{}}
	if tb == nil {
		return out, nil // no records
	}
	out.Columns, out.Total = tb.Columns, int64(tb.Records)
	lo, hi := int64(0), int64(math.MaxInt64)
	if pg != nil {
		lo, hi = pg.Offset(), pg.Offset()+int64(pg.Size)
	}
	i := int64(0)
	err = ct.Rows(ctx, table, func(row []string) error {
		if i >= hi {
			return errStop
		}
		if i >= lo {
			out.Rows = append(out.Rows, row)
		}
		i++
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return out, fmt.Errorf("dashboard: records: %w", err)
	}
	return out, nil
}

// recordTable plans a cluster's records tables and finds table among
// them: nil when the cluster has no records (and table is ""), a
// ParamError when it has no such table.
func (d *DB) recordTable(ctx context.Context, cluster int64, table string) (*export.ClusterTables, *export.Table, error) {
	ct, err := export.PlanClusterTables(ctx, store.NewRecordsReader(d.db), cluster)
	if err != nil {
		return nil, nil, fmt.Errorf("dashboard: records: %w", err)
	}
	for i := range ct.Tables {
		if ct.Tables[i].Name == table {
			return ct, &ct.Tables[i], nil
		}
	}
	if table == "" && len(ct.Tables) == 0 {
		return ct, nil, nil
	}
	var names []string
	for _, tb := range ct.Tables {
		names = append(names, strconv.Quote(tb.Name))
	}
	return nil, nil, &ParamError{Name: "table", Value: table, Want: fmt.Sprintf("one of cluster %d's records tables (%s)", cluster, strings.Join(names, ", "))}
}

// tablesOf lists ct's tables.
func tablesOf(ct *export.ClusterTables) []RecordsTable {
	out := make([]RecordsTable, 0, len(ct.Tables))
	for _, tb := range ct.Tables {
		out = append(out, RecordsTable{Name: tb.Name, File: tb.File, Records: int64(tb.Records)})
	}
	return out
}

// WriteRecordsCSV streams one of a cluster's records tables as CSV to w,
// the bytes of its file in the records export; it returns that file's name
// before writing (name is called once the table is known, before any
// byte is written, so that a caller can set its headers).
func (d *DB) WriteRecordsCSV(ctx context.Context, cluster int64, table string, name func(file string), w io.Writer) error {
	rs, err := d.recordSQL(ctx)
	if err != nil {
		return fmt.Errorf("dashboard: records: %w", err)
	}
	if !rs.kinds {
		if err := oneTableOnly(table); err != nil {
			return err
		}
		recs, err := d.recordsOneTable(ctx, rs, cluster, nil)
		if err != nil {
			return err
		}
		name(fmt.Sprintf("records-cluster-%d.csv", cluster))
		cw := csv.NewWriter(w)
		_ = cw.Write(recs.Columns)
		_ = cw.WriteAll(recs.Rows)
		return cw.Error()
	}
	ct, tb, err := d.recordTable(ctx, cluster, table)
	if err != nil {
		return err
	}
	if tb == nil {
		name(fmt.Sprintf("records-cluster-%d.csv", cluster))
		return csv.NewWriter(w).WriteAll([][]string{{"page", "record"}})
	}
	name(tb.File + ".csv")
	return ct.Write(ctx, table, "csv", w)
}

// oneTableOnly refuses a table name for a store from before kinds were
// kept: it has one records table a cluster, named "".
func oneTableOnly(table string) error {
	if table != "" {
		return &ParamError{Name: "table", Value: table, Want: "no table name: this store keeps one records table a cluster"}
	}
	return nil
}

// recordsOneTable reads a cluster's records of a store from before kinds
// were kept, all in one table whose columns are the stored names.
func (d *DB) recordsOneTable(ctx context.Context, rs recordSQL, cluster int64, pg *Paging) (Records, error) {
	out := Records{Cluster: cluster, Columns: []string{"page", "record"}, Rows: [][]string{}}
	if err := d.db.QueryRowContext(ctx, rs.count(" WHERE r.cluster = ?"), cluster).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("dashboard: records: %w", err)
	}
	out.Tables = []RecordsTable{{File: fmt.Sprintf("records-cluster-%d", cluster), Records: out.Total}}
	if out.Total == 0 {
		out.Tables = []RecordsTable{}
	}
	// The columns are all the cluster's records' names.
	names, index := []string{}, map[string]int{}
	var recs []record
	lo, hi := int64(0), out.Total
	if pg != nil {
		lo, hi = pg.Offset(), pg.Offset()+int64(pg.Size)
	}
	i := int64(0)
	err := rs.each(ctx, d, cluster, func(r record) error {
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
	names = export.ColumnOrder(names) // the columns in the export's order
	for i, n := range names {
		index[n] = i
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
