package export

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unsafe"

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
var roles = []string{"title", "kind", "link", "date", "author", "price", "summary", "text", "image"}

// ColumnOrder sorts field names in the order of a records table's
// columns (roles, then other names alphabetically, then
// extraction.Other), each once, none cut.
func ColumnOrder(names []string) []string { return columnOrder(names, len(names)+1) }

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
	src    []int32 // the field a column of one value took it from
	// The column of the field at each place of the last rows: the records
	// of a run have the same names in the same places, so a name equal
	// to the one before at its place (the same string, most often) takes
	// its column without a map lookup. A rowBuf serves one table (one at).
	seen []placed
	// The columns of the names met, by the address and length of their
	// bytes (nameCache), for a field whose place held another name (in
	// the Python docs crawl 39 % of the fields: the sparse fields shift
	// the places).
	cols nameCache
}

// nameCache maps field names to columns by the address and length of the
// names' bytes: direct-mapped, a slot per hash of the address, the name
// kept in its slot (so its bytes stay where they are). Equal address and
// length are equal bytes for Go strings; a name not found (a collision, a
// copy of a name at another address) is looked up in the map (column)
// and takes the slot. The store's decoder interns the names it reads, so
// a table's rows name their fields with few strings.
type nameCache [256]nameSlot

type nameSlot struct {
	name string
	col  int // the column + 2 (0: an empty slot; 1: no column)
}

// column is column(at, name), through the cache.
func (c *nameCache) column(at map[string]int, name string) int {
	p := uintptr(unsafe.Pointer(unsafe.StringData(name)))
	s := &c[(p>>3^p>>11^uintptr(len(name)))&uintptr(len(c)-1)]
	if s.col != 0 && len(s.name) == len(name) && unsafe.StringData(s.name) == unsafe.StringData(name) {
		return s.col - 2
	}
	i := column(at, name)
	if len(name) > 0 { // "" has no address to tell it by
		s.name, s.col = name, i+2
	}
	return i
}

// placed is a field name with its column (-1: the name has none and the
// table has no Other).
type placed struct {
	name string
	col  int
}

func newRowBuf(cols int) *rowBuf {
	return &rowBuf{vals: make([]string, cols), joined: make([]bool, cols), bufs: make([][]byte, cols),
		gen: make([]uint32, cols), src: make([]int32, cols)}
}

// place places fields (see rowValues) for a new row.
func (r *rowBuf) place(fields []crawl.Field, at map[string]int) {
	if r.row++; r.row == 0 { // wrapped: no column is of this row
		clear(r.gen)
		r.row = 1
	}
	for j, f := range fields {
		var i int
		if j < len(r.seen) && r.seen[j].name == f.Name {
			i = r.seen[j].col
		} else {
			i = r.cols.column(at, f.Name)
			if j < len(r.seen) {
				r.seen[j] = placed{f.Name, i}
			} else if j == len(r.seen) {
				r.seen = append(r.seen, placed{f.Name, i})
			}
		}
		if i < 0 {
			continue
		}
		switch {
		case r.gen[i] != r.row:
			r.gen[i], r.vals[i], r.joined[i], r.src[i] = r.row, f.Value, false, int32(j)
		case r.joined[i]:
			if len(r.bufs[i]) > 0 {
				r.bufs[i] = append(r.bufs[i], " | "...)
			}
			r.bufs[i] = append(r.bufs[i], f.Value...)
		case r.vals[i] == "":
			r.vals[i], r.src[i] = f.Value, int32(j)
		default:
			r.bufs[i] = append(append(append(r.bufs[i][:0], r.vals[i]...), " | "...), f.Value...)
			r.joined[i] = true
		}
	}
}

// column is the column of name in at: its own, else Other's, else -1.
func column(at map[string]int, name string) int {
	if i, ok := at[name]; ok {
		return i
	}
	if i, ok := at[extraction.Other]; ok {
		return i
	}
	return -1
}

// appendCells appends the placed row's columns as CSV fields, each after
// a comma. quoted, when not nil, holds per field of the row whether its
// value is quoted (appendCSVQuoted: quoteUnknown, quotePlain or
// quoteNeeded), as found for another table of the record (records.csv
// and its cluster's table write the same values): a column of one value
// found there is not searched again.
func (r *rowBuf) appendCells(dst []byte, quoted []uint8) []byte {
	for i := range r.vals {
		dst = append(dst, ',')
		switch {
		case r.gen[i] != r.row:
		case r.joined[i]:
			dst = appendCSVField(dst, r.bufs[i])
		case quoted == nil || len(r.vals[i]) > maxCell:
			dst = appendCSVField(dst, r.vals[i])
		default:
			dst = appendCSVQuoted(dst, r.vals[i], &quoted[r.src[i]])
		}
	}
	return dst
}

// storePlan is planTables of all the records of st.
func storePlan(ctx context.Context, st *store.Store) (*tablePlan, error) {
	return planTables(func(fn func(store.RunKeys) error) error { return st.ExportRecordKeys(ctx, fn) })
}

// records streams the records of one table (id) or of all tables with a
// cluster column (id nil): the columns come from a first pass over the
// records (names, planTables), then each row is written as it is read; no
// table is held in memory.
func records(ctx context.Context, st *store.Store, rw rowWriter, id *tableID, plan *tablePlan) error {
	t, err := newTable(rw, id, plan)
	if err != nil {
		return err
	}
	if id == nil {
		return st.ExportRecordsNamed(ctx, plan.namer(), t.write)
	}
	return st.ExportKindsRecordsNamed(ctx, id.cluster, plan.kinds[*id], plan.namer(), t.write)
}

// table writes the rows of one records table: all tables with a cluster
// column (all), or one table's.
type table struct {
	rw   rowWriter
	all  bool
	at   map[string]int
	lead []any   // the page, cluster and record columns of a row
	vals *rowBuf // the field columns of a row
	// The page of the row before and its quoting (appendCSVQuoted): a
	// run's records share their page's URL string, searched once.
	page      string
	pageQuote uint8
}

// newTable writes the header of a records table, id's or all tables' (id
// nil), and returns it.
func newTable(rw rowWriter, id *tableID, plan *tablePlan) (*table, error) {
	lead, cols := tableHeader(id, plan)
	at := make(map[string]int, len(cols))
	for i, c := range cols {
		at[c] = i
	}
	if err := rw.header(append(lead, cols...)); err != nil {
		return nil, err
	}
	return &table{rw: rw, all: id == nil, at: at,
		lead: make([]any, len(lead)), vals: newRowBuf(len(cols))}, nil
}

// tableHeader is the header of table id, or of all tables with a
// cluster column (id nil): its lead columns, then its fields' columns.
func tableHeader(id *tableID, plan *tablePlan) (lead, cols []string) {
	lead = []string{"page", "record"}
	if id == nil {
		lead = []string{"page", "cluster", "record"}
	}
	return lead, columnOrder(plan.columns(id), MaxTableColumns-len(lead))
}

// write writes one record as a row (its fields named as the table's
// columns: store.FieldNamer, namer).
func (t *table) write(r store.RecordRow) error { return t.writeQuoted(r, nil) }

// writeQuoted is write with the quoting of the record's values found so
// far (quoted: per field, as appendCells keeps it; nil: none kept), for a
// record written to several CSV tables.
func (t *table) writeQuoted(r store.RecordRow, quoted []uint8) error {
	if c, ok := t.rw.(*csvWriter); ok { // the columns go from the buffers to CSV, no strings made
		t.vals.place(r.Fields, t.at)
		if len(r.PageURL) != len(t.page) || unsafe.StringData(r.PageURL) != unsafe.StringData(t.page) {
			t.page, t.pageQuote = r.PageURL, quoteUnknown
		}
		if len(r.PageURL) > maxCell {
			c.buf = appendCSVField(c.buf, r.PageURL)
		} else {
			c.buf = appendCSVQuoted(c.buf, r.PageURL, &t.pageQuote)
		}
		if t.all {
			c.buf = strconv.AppendInt(append(c.buf, ','), r.Cluster, 10)
		}
		c.buf = strconv.AppendInt(append(c.buf, ','), int64(r.Index), 10)
		c.buf = t.vals.appendCells(c.buf, quoted)
		return c.endRow()
	}
	if t.all {
		t.lead[0], t.lead[1], t.lead[2] = r.PageURL, r.Cluster, r.Index
	} else {
		t.lead[0], t.lead[1] = r.PageURL, r.Index
	}
	rowValues(r.Fields, t.at, t.vals)
	return t.rw.rowOf(t.lead, t.vals.vals)
}

// WriteRecordsDir writes one file per records table (tables.go: a
// cluster's main table dir/records-cluster-<id>.<format>, its further
// kinds' records-cluster-<id>-<kind>.<format> and its small kinds'
// records-cluster-<id>-rest.<format>), each with its own columns, and
// returns the files written. Each file reads only its table's records.
// Per-cluster files of an earlier export that this one did not write are
// removed once every new file is in place (pruneClusterFiles).
func WriteRecordsDir(ctx context.Context, st *store.Store, format, dir string) ([]string, error) {
	plan, err := storePlan(ctx, st)
	if err != nil {
		return nil, fmt.Errorf("export records: %w", err)
	}
	var files []string
	for _, id := range plan.ids {
		path, err := writeTableFile(ctx, st, format, dir, id, plan)
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

// tableFile is the name of table id's file in format:
// records-cluster-<id>.<format>, or records-cluster-<id>-<name>.<format>.
func tableFile(id tableID, format string) string { return tableBase(id) + "." + format }

// tableBase is tableFile without the format.
func tableBase(id tableID) string {
	name := clusterFilePrefix + strconv.FormatInt(id.cluster, 10)
	if id.name != "" {
		name += "-" + id.name
	}
	return name
}

// clusterFileName reports whether name is a tableFile name of format: the
// cluster a decimal number without leading zeros (0: the pages of no
// template cluster, as a crawl without clustering writes), the table's
// name, if any, lowercase letters, digits and dashes.
func clusterFileName(name, format string) bool {
	id, ok := strings.CutPrefix(name, clusterFilePrefix)
	if !ok {
		return false
	}
	if id, ok = strings.CutSuffix(id, "."+format); !ok {
		return false
	}
	id, table, named := strings.Cut(id, "-")
	if id == "" || id[0] == '0' && len(id) > 1 || named && table == "" {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	for i := 0; i < len(table); i++ {
		if c := table[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// writeTableFile writes table id's file in dir and returns its path.
func writeTableFile(ctx context.Context, st *store.Store, format, dir string, id tableID, plan *tablePlan) (string, error) {
	path := filepath.Join(dir, tableFile(id, format))
	err := atomicWrite(path, func(w io.Writer) error {
		rw, err := newRowWriter(w, format)
		if err != nil {
			return err
		}
		if err := records(ctx, st, rw, &id, plan); err != nil {
			return fmt.Errorf("export records of cluster %d: %w", id.cluster, err)
		}
		return rw.flush()
	})
	return path, err
}
