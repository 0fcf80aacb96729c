package export

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/store"
)

// maxOnePassFiles bounds the per-cluster files WriteRecords writes in its
// single pass over the records (open files); clusters beyond it get a
// pass each, as WriteRecordsDir does.
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
	names, err := storeNaming(ctx, st)
	if err != nil {
		return nil, fmt.Errorf("export records: %w", err)
	}
	ids := slices.Sorted(maps.Keys(names))
	once, rest := ids, []int64(nil)
	if len(ids) > maxOnePassFiles {
		once, rest = ids[:maxOnePassFiles], ids[maxOnePassFiles:]
	}
	var outs []*pendingFile
	defer func() { // whatever was not renamed is removed
		for _, o := range outs {
			o.discard()
		}
	}()
	all, err := newPendingFile(path, format, -1, names)
	if err != nil {
		return nil, err
	}
	outs = append(outs, all)
	byCluster := make(map[int64]*table, len(once))
	for _, id := range once {
		o, err := newPendingFile(filepath.Join(dir, clusterFile(id, format)), format, id, names)
		if err != nil {
			return nil, err
		}
		outs = append(outs, o)
		byCluster[id] = o.t
	}
	err = st.ExportRecordsNamed(ctx, namer(names), func(r store.RecordRow) error {
		if err := all.t.write(r); err != nil {
			return err
		}
		if t := byCluster[r.Cluster]; t != nil {
			return t.write(r)
		}
		return nil
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
		f, err := writeClusterFile(ctx, st, format, dir, id, names)
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

func newPendingFile(path, format string, cluster int64, names map[int64]*extraction.Naming) (*pendingFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	f, err := createTemp(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	o := &pendingFile{path: path, f: f}
	if o.rw, err = newRowWriter(f, format); err == nil {
		o.t, err = newTable(o.rw, cluster, names)
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
