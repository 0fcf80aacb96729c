package pipeline_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// TestClustersIndependentOfFetchOrder crawls the demo site with 1 and
// with 4 workers in batches of 9: the final pass makes the template
// partitions identical when both crawls stored the same pages, and
// ARI ≥ 0.95 over the common pages otherwise. The second crawl's demo
// site listens at the first one's addresses (its store's "demo.addrs" is
// preset), so that a URL names the same page, byte for byte, in both.
// (An earlier version keyed pages by path only: the demo's five hosts
// share paths such as "/", so it paired pages of different hosts and
// measured ARI 0.93–0.98 from partitions that were in fact identical.)
// The demo's templates are far apart, so the incremental clustering alone
// passes this too (measured: ARI 1 with the final pass turned off); it
// checks the pipeline end to end; the discriminating crawl-level test is
// TestRealPagesClustersIndependentOfLinkOrder.
func TestClustersIndependentOfFetchOrder(t *testing.T) {
	ctx := context.Background()
	addrs := ""
	crawlWith := func(workers int) map[string]int64 {
		dir := t.TempDir()
		cfg := demoConfig(t, dir, "batch:\n  size: 9\nclustering:\n  enabled: true\ntopics:\n  enabled: true\n")
		cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = workers, workers
		cfg.Scope.MaxDepth = 2
		db := filepath.Join(dir, "d.db")
		if addrs != "" {
			presetMeta(t, db, "demo.addrs", addrs)
		}
		runOnce(t, cfg, pipeline.Options{})
		st, err := store.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		if addrs, _, err = st.Meta(ctx, "demo.addrs"); err != nil {
			t.Fatal(err)
		}
		out := map[string]int64{}
		err = st.ExportPages(ctx, func(r store.PageRow) error {
			out[r.URL] = r.Cluster
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a := crawlWith(1)
	b := crawlWith(4)
	var pa []int64
	var pb []string
	for u, id := range a {
		if other, ok := b[u]; ok {
			pa, pb = append(pa, id), append(pb, fmt.Sprint(other))
		}
	}
	if len(pa) < 100 {
		t.Fatalf("%d pages in both crawls, want ≥ 100", len(pa))
	}
	ari := fpc.ARI(pa, pb)
	t.Logf("%d and %d pages, %d in both, ARI %.4f", len(a), len(b), len(pa), ari)
	switch same := len(pa) == len(a) && len(pa) == len(b); {
	case same && ari != 1: // the partition is a function of the set of pages
		t.Errorf("ARI %.4f between two crawls of the same %d pages, want 1", ari, len(pa))
	case ari < 0.95:
		t.Errorf("ARI %.4f between the 1-worker and 4-worker crawls over %d common pages, want ≥ 0.95", ari, len(pa))
	}
}

// presetMeta creates the store at db with one meta key set.
func presetMeta(t *testing.T, db, key, value string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.SetMeta(ctx, key, value); err != nil {
		t.Fatal(err)
	}
}

// TestSummaryReportsUnclusteredPages crawls the demo site with structural
// clustering and fuzzy topics on: the summary reports fuzzy topics apart
// from the pages no topic took.
func TestSummaryReportsUnclusteredPages(t *testing.T) {
	cfg := demoConfig(t, t.TempDir(), "batch:\n  size: 50\nclustering:\n  enabled: true\ntopics:\n  enabled: true\n")
	cfg.Scope.MaxDepth = 2
	_, report := runOnce(t, cfg, pipeline.Options{})
	for _, l := range report {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "fuzzy topics") && strings.Contains(l, "topics,") && strings.HasSuffix(l, "unclustered pages") {
			return
		}
	}
	t.Errorf("summary lines %q: none says N topics, M unclustered pages", report)
}
