package dashboard_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/config"
)

// demoConfig is configs/demo.yaml (every built-in on) with the store and
// exports in dir and maxPages pages.
func demoConfig(t testing.TB, dir string, maxPages int) *config.Config {
	t.Helper()
	src := `demo: true
seeds: ["{demo:0}", "{demo:1}", "{demo:2}", "{demo:3}", "{sport:10}"]
db: ` + filepath.Join(dir, "demo.db") + `
out: ` + filepath.Join(dir, "out") + `
exports: []
politeness:
  workers: 8
  per_host_parallel: 4
  delay: 5ms
  max_crawl_delay: 200ms
fetch:
  timeout: 2s
  retries: 1
  backoff: 50ms
batch:
  size: 100
hub:
  enabled: true
  policy: tag
topic:
  enabled: true
  seeds: ["{sport:10}"]
  strategy: adaptive
  link_context: 0.75
  url_words: true
clustering:
  enabled: true
extraction:
  enabled: true
topics:
  enabled: true
  r: 0.24
`
	cfg, err := config.Parse(strings.NewReader(src), "demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxPages = maxPages
	return cfg
}

var _ = context.Background
