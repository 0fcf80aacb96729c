package export

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/crawl-project/crawl/store"
)

// maxOnePassFiles bounds the per-cluster files WriteRecords writes in its
// single pass over the records (open files); tables beyond it get a pass
// each, as WriteRecordsDir does.
const maxOnePassFiles = 64

// WriteRecords writes the records table (as WriteFile with "records") to
// path and the per-cluster tables (as WriteRecordsDir) to dir, reading the
// stored records once: one query, each record's fields decoded once, and
// the field names read once. The files are those the two calls write, byte
// for byte, and each appears whole or not at all; per-cluster files of an
// earlier export that this one did not write are removed once every new
// file is in place (pruneClusterFiles). It returns the per-cluster files
// written.
func WriteRecords(ctx context.Context, st *store.Store, format, path, dir string) ([]string, error) {
	plan, err := storePlan(ctx, st)
	if err != nil {
		return nil, fmt.Errorf("export records: %w", err)
	}
	ids := plan.ids
	once, rest := ids, []tableID(nil)
	if len(ids) > maxOnePassFiles {
		once, rest = ids[:maxOnePassFiles], ids[maxOnePassFiles:]
	}
	var outs []*pendingFile
	defer func() { // whatever was not renamed is removed
		for _, o := range outs {
			o.discard()
		}
	}()
	all, err := newPendingFile(path, format, nil, plan)
	if err != nil {
		return nil, err
	}
	outs = append(outs, all)
	byTable := make(map[tableID]*table, len(once))
	for _, id := range once {
		o, err := newPendingFile(filepath.Join(dir, tableFile(id, format)), format, &id, plan)
		if err != nil {
			return nil, err
		}
		outs = append(outs, o)
		byTable[id] = o.t
	}
	var quoted []uint8 // a record's values' quoting, found once for both its tables
	// The table of the record before, by its cluster and kind: a run's
	// records follow each other (two map lookups by a struct with a
	// string were 20 M instructions a Python docs crawl).
	var last struct {
		cluster int64
		kind    string
		t       *table
		ok      bool
	}
	// Each record is written out at once: its fields are the store's
	// buffers (ExportRecordsView), not copies.
	err = st.ExportRecordsView(ctx, plan.namer(), func(r store.RecordRow) error {
		if !last.ok || r.Cluster != last.cluster || r.Kind != last.kind {
			last.cluster, last.kind, last.t, last.ok = r.Cluster, r.Kind, nil, true
			if id, ok := plan.table(r.Cluster, r.Kind); ok {
				last.t = byTable[id]
			}
		}
		t := last.t
		if t == nil {
			return all.t.write(r)
		}
		quoted = append(quoted[:0], make([]uint8, len(r.Fields))...)
		if err := all.t.writeQuoted(r, quoted); err != nil {
			return err
		}
		return t.writeQuoted(r, quoted)
	})
	if err != nil {
		return nil, fmt.Errorf("export records: %w", err)
	}
	var files []string
	for i, o := range outs {
		if err := o.commit(); err != nil {
			return files, err
		}
		if i > 0 {
			files = append(files, o.path)
		}
	}
	outs = nil
	for _, id := range rest {
		f, err := writeTableFile(ctx, st, format, dir, id, plan)
		if err != nil {
			return files, err
		}
		files = append(files, f)
	}
	return files, pruneClusterFiles(dir, format, files)
}

// pendingFile is a records table being written to a temporary file beside
// path, renamed to path by commit.
type pendingFile struct {
	path string
	f    *os.File
	rw   rowWriter
	t    *table
}

func newPendingFile(path, format string, id *tableID, plan *tablePlan) (*pendingFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	f, err := createTemp(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	o := &pendingFile{path: path, f: f}
	if o.rw, err = newRowWriter(f, format); err == nil {
		o.t, err = newTable(o.rw, id, plan)
	}
	if err != nil {
		o.discard()
		return nil, err
	}
	return o, nil
}

// commit flushes, closes and renames the file into place.
func (o *pendingFile) commit() error {
	err := o.rw.flush()
	if cerr := o.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export: %w", cerr)
	}
	if err == nil {
		if err = os.Rename(o.f.Name(), o.path); err != nil {
			err = fmt.Errorf("export: %w", err)
		}
	}
	if err != nil {
		os.Remove(o.f.Name())
	}
	o.f = nil
	return err
}

// discard closes and removes the temporary file, if still there.
func (o *pendingFile) discard() {
	if o.f != nil {
		o.f.Close()
		os.Remove(o.f.Name())
		o.f = nil
	}
}
