package export

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// schema is the column order of a set of records: field names in order of
// first appearance (extraction gives every record of a cluster the same
// names in the same order, so for one cluster this is that schema).
type schema struct {
	names []string
	index map[string]int
}

func (s *schema) add(fields []crawl.Field) {
	if s.index == nil {
		s.index = map[string]int{}
	}
	for _, f := range fields {
		if _, ok := s.index[f.Name]; !ok {
			s.index[f.Name] = len(s.names)
			s.names = append(s.names, f.Name)
		}
	}
}

func (s *schema) values(fields []crawl.Field) []any {
	out := make([]any, len(s.names))
	for i := range out {
		out[i] = ""
	}
	for _, f := range fields {
		out[s.index[f.Name]] = f.Value
	}
	return out
}

// records writes the records of one cluster (cluster ≥ 0) or of all
// clusters with a cluster column (cluster < 0).
func records(ctx context.Context, st *store.Store, rw rowWriter, cluster int64) error {
	var sc schema
	keep := func(r store.RecordRow) bool { return cluster < 0 || r.Cluster == cluster }
	if err := st.ExportRecords(ctx, func(r store.RecordRow) error {
		if keep(r) {
			sc.add(r.Fields)
		}
		return nil
	}); err != nil {
		return err
	}
	cols := []string{"page", "record"}
	if cluster < 0 {
		cols = []string{"page", "cluster", "record"}
	}
	if err := rw.header(append(cols, sc.names...)); err != nil {
		return err
	}
	return st.ExportRecords(ctx, func(r store.RecordRow) error {
		if !keep(r) {
			return nil
		}
		lead := []any{r.PageURL, r.Index}
		if cluster < 0 {
			lead = []any{r.PageURL, r.Cluster, r.Index}
		}
		return rw.row(append(lead, sc.values(r.Fields)...))
	})
}

// WriteRecordsDir writes one file per cluster with records,
// dir/records-cluster-<id>.<format>, each with its cluster's own columns,
// and returns the files written.
func WriteRecordsDir(ctx context.Context, st *store.Store, format, dir string) ([]string, error) {
	var ids []int64
	seen := map[int64]bool{}
	if err := st.ExportRecords(ctx, func(r store.RecordRow) error {
		if !seen[r.Cluster] {
			seen[r.Cluster] = true
			ids = append(ids, r.Cluster)
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("export records: %w", err)
	}
	slices.Sort(ids)
	var files []string
	for _, id := range ids {
		path := filepath.Join(dir, fmt.Sprintf("records-cluster-%d.%s", id, format))
		err := atomicWrite(path, func(w io.Writer) error {
			rw, err := newRowWriter(w, format)
			if err != nil {
				return err
			}
			if err := records(ctx, st, rw, id); err != nil {
				return fmt.Errorf("export records of cluster %d: %w", id, err)
			}
			return rw.flush()
		})
		if err != nil {
			return files, err
		}
		files = append(files, path)
	}
	return files, nil
}
