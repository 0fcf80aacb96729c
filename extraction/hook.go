package extraction

import (
	"context"
	"fmt"
	"runtime"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/hooks"
)

// NewHook adapts ce to a batch hook: for every page of a batch with a DOM it
// appends the page's records to batch.Records, keyed by page.URL. Pages of a
// template cluster (page.Cluster != 0, so the clustering hook must run
// before this one) share the cluster's learned region and schema; pages with
// Cluster 0 are extracted on their own with Cluster 0, since an unclustered
// list page still has records (pages without repeated structure yield
// none). The pages are analysed on GOMAXPROCS goroutines (ExtractBatch).
// The engine never overlaps OnBatch calls; ce may still be shared with
// other goroutines since it locks per cluster.
func NewHook(ce *ClusterExtractor) hooks.BatchHook {
	return hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error {
		var pages []Page
		for _, p := range b.Pages {
			if p != nil && p.Doc != nil {
				pages = append(pages, Page{Cluster: p.Cluster, URL: p.URL, Doc: p.Doc})
			}
		}
		recs, errs := ce.ExtractBatch(ctx, pages, runtime.GOMAXPROCS(0))
		for i, err := range errs {
			if err != nil {
				if ctxErr := ctx.Err(); ctxErr != nil {
					return ctxErr
				}
				return fmt.Errorf("extraction: page %s: %w", pages[i].URL, err)
			}
			b.Records = append(b.Records, recs[i]...)
		}
		return ctx.Err()
	})
}
