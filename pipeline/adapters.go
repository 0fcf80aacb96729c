package pipeline

import (
	"cmp"
	"context"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/store"
)

// The adapters between the built-in methods and the store, exported so the
// subcommands of cmd/crawl use the ones the crawl uses.

// LoadHubModel loads the hub classifier bundle at path, or the model
// shipped with package hub when path is "".
func LoadHubModel(path string) (*hub.Classifier, error) {
	if path == "" {
		return hub.Default()
	}
	return hub.Load(path)
}

// RestoreClusters restores into c the template clusters stored in st (the
// merged-away ones left out) and returns how many it restored.
func RestoreClusters(ctx context.Context, st *store.Store, c *fpc.Clusterer) (int, error) {
	stored, err := st.Clusters(ctx)
	if err != nil {
		return 0, err
	}
	rows := make([]fpc.Row, 0, len(stored))
	for _, r := range stored {
		if r.MergedInto == 0 {
			rows = append(rows, fpc.Row{ID: r.ID, Size: r.Size, Centre: r.Centre, Fingerprints: r.Fingerprints})
		}
	}
	if err := c.Restore(rows); err != nil {
		return 0, fmt.Errorf("pipeline: stored clusters: %w", err)
	}
	return len(rows), nil
}

// ClusterRows converts changed clusters (fpc.Clusterer.Changed,
// fpc.Hook.Rows) to the store's rows, the value of a batch's
// store.ResultClusters result.
func ClusterRows(rows []fpc.Row) []store.ClusterRow {
	out := make([]store.ClusterRow, len(rows))
	for i, r := range rows {
		out[i] = store.ClusterRow{ID: r.ID, Size: r.Size, Centre: r.Centre, Fingerprints: r.Fingerprints}
	}
	return out
}

// TopicDoc is what fuzzy topic grouping reads of a page: its seq, its site
// (the host key of its final URL) and its title and meta.
func TopicDoc(p *crawl.Page) fuzzy.Doc {
	return fuzzy.Doc{ID: p.Seq, Host: crawl.HostKey(cmp.Or(p.FinalURL, p.URL)), Title: p.Title,
		Keywords: p.Keywords, Description: p.Description}
}

// StoredTopicDocs calls fn with the TopicDoc and URL of every stored page,
// in seq order (HTML not read).
func StoredTopicDocs(ctx context.Context, st *store.Store, fn func(d fuzzy.Doc, url string)) error {
	return st.PagesNoHTML(ctx, func(p *crawl.Page) error {
		fn(TopicDoc(p), p.URL)
		return nil
	})
}
