package pipeline_test

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// TestClustersIndependentOfFetchOrder crawls the demo site with 1 and
// with 4 workers in small batches: the template partitions of the two
// crawls agree (by the final pass: identical when both fetched the same
// pages, ARI ≥ 0.95 over the common pages otherwise; the demo's pages vary
// little by template, so without the pass they measured 0.96–0.98 too: the
// discriminating test is fpc's TestReclusterOrderIndependent on real
// pages), and the summary reports
// fuzzy topics apart from unclustered pages.
func TestClustersIndependentOfFetchOrder(t *testing.T) {
	crawlWith := func(workers int) (map[string]int64, []string) {
		dir := t.TempDir()
		cfg := demoConfig(t, dir, fmt.Sprintf("batch:\n  size: 9\nclustering:\n  enabled: true\ntopics:\n  enabled: true\n"))
		cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = workers, workers
		cfg.Scope.MaxDepth = 2
		_, report := runOnce(t, cfg, pipeline.Options{})
		ctx := context.Background()
		st, err := store.Open(ctx, filepath.Join(dir, "d.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		out := map[string]int64{}
		err = st.ExportPages(ctx, func(r store.PageRow) error {
			u, err := url.Parse(r.URL)
			if err != nil {
				return err
			}
			out[u.RequestURI()] = r.Cluster // the demo's port differs between runs
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out, report
	}
	a, report := crawlWith(1)
	b, _ := crawlWith(4)
	var pa []int64
	var pb []string
	for u, id := range a {
		other, ok := b[u]
		if !ok {
			continue
		}
		pa, pb = append(pa, id), append(pb, fmt.Sprint(other))
	}
	if len(pa) < 20 {
		t.Fatalf("%d pages in both crawls, want ≥ 20", len(pa))
	}
	t.Logf("%d pages in both crawls, ARI %.4f", len(pa), fpc.ARI(pa, pb))
	ari := fpc.ARI(pa, pb)
	switch same := len(pa) == len(a) && len(pa) == len(b); {
	case same && ari != 1: // the partition is a function of the set of pages
		t.Errorf("ARI %.4f between two crawls of the same %d pages, want 1", ari, len(pa))
	case ari < 0.95:
		t.Errorf("ARI %.4f between the 1-worker and 4-worker crawls over %d common pages, want ≥ 0.95", ari, len(pa))
	}
	found := false
	for _, l := range report {
		l = strings.TrimSpace(l)
		found = found || (strings.HasPrefix(l, "fuzzy topics") && strings.Contains(l, "topics,") && strings.HasSuffix(l, "unclustered pages"))
	}
	if !found {
		t.Errorf("summary lines %q: none says N topics, M unclustered pages", report)
	}
}
