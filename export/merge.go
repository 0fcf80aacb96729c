package export

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// MergedWhats are the tables WriteMerged writes over several stores.
var MergedWhats = []string{"pages", "links", "failures"}

// WriteMerged writes table what (pages, links or failures) of several
// stores — the shards of a distributed crawl, one per process — as one
// table with each URL once. Stores are read in the order given, each in its
// fetch order; a URL stored as a page by more than one store is taken
// from the copy fetched last (TakenPages). Pages are numbered
// again (seq 1, 2, … in that order) and links point to the new numbers;
// links are those of the pages taken. A failure is written once, and not
// at all when some store holds the URL as a page.
//
// Without a Mined the pages' cluster and topic columns are each store's
// own ids, which do not name the same thing across stores; WriteMined
// writes them in one id space.
func WriteMerged(ctx context.Context, stores []*store.Store, what, format string, w io.Writer) error {
	return WriteMined(ctx, stores, nil, what, format, w)
}

// WriteMined is WriteMerged with the merged mining of the stores: the
// pages' cluster and topic columns are mined's, and the records (one
// table with a cluster column; columns by role name over all stores),
// clusters and topics tables can be written too (MinedWhats). A nil mined
// is WriteMerged.
func WriteMined(ctx context.Context, stores []*store.Store, mined *Mined, what, format string, w io.Writer) error {
	rw, err := newRowWriter(w, format)
	if err != nil {
		return err
	}
	m := &merger{stores: stores, rw: rw, mined: mined}
	if mined == nil && !slices.Contains(MergedWhats, what) {
		return fmt.Errorf("export: %s cannot be merged over several stores without their merged mining (want one of pages, links, failures)", what)
	}
	switch what {
	case "pages":
		err = m.pages(ctx, true)
	case "links":
		if err = m.pages(ctx, false); err == nil {
			err = m.links(ctx)
		}
	case "failures":
		if err = m.pages(ctx, false); err == nil {
			err = m.failures(ctx)
		}
	case "records", "clusters", "topics":
		if err = m.pages(ctx, false); err == nil {
			err = map[string]func(context.Context) error{"records": m.records, "clusters": m.clusters, "topics": m.topics}[what](ctx)
		}
	default:
		return fmt.Errorf("export: %s cannot be merged over several stores (want one of %s)", what, strings.Join(MinedWhats, ", "))
	}
	if err != nil {
		return fmt.Errorf("export merged %s: %w", what, err)
	}
	return rw.flush()
}

// WriteMergedFile is WriteMerged into path, atomically.
func WriteMergedFile(ctx context.Context, stores []*store.Store, what, format, path string) error {
	return WriteMinedFile(ctx, stores, nil, what, format, path)
}

// WriteMinedFile is WriteMined into path, atomically.
func WriteMinedFile(ctx context.Context, stores []*store.Store, mined *Mined, what, format, path string) error {
	return atomicWrite(path, func(w io.Writer) error { return WriteMined(ctx, stores, mined, what, format, w) })
}

type winner struct {
	store int
	seq   int64 // the page's seq in its store
	merge int64 // its seq in the merged table
}

type merger struct {
	stores []*store.Store
	rw     rowWriter
	won    map[string]winner // URL → the page taken
	mined  *Mined            // nil: each store's own cluster and topic ids
}

// TakenPages returns the page a merged export takes of each URL that
// several stores hold as a page (which a distributed crawl does when a
// process's lease lapsed while it was alive, or when a process died in a
// re-crawl and another fetched its re-visits afresh): the copy fetched
// last, the first store's (in the order given) when they were fetched at
// the same time. A URL only one store holds is not in the map.
func TakenPages(ctx context.Context, stores []*store.Store) (map[string]PageKey, error) {
	type copyOf struct {
		key PageKey
		at  time.Time
		n   int
	}
	seen := map[string]copyOf{}
	for i, st := range stores {
		err := st.ExportPages(ctx, func(r store.PageRow) error {
			c, ok := seen[r.URL]
			if !ok || r.FetchedAt.After(c.at) {
				c.key, c.at = PageKey{i, r.Seq}, r.FetchedAt
			}
			c.n++
			seen[r.URL] = c
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("store %s: %w", st.Path(), err)
		}
	}
	out := map[string]PageKey{}
	for u, c := range seen {
		if c.n > 1 {
			out[u] = c.key
		}
	}
	return out, nil
}

// pages decides which store's page each URL is taken from (TakenPages),
// and writes the pages table when write is set.
func (m *merger) pages(ctx context.Context, write bool) error {
	m.won = map[string]winner{}
	taken, err := TakenPages(ctx, m.stores)
	if err != nil {
		return err
	}
	var pr *pageRows
	if write {
		if pr, err = newPageRows(ctx, m.stores, m.rw); err != nil {
			return err
		}
	}
	var n int64
	for i, st := range m.stores {
		err := st.ExportPages(ctx, func(r store.PageRow) error {
			if k, ok := taken[r.URL]; ok && k != (PageKey{i, r.Seq}) {
				return nil
			}
			n++
			m.won[r.URL] = winner{store: i, seq: r.Seq, merge: n}
			if !write {
				return nil
			}
			if m.mined != nil {
				k := PageKey{i, r.Seq}
				r.Cluster, r.Topic = m.mined.Cluster[k], m.mined.Topic[k]
			}
			r.Seq = n
			return pr.write(r)
		})
		if err != nil {
			return fmt.Errorf("store %s: %w", st.Path(), err)
		}
	}
	return nil
}

func (m *merger) links(ctx context.Context) error {
	if err := m.rw.header(linkColumns); err != nil {
		return err
	}
	for i, st := range m.stores {
		err := st.ExportLinks(ctx, func(r store.LinkRow) error {
			w, ok := m.won[r.FromURL]
			if !ok || w.store != i || w.seq != r.FromSeq {
				return nil
			}
			return m.rw.row([]any{w.merge, r.FromURL, r.Pos, r.ToURL, r.Anchor, r.Rel})
		})
		if err != nil {
			return fmt.Errorf("store %s: %w", st.Path(), err)
		}
	}
	return nil
}

func (m *merger) failures(ctx context.Context) error {
	if err := m.rw.header([]string{"url", "kind", "status", "error", "attempts", "time", "depth", "parent"}); err != nil {
		return err
	}
	done := map[string]bool{}
	for _, st := range m.stores {
		err := st.ExportFailures(ctx, func(f crawl.Failure) error {
			if _, page := m.won[f.URL]; page || done[f.URL] {
				return nil
			}
			done[f.URL] = true
			return m.rw.row([]any{f.URL, f.Kind, f.Status, f.Message, f.Attempts, f.At, f.Depth, f.Parent})
		})
		if err != nil {
			return fmt.Errorf("store %s: %w", st.Path(), err)
		}
	}
	return nil
}
