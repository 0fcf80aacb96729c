package pipeline

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/store"
)

// clustersBuiltin is structural (template) clustering (paper 000) at
// OnBatch. It continues from the clusters stored by earlier batches and
// runs; the clusters a batch changed are stored with that batch. The final
// batch reclusters every page in canonical order (fpc.WithFinalPass), so the
// partition does not depend on the fetch order; the pages it moves are
// updated in the store there (stored pages of earlier runs are read back
// at start for it).
// finalPassPages bounds the final pass's memory (features of 4.5–9.3 KB a
// page): larger crawls keep the incremental partition.
const finalPassPages = 50_000

// fpcConfig is the clustering section as fpc's configuration.
func fpcConfig(cfg *config.Config) fpc.Config {
	c := cfg.Clustering
	return fpc.Config{D: c.D, Alpha: c.Alpha, Beta: c.Beta, KeepSingletons: c.KeepSingletons}
}

type clustersBuiltin struct {
	hook *fpc.Hook
	st   *store.Store
}

func newClustersBuiltin(ctx context.Context, cfg *config.Config, st *store.Store) (*clustersBuiltin, error) {
	c := fpc.New(fpcConfig(cfg))
	restored, err := RestoreClusters(ctx, st, c)
	if err != nil {
		return nil, err
	}
	h := fpc.NewHook(c, fpc.WithFinalPass(cfg.Batch.Size, finalPassPages), fpc.WithPageFeatures())
	if restored > 0 {
		err := st.Pages(ctx, func(p *crawl.Page) error {
			if p.Cluster == 0 {
				return nil
			}
			doc, err := htmldecode.Parse(p.HTML, "text/html; charset=utf-8") // stored decoded
			if err != nil {
				return nil // a page that no longer parses keeps its cluster
			}
			h.Seed(p.Seq, p.Cluster, fpc.Extract(doc))
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("pipeline: stored pages: %w", err)
		}
	}
	return &clustersBuiltin{hook: h, st: st}, nil
}

// OnPage extracts the page's template features in the fetch worker
// (fpc.WithPageFeatures), so OnBatch needs no DOM.
func (b *clustersBuiltin) OnPage(ctx context.Context, p *crawl.Page) error {
	return b.hook.OnPage(ctx, p)
}

// BatchNeeds implements hooks.NeedsDeclarer.
func (b *clustersBuiltin) BatchNeeds() hooks.Needs { return b.hook.BatchNeeds() }

// OnBatch clusters the batch and hands the clusters it changed to the
// batch's store transaction as its store.ResultClusters result.
func (b *clustersBuiltin) OnBatch(ctx context.Context, batch *crawl.Batch) error {
	err := b.hook.OnBatch(ctx, batch)
	if rows := b.clusterRows(); len(rows) > 0 {
		store.SetClusters(batch, rows)
	}
	if err != nil || !batch.Final {
		return err
	}
	return b.st.MovePages(ctx, b.hook.Moves(), b.hook.Removed())
}

func (b *clustersBuiltin) reportLines() []string {
	if b.hook.FinalPassSkipped() {
		return []string{fmt.Sprintf("clusters        final order-independent pass skipped: more than %d pages", finalPassPages)}
	}
	return nil
}

// clusterRows returns (and forgets) the clusters changed since the last call.
func (b *clustersBuiltin) clusterRows() []store.ClusterRow { return ClusterRows(b.hook.Rows()) }
