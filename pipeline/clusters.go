package pipeline

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/store"
)

// clustersBuiltin is structural (template) clustering (paper 000) at
// OnBatch. It continues from the clusters stored by earlier batches and
// runs; the clusters a batch changed are stored with that batch.
type clustersBuiltin struct {
	hook *fpc.Hook
}

func newClustersBuiltin(ctx context.Context, cfg *config.Config, st *store.Store) (*clustersBuiltin, error) {
	c := fpc.New(fpc.Config{D: cfg.Clustering.D, Alpha: cfg.Clustering.Alpha, Beta: cfg.Clustering.Beta})
	stored, err := st.Clusters(ctx)
	if err != nil {
		return nil, err
	}
	rows := make([]fpc.Row, 0, len(stored))
	for _, r := range stored {
		if r.MergedInto != 0 {
			continue
		}
		rows = append(rows, fpc.Row{ID: r.ID, Size: r.Size, Centre: r.Centre, Fingerprints: r.Fingerprints})
	}
	if err := c.Restore(rows); err != nil {
		return nil, fmt.Errorf("pipeline: stored clusters: %w", err)
	}
	return &clustersBuiltin{hook: fpc.NewHook(c)}, nil
}

func (b *clustersBuiltin) OnBatch(ctx context.Context, batch *crawl.Batch) error {
	return b.hook.OnBatch(ctx, batch)
}

// clusterRows hands the changed clusters to the batch's store transaction.
func (b *clustersBuiltin) clusterRows() []store.ClusterRow {
	rows := b.hook.Rows()
	out := make([]store.ClusterRow, len(rows))
	for i, r := range rows {
		out[i] = store.ClusterRow{ID: r.ID, Size: r.Size, Centre: r.Centre, Fingerprints: r.Fingerprints}
	}
	return out
}
