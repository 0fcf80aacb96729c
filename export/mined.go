package export

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/store"
)

// Mined is the mining of several stores taken as one crawl (the shards of
// a distributed crawl): each taken page's template cluster and fuzzy topic
// in one id space, computed over all of them (pipeline.MineMerged). Pages
// are keyed by their store's index in the list given to WriteMerged and
// their seq in that store; a page absent from Cluster or Topic has none.
type Mined struct {
	Cluster  map[PageKey]int64
	Topic    map[PageKey]int64
	Words    map[int64][]string // topic → its top words
	Clusters []MinedCluster     // by id
}

// PageKey names a page of one of several stores.
type PageKey struct {
	Store int
	Seq   int64
}

// MinedCluster is a template cluster of the merged mining.
type MinedCluster struct {
	ID           int64
	Size         int
	Fingerprints [store.Fingerprints]uint16
}

// MinedWhats are the tables WriteMerged writes with a Mined (MergedWhats
// and the tables of the mining methods).
var MinedWhats = []string{"pages", "links", "failures", "records", "clusters", "topics"}

// minedRecords streams the records of the taken pages, each with its
// merged cluster (records of pages not taken, or whose page has no merged
// cluster, are left out), store by store in seq order; the fields that
// have a key are named by their merged cluster's names (none: as stored).
func (m *merger) minedRecords(ctx context.Context, plan *tablePlan, fn func(store.RecordRow) error) error {
	for i, st := range m.stores {
		var name store.FieldNamer
		if plan != nil {
			named := plan.namer()
			name = func(seq, _ int64, kind string, c store.KeyCount) string {
				return named(seq, m.mined.Cluster[PageKey{i, seq}], kind, c)
			}
		}
		err := st.ExportRecordsNamed(ctx, name, func(r store.RecordRow) error {
			seq, id, ok := m.minedPage(i, r.PageURL, r.PageSeq)
			if !ok {
				return nil
			}
			r.PageSeq, r.Cluster = seq, id
			return fn(r)
		})
		if err != nil {
			return fmt.Errorf("store %s: %w", st.Path(), err)
		}
	}
	return nil
}

// minedPage says whether the page seq of store i, at url, is the merged
// page its URL won and has a mined cluster, and returns its merged seq and
// that cluster.
func (m *merger) minedPage(i int, url string, seq int64) (merged, cluster int64, ok bool) {
	w, ok := m.won[url]
	if !ok || w.store != i || w.seq != seq {
		return 0, 0, false
	}
	id := m.mined.Cluster[PageKey{i, seq}]
	return w.merge, id, id != 0
}

// recordPlan plans the tables of the merged records by merged cluster and
// kind (planTables): records of one cluster and kind from several stores
// share a table, their columns named from their keys as one table's
// (extraction.TableColumns; the stores crawled one site's templates, so
// their keys agree), or by their names where they have no keys.
func (m *merger) recordPlan(ctx context.Context) (*tablePlan, error) {
	return planTables(func(fn func(store.RunKeys) error) error { return m.minedRecordKeys(ctx, fn) })
}

// minedRecordKeys is minedRecords of the runs' names and keys
// (store.ExportRecordKeys).
func (m *merger) minedRecordKeys(ctx context.Context, fn func(store.RunKeys) error) error {
	for i, st := range m.stores {
		err := st.ExportRecordKeys(ctx, func(r store.RunKeys) error {
			seq, id, ok := m.minedPage(i, r.PageURL, r.PageSeq)
			if !ok {
				return nil
			}
			r.PageSeq, r.Cluster = seq, id
			return fn(r)
		})
		if err != nil {
			return fmt.Errorf("store %s: %w", st.Path(), err)
		}
	}
	return nil
}

func (m *merger) records(ctx context.Context) error {
	plan, err := m.recordPlan(ctx)
	if err != nil {
		return err
	}
	t, err := newTable(m.rw, nil, plan)
	if err != nil {
		return err
	}
	return m.minedRecords(ctx, plan, t.write)
}

func (m *merger) clusters(ctx context.Context) error {
	pages, recs := map[int64]int64{}, map[int64]int64{}
	for _, w := range m.won {
		if id := m.mined.Cluster[PageKey{w.store, w.seq}]; id != 0 {
			pages[id]++
		}
	}
	if err := m.minedRecords(ctx, nil, func(r store.RecordRow) error { recs[r.Cluster]++; return nil }); err != nil {
		return err
	}
	if err := m.rw.header([]string{"cluster", "size", "pages", "records", "updated", "fingerprints"}); err != nil {
		return err
	}
	for _, c := range m.mined.Clusters {
		fps := make([]string, len(c.Fingerprints))
		for i, f := range c.Fingerprints {
			fps[i] = fmt.Sprintf("%04x", f)
		}
		if err := m.rw.row([]any{c.ID, c.Size, pages[c.ID], recs[c.ID], "", strings.Join(fps, " ")}); err != nil {
			return err
		}
	}
	return nil
}

// topics writes url,topic,size,top_words for every taken page with a
// merged topic, in merged seq order.
func (m *merger) topics(ctx context.Context) error {
	size := map[int64]int{}
	for _, w := range m.won {
		if t := m.mined.Topic[PageKey{w.store, w.seq}]; t != 0 {
			size[t]++
		}
	}
	if err := m.rw.header([]string{"url", "topic", "size", "top_words"}); err != nil {
		return err
	}
	rows := make([][]any, 0, len(m.mined.Topic))
	at := make([]int64, 0, len(m.mined.Topic))
	for u, w := range m.won {
		if t := m.mined.Topic[PageKey{w.store, w.seq}]; t != 0 {
			rows = append(rows, []any{u, t, size[t], strings.Join(m.mined.Words[t], " ")})
			at = append(at, w.merge)
		}
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return int(at[a] - at[b]) })
	for _, i := range order {
		if err := m.rw.row(rows[i]); err != nil {
			return err
		}
	}
	return nil
}

// WriteMergedRecordsDir writes the merged records as one file per table
// of a merged cluster (tables.go: dir/records-cluster-<id>.<format> and
// its further kinds' files), each with its table's columns (the names of
// its records from every store), and returns the files written. It reads
// the stores' records once per 64 tables.
func WriteMergedRecordsDir(ctx context.Context, stores []*store.Store, mined *Mined, format, dir string) ([]string, error) {
	if _, err := newRowWriter(nil, format); err != nil {
		return nil, err
	}
	m := &merger{stores: stores, mined: mined}
	if err := m.pages(ctx, false); err != nil {
		return nil, fmt.Errorf("export merged records: %w", err)
	}
	plan, err := m.recordPlan(ctx)
	if err != nil {
		return nil, fmt.Errorf("export merged records: %w", err)
	}
	ids := plan.ids
	var files []string
	for len(ids) > 0 {
		part := ids[:min(len(ids), maxOnePassFiles)]
		ids = ids[len(part):]
		written, err := m.recordFiles(ctx, part, plan, format, dir)
		files = append(files, written...)
		if err != nil {
			return files, fmt.Errorf("export merged records: %w", err)
		}
	}
	return files, nil
}

// recordFiles writes the files of the tables ids in one pass over the
// records.
func (m *merger) recordFiles(ctx context.Context, ids []tableID, plan *tablePlan, format, dir string) ([]string, error) {
	var outs []*pendingFile
	defer func() {
		for _, o := range outs {
			o.discard()
		}
	}()
	by := map[tableID]*table{}
	for _, id := range ids {
		o, err := newPendingFile(filepath.Join(dir, tableFile(id, format)), format, &id, plan)
		if err != nil {
			return nil, err
		}
		outs = append(outs, o)
		by[id] = o.t
	}
	err := m.minedRecords(ctx, plan, func(r store.RecordRow) error {
		if id, ok := plan.table(r.Cluster, r.Kind); ok {
			if t := by[id]; t != nil {
				return t.write(r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var files []string
	for _, o := range outs {
		if err := o.commit(); err != nil {
			return files, err
		}
		files = append(files, o.path)
	}
	outs = nil
	return files, nil
}
