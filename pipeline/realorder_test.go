package pipeline_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/internal/docsubset"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// realPages reads the PostgreSQL documentation subset: name → body.
func realPages(t *testing.T) map[string][]byte {
	t.Helper()
	return readSubset(t, docsubset.PostgreSQL15)
}

// TestRealPagesClustersIndependentOfLinkOrder crawls the PostgreSQL
// pages twice from an index page that lists them in name order (1 worker),
// then in reverse (4 workers), in batches of 20: the same pages fetched in
// opposite orders get the same template partition (the final pass;
// measured without it: ARI 0.47–0.63).
func TestRealPagesClustersIndependentOfLinkOrder(t *testing.T) {
	pages := realPages(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range pages {
			if !yield(n) {
				return
			}
		}
	})
	var reverse atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/" {
			order := slices.Clone(names)
			if reverse.Load() {
				slices.Reverse(order)
			}
			var b strings.Builder
			b.WriteString("<html><body><ul>")
			for _, n := range order {
				fmt.Fprintf(&b, "<li><a href=\"/%s\">%s</a></li>\n", n, n)
			}
			b.WriteString("</ul></body></html>")
			io.WriteString(w, b.String())
			return
		}
		body, ok := pages[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	crawlOnce := func(workers int) map[string]int64 {
		cfg := config.Default()
		cfg.Seeds = []string{srv.URL + "/"}
		cfg.DB = filepath.Join(t.TempDir(), "d.db")
		cfg.Exports = nil
		cfg.Politeness.NoDelay = true
		cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = workers, workers
		cfg.Scope.MaxDepth = 1
		cfg.Batch.Size = 20
		cfg.Clustering.Enabled = true
		p, err := pipeline.Open(context.Background(), &cfg, pipeline.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Run(context.Background())
		if cerr := p.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		st, err := store.Open(context.Background(), cfg.DB)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		out := map[string]int64{}
		err = st.ExportPages(context.Background(), func(r store.PageRow) error {
			out[r.URL] = r.Cluster
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a := crawlOnce(1)
	reverse.Store(true)
	b := crawlOnce(4)
	var pa []int64
	var pb []string
	for u, id := range a {
		if other, ok := b[u]; ok {
			pa, pb = append(pa, id), append(pb, fmt.Sprint(other))
		}
	}
	ari := fpc.ARI(pa, pb)
	t.Logf("%d and %d pages, %d in both, ARI %.4f", len(a), len(b), len(pa), ari)
	if len(pa) != len(a) || len(pa) != len(b) || len(pa) < len(pages) {
		t.Fatalf("the crawls stored %d and %d pages, %d in both; want all %d pages and the index in both", len(a), len(b), len(pa), len(pages)+1)
	}
	if ari != 1 {
		t.Errorf("ARI %.4f between the two link orders, want 1", ari)
	}
}
