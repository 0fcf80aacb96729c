package export

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/store"
)

// MaxTableColumns is the most columns of a records table, its page,
// record and cluster columns included: names beyond it are written to
// the extraction.Other column.
const MaxTableColumns = 64

// roles is the column order of records tables: extraction's role names
// (each followed by its numbered repeats), then any other name (records
// user hooks add) alphabetically, then extraction.Other.
var roles = []string{"title", "link", "date", "author", "price", "summary", "text", "image"}

// columnOrder sorts names in table order and keeps at most max of them,
// extraction.Other included (added when a name is cut).
func columnOrder(names []string, max int) []string {
	key := func(n string) (int, int, string) {
		if n == extraction.Other {
			return len(roles) + 1, 0, ""
		}
		base, num := n, 1
		if i := strings.LastIndexByte(n, '_'); i > 0 {
			if k, err := strconv.Atoi(n[i+1:]); err == nil && k > 1 {
				base, num = n[:i], k
			}
		}
		if r := slices.Index(roles, base); r >= 0 {
			return r, num, ""
		}
		return len(roles), 0, n
	}
	out := slices.Clone(names)
	slices.SortFunc(out, func(a, b string) int {
		ra, na, sa := key(a)
		rb, nb, sb := key(b)
		return cmp.Or(cmp.Compare(ra, rb), cmp.Compare(na, nb), cmp.Compare(sa, sb))
	})
	out = slices.Compact(out)
	if len(out) > max { // Other sorts last: cut it with the others, add it back
		out = append(out[:max-1:max-1], extraction.Other)
	}
	return out
}

// rowValues places a record's fields under cols: repeated names (the
// sparse fields in extraction.Other) are joined with " | " in order, and
// names not in cols go to Other. r.vals holds then one value per column;
// a column with one value takes that value's string as it is, and only a
// column with several is joined (in a reused buffer).
func rowValues(fields []crawl.Field, at map[string]int, r *rowBuf) {
	r.place(fields, at)
	for i := range r.vals {
		switch {
		case r.gen[i] != r.row:
			r.vals[i] = ""
		case r.joined[i]:
			r.vals[i] = string(r.bufs[i])
			r.joined[i] = false
		}
	}
}

// rowBuf is the field columns of one row being placed. A column holds a
// value only when gen says it was set for this row (no clearing of every
// column of every row); its value is then vals, or bufs when joined.
type rowBuf struct {
	vals   []string
	joined []bool   // the column's value is in bufs
	bufs   [][]byte // the joined values, reused from row to row
	gen    []uint32 // the row that set the column
	row    uint32
}

func newRowBuf(cols int) *rowBuf {
	return &rowBuf{vals: make([]string, cols), joined: make([]bool, cols), bufs: make([][]byte, cols),
		gen: make([]uint32, cols)}
}

// place places fields (see rowValues) for a new row.
func (r *rowBuf) place(fields []crawl.Field, at map[string]int) {
	if r.row++; r.row == 0 { // wrapped: no column is of this row
		clear(r.gen)
		r.row = 1
	}
	for _, f := range fields {
		i, ok := at[f.Name]
		if !ok {
			if i, ok = at[extraction.Other]; !ok {
				continue
			}
		}
		switch {
		case r.gen[i] != r.row:
			r.gen[i], r.vals[i], r.joined[i] = r.row, f.Value, false
		case r.joined[i]:
			if len(r.bufs[i]) > 0 {
				r.bufs[i] = append(r.bufs[i], " | "...)
			}
			r.bufs[i] = append(r.bufs[i], f.Value...)
		case r.vals[i] == "":
			r.vals[i] = f.Value
		default:
			r.bufs[i] = append(append(append(r.bufs[i][:0], r.vals[i]...), " | "...), f.Value...)
			r.joined[i] = true
		}
	}
}

// appendCells appends the placed row's columns as CSV fields, each after
// a comma.
func (r *rowBuf) appendCells(dst []byte) []byte {
	for i := range r.vals {
		dst = append(dst, ',')
		switch {
		case r.gen[i] != r.row:
		case r.joined[i]:
			dst = appendCSVField(dst, r.bufs[i])
		default:
			dst = appendCSVField(dst, r.vals[i])
		}
	}
	return dst
}

// recordNaming names the columns of each cluster's records
// (extraction.TableColumns) from the runs pass streams: their names, keys
// and counts, not their values.
func recordNaming(pass func(func(store.RunKeys) error) error) (map[int64]*extraction.Naming, error) {
	cols := map[int64]*extraction.TableColumns{}
	err := pass(func(r store.RunKeys) error {
		tc := cols[r.Cluster]
		if tc == nil {
			tc = extraction.NewTableColumns()
			cols[r.Cluster] = tc
		}
		tc.AddRecords(r.Records)
		for _, c := range r.Counts {
			tc.AddCount(extraction.KeyCount(c))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	names := make(map[int64]*extraction.Naming, len(cols))
	for id, tc := range cols {
		names[id] = tc.Naming()
	}
	return names, nil
}

// storeNaming is recordNaming of all the records of st.
func storeNaming(ctx context.Context, st *store.Store) (map[int64]*extraction.Naming, error) {
	return recordNaming(func(fn func(store.RunKeys) error) error { return st.ExportRecordKeys(ctx, fn) })
}

// records streams the records of one cluster (cluster ≥ 0) or of all
// clusters with a cluster column (cluster < 0): the columns come from a
// first pass over the records (names, recordNaming), then each row is
// written as it is read; no table is held in memory.
func records(ctx context.Context, st *store.Store, rw rowWriter, cluster int64, names map[int64]*extraction.Naming) error {
	t, err := newTable(rw, cluster, names)
	if err != nil {
		return err
	}
	if cluster < 0 {
		return st.ExportRecordsNamed(ctx, namer(names), t.write)
	}
	return st.ExportClusterRecordsNamed(ctx, cluster, namer(names), t.write)
}

// namer names the fields that have a key by their cluster's naming.
func namer(names map[int64]*extraction.Naming) store.FieldNamer {
	return func(_, cluster int64, c store.KeyCount) string {
		if nm := names[cluster]; nm != nil {
			return nm.KeyName(c.Key)
		}
		return c.Name
	}
}

// table writes the rows of one records table: all clusters with a
// cluster column (cluster < 0), or one cluster's.
type table struct {
	rw      rowWriter
	cluster int64
	at      map[string]int
	lead    []any   // the page, cluster and record columns of a row
	vals    *rowBuf // the field columns of a row
}

// newTable writes the header of a records table and returns it.
func newTable(rw rowWriter, cluster int64, names map[int64]*extraction.Naming) (*table, error) {
	lead := []string{"page", "record"}
	var all []string
	if cluster < 0 {
		lead = []string{"page", "cluster", "record"}
		for _, ns := range names {
			all = append(all, ns.Columns()...)
		}
	} else if ns := names[cluster]; ns != nil {
		all = ns.Columns()
	}
	cols := columnOrder(all, MaxTableColumns-len(lead))
	at := make(map[string]int, len(cols))
	for i, c := range cols {
		at[c] = i
	}
	if err := rw.header(append(lead, cols...)); err != nil {
		return nil, err
	}
	return &table{rw: rw, cluster: cluster, at: at,
		lead: make([]any, len(lead)), vals: newRowBuf(len(cols))}, nil
}

// write writes one record as a row (its fields named as the table's
// columns: store.FieldNamer, namer).
func (t *table) write(r store.RecordRow) error {
	if c, ok := t.rw.(*csvWriter); ok { // the columns go from the buffers to CSV, no strings made
		t.vals.place(r.Fields, t.at)
		c.buf = appendCSVField(c.buf, r.PageURL)
		if t.cluster < 0 {
			c.buf = strconv.AppendInt(append(c.buf, ','), r.Cluster, 10)
		}
		c.buf = strconv.AppendInt(append(c.buf, ','), int64(r.Index), 10)
		c.buf = t.vals.appendCells(c.buf)
		return c.endRow()
	}
	if t.cluster < 0 {
		t.lead[0], t.lead[1], t.lead[2] = r.PageURL, r.Cluster, r.Index
	} else {
		t.lead[0], t.lead[1] = r.PageURL, r.Index
	}
	rowValues(r.Fields, t.at, t.vals)
	return t.rw.rowOf(t.lead, t.vals.vals)
}

// WriteRecordsDir writes one file per cluster with records,
// dir/records-cluster-<id>.<format>, each with its cluster's own columns,
// and returns the files written. Each file reads only its cluster's
// records. Per-cluster files of an earlier export that this one did not
// write are removed once every new file is in place (pruneClusterFiles).
func WriteRecordsDir(ctx context.Context, st *store.Store, format, dir string) ([]string, error) {
	names, err := storeNaming(ctx, st)
	if err != nil {
		return nil, fmt.Errorf("export records: %w", err)
	}
	ids := slices.Sorted(maps.Keys(names))
	var files []string
	for _, id := range ids {
		path, err := writeClusterFile(ctx, st, format, dir, id, names)
		if err != nil {
			return files, err
		}
		files = append(files, path)
	}
	return files, pruneClusterFiles(dir, format, files)
}

// pruneClusterFiles removes from dir the per-cluster files of format
// that an earlier export wrote and this one did not (written: this
// export's files, all in place): a cluster of an earlier run that no
// longer exists, or has no records now, leaves no stale table beside the
// current ones. Only regular files named records-cluster-<id>.<format>
// are removed; any other file, and the other format's tables, are left.
func pruneClusterFiles(dir, format string, written []string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	keep := make(map[string]bool, len(written))
	for _, w := range written {
		keep[filepath.Base(w)] = true
	}
	for _, e := range entries {
		name := e.Name()
		if keep[name] || !e.Type().IsRegular() || !clusterFileName(name, format) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("export: remove the stale %s: %w", name, err)
		}
	}
	return nil
}

// clusterFilePrefix starts the name of every per-cluster records file.
const clusterFilePrefix = "records-cluster-"

// clusterFile is the name of cluster id's records file in format:
// records-cluster-<id>.<format>.
func clusterFile(id int64, format string) string {
	return clusterFilePrefix + strconv.FormatInt(id, 10) + "." + format
}

// clusterFileName reports whether name is a clusterFile name of format,
// id a positive decimal number without leading zeros.
func clusterFileName(name, format string) bool {
	id, ok := strings.CutPrefix(name, clusterFilePrefix)
	if !ok {
		return false
	}
	if id, ok = strings.CutSuffix(id, "."+format); !ok || id == "" || id[0] == '0' {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return true
}

// writeClusterFile writes dir/records-cluster-<id>.<format> and returns
// its path.
func writeClusterFile(ctx context.Context, st *store.Store, format, dir string, id int64, names map[int64]*extraction.Naming) (string, error) {
	path := filepath.Join(dir, clusterFile(id, format))
	err := atomicWrite(path, func(w io.Writer) error {
		rw, err := newRowWriter(w, format)
		if err != nil {
			return err
		}
		if err := records(ctx, st, rw, id, names); err != nil {
			return fmt.Errorf("export records of cluster %d: %w", id, err)
		}
		return rw.flush()
	})
	return path, err
}
