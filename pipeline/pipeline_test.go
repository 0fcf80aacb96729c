package pipeline_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/pipeline"
)

func demoConfig(t *testing.T, dir, extra string) *config.Config {
	t.Helper()
	src := `demo: true
seeds: ["{demo:1}"]
db: ` + filepath.Join(dir, "d.db") + `
out: ` + filepath.Join(dir, "out") + `
exports: []
scope:
  max_depth: 1
politeness:
  no_delay: true
  max_crawl_delay: 1ms
  workers: 4
  per_host_parallel: 4
fetch:
  timeout: 500ms
  retries: -1
` + extra
	cfg, err := config.Parse(strings.NewReader(src), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// labelHubs marks home, section and about pages as hubs, standing in for
// the hub classifier.
func labelHubs(c *hooks.Chain) {
	c.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		if strings.HasSuffix(p.URL, "/") || strings.HasSuffix(p.URL, "/about.html") {
			p.Label = crawl.LabelHub
		}
		return nil
	}))
}

func runOnce(t *testing.T, cfg *config.Config, opts pipeline.Options) (crawler.Summary, []string) {
	t.Helper()
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sum, err := p.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := p.Export(ctx, cfg.Out, &out); err != nil {
		t.Fatal(err)
	}
	return sum, p.Report()
}

// TestRecrawlFetchesOnlyNewPages crawls the demo site, lets news arrive,
// and re-crawls: hubs are re-visited with conditional GET, unchanged ones
// answer 304, and only the new articles are fetched.
func TestRecrawlFetchesOnlyNewPages(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir, "")
	first, _ := runOnce(t, cfg, pipeline.Options{Hooks: labelHubs})
	if first.Reason != "frontier-empty" || first.Fetched < 10 {
		t.Fatalf("first run: %d pages, ended %s", first.Fetched, first.Reason)
	}
	cfg = demoConfig(t, dir, "")
	second, report := runOnce(t, cfg, pipeline.Options{Hooks: labelHubs, Recrawl: true})
	newPages := second.TotalPages - first.TotalPages
	if newPages <= 0 {
		t.Errorf("re-crawl found no new pages (report %q)", report)
	}
	if second.NotModified == 0 {
		t.Errorf("re-crawl: no hub answered 304 Not Modified (report %q)", report)
	}
	if got := second.Fetched; int(got) >= first.TotalPages {
		t.Errorf("re-crawl fetched %d pages, no fewer than the %d a full re-crawl would", got, first.TotalPages)
	}
	if !strings.Contains(strings.Join(report, "\n"), "fetches saved") {
		t.Errorf("report = %q, want fetches saved", report)
	}
	t.Logf("first %d pages; re-crawl: %d fetched, %d not modified, %d new; %q", first.TotalPages, second.Fetched, second.NotModified, newPages, report)
}

func TestSecondCrawlOnAStoreInUseFails(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir, "")
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := pipeline.Open(ctx, cfg, pipeline.Options{}); err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("second Open on the same store = %v, want an in-use error", err)
	}
}
