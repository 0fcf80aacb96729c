package export

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/crawl-project/crawl/store"
)

// RecordSource is where a cluster's records tables are read from: a
// *store.Store, or a store.RecordsReader over a connection that does not
// open the store (the dashboard's read-only one).
type RecordSource interface {
	ExportClusterRecordKeys(ctx context.Context, cluster int64, fn func(store.RunKeys) error) error
	ExportKindsRecordsNamed(ctx context.Context, cluster int64, kinds []string, name store.FieldNamer, fn func(store.RecordRow) error) error
}

// ClusterTables is the records tables of one template cluster as the
// records export writes them (tables.go): the same tables, in the same
// order (the main table, the further kinds by size, the rest), with the
// same columns and rows as the files records-cluster-<id>[-<name>].<format>.
// A table's columns depend on the cluster's records alone, so they are
// planned from its runs' names and keys (two passes, no values read).
type ClusterTables struct {
	Cluster int64
	Tables  []Table
	src     RecordSource
	plan    *tablePlan
}

// Table is one records table of a cluster.
type Table struct {
	Name    string   // "" for the cluster's main table, else its kind's name or "rest"
	File    string   // its file's name without the format: records-cluster-<id>[-<name>]
	Records int      // its records when planned
	Columns []string // its header: page, record, then the fields' columns
}

// ErrNoTable is returned for a table name a cluster does not have.
var ErrNoTable = errors.New("export: no such records table")

// PlanClusterTables plans the records tables of cluster from src.
func PlanClusterTables(ctx context.Context, src RecordSource, cluster int64) (*ClusterTables, error) {
	plan, err := planTables(func(fn func(store.RunKeys) error) error {
		return src.ExportClusterRecordKeys(ctx, cluster, fn)
	})
	if err != nil {
		return nil, fmt.Errorf("export: records tables of cluster %d: %w", cluster, err)
	}
	ct := &ClusterTables{Cluster: cluster, src: src, plan: plan}
	for _, id := range plan.ids { // the cluster's tables only: its runs' keys planned them
		lead, cols := tableHeader(&id, plan)
		ct.Tables = append(ct.Tables, Table{Name: id.name, File: tableBase(id), Records: plan.size[id], Columns: append(lead, cols...)})
	}
	return ct, nil
}

// Write streams table name (Table.Name) in format (Formats) to w, byte
// for byte the table's file of a records export of the same records.
func (ct *ClusterTables) Write(ctx context.Context, name, format string, w io.Writer) error {
	id, err := ct.id(name)
	if err != nil {
		return err
	}
	rw, err := newRowWriter(w, format)
	if err != nil {
		return err
	}
	if err := ct.rows(ctx, rw, id); err != nil {
		return err
	}
	return rw.flush()
}

// Rows calls fn with each row of table name after its header (Table.Columns),
// as strings, in the table's order; fn may keep a row. An error of fn
// ends the reading and is returned.
func (ct *ClusterTables) Rows(ctx context.Context, name string, fn func(row []string) error) error {
	id, err := ct.id(name)
	if err != nil {
		return err
	}
	return ct.rows(ctx, &stringRows{fn: fn}, id)
}

func (ct *ClusterTables) rows(ctx context.Context, rw rowWriter, id tableID) error {
	t, err := newTable(rw, &id, ct.plan)
	if err != nil {
		return err
	}
	return ct.src.ExportKindsRecordsNamed(ctx, id.cluster, ct.plan.kinds[id], ct.plan.namer(), t.write)
}

func (ct *ClusterTables) id(name string) (tableID, error) {
	id := tableID{cluster: ct.Cluster, name: name}
	if _, ok := ct.plan.kinds[id]; !ok {
		return id, fmt.Errorf("%w: cluster %d has no table %q", ErrNoTable, ct.Cluster, name)
	}
	return id, nil
}

// stringRows is a rowWriter handing each row to fn as strings.
type stringRows struct {
	fn func([]string) error
}

func (s *stringRows) header([]string) error { return nil }

func (s *stringRows) row(vals []any) error {
	row := make([]string, len(vals))
	for i, v := range vals {
		row[i] = format(v)
	}
	return s.fn(row)
}

func (s *stringRows) rowOf(lead []any, rest []string) error {
	row := make([]string, 0, len(lead)+len(rest))
	for _, v := range lead {
		row = append(row, format(v))
	}
	return s.fn(append(row, rest...))
}

func (s *stringRows) flush() error { return nil }
