package frontier_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/frontiertest"
	"github.com/crawl-project/crawl/store"
)

func openStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(dir, "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestSQLiteConformance(t *testing.T) {
	for _, window := range []int{0, 7} {
		t.Run(map[int]string{0: "DefaultWindow", 7: "Window7"}[window], func(t *testing.T) {
			frontiertest.Run(t, func(t *testing.T, cfg frontier.Config) frontier.Frontier {
				if cfg.Window == 0 {
					cfg.Window = window
				}
				cfg.ExpectedURLs = 10000
				f, err := frontier.NewSQLite(context.Background(), openStore(t, t.TempDir()), cfg)
				if err != nil {
					t.Fatal(err)
				}
				return f
			})
		})
	}
}
