package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
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
  timeout: 30s # a loaded machine must not turn demo pages into timeouts
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
	if want := fmt.Sprintf("%d found since the last run (0 left queued", newPages); !strings.Contains(strings.Join(report, "\n"), want) {
		t.Errorf("report = %q, want %q", report, want)
	}
	t.Logf("first %d pages; re-crawl: %d fetched, %d not modified, %d new; %q", first.TotalPages, second.Fetched, second.NotModified, newPages, report)
}

// articlesFirst labels hubs and gives article links a higher priority
// than hub links, so that left-over articles would win over hub re-visits
// if the re-crawl let them compete.
func articlesFirst(c *hooks.Chain) {
	labelHubs(c)
	c.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		if !strings.HasSuffix(l.URL, "/") {
			l.Priority = 10
		}
		return nil
	}))
}

// newPagesLine parses the re-crawl report's hubs and new-pages figures.
func newPagesLine(t *testing.T, report []string) (hubs, found, left int) {
	t.Helper()
	joined := strings.Join(report, "\n")
	i, j := strings.Index(joined, "re-crawl "), strings.Index(joined, "new pages ")
	if i < 0 || j < 0 {
		t.Fatalf("report = %q, want re-crawl and new pages lines", report)
	}
	if _, err := fmt.Sscanf(joined[i:], "re-crawl        %d hub pages", &hubs); err != nil {
		t.Fatalf("re-crawl line: %v in %q", err, report)
	}
	if _, err := fmt.Sscanf(joined[j:], "new pages       %d found since the last run (%d left queued", &found, &left); err != nil {
		t.Fatalf("new pages line: %v in %q", err, report)
	}
	return hubs, found, left
}

// TestRecrawlAfterBudget re-crawls a store whose first run stopped at its
// page budget with URLs still queued: the re-crawl re-visits every hub and
// fetches only URLs new since then, even though the left-overs had the
// higher priority; a normal run afterwards fetches the left-overs.
func TestRecrawlAfterBudget(t *testing.T) {
	dir := t.TempDir()
	first, _ := runOnce(t, demoConfig(t, dir, "max_pages: 6\n"), pipeline.Options{Hooks: articlesFirst})
	if first.Reason != "max-pages" {
		t.Fatalf("first run ended %s, want max-pages", first.Reason)
	}
	second, report := runOnce(t, demoConfig(t, dir, "max_pages: 2\n"), pipeline.Options{Hooks: articlesFirst, Recrawl: true})
	gained := second.TotalPages - first.TotalPages
	hubs, found, left := newPagesLine(t, report)
	// Re-visits do not count against max_pages; every hub is re-visited.
	if revisited := int(second.NotModified+second.Fetched) - gained; hubs == 0 || revisited != hubs || second.Failed != 0 {
		t.Errorf("re-visited %d of %d hubs (%+v)", revisited, hubs, second)
	}
	if found != gained || left == 0 {
		t.Errorf("report: %d new pages, %d left queued; the store gained %d pages, want all new and some left (%q)", found, left, gained, report)
	}
	third, _ := runOnce(t, demoConfig(t, dir, "max_pages: 200\n"), pipeline.Options{Hooks: articlesFirst})
	if third.TotalPages-second.TotalPages < left {
		t.Errorf("a normal run after the re-crawl stored %d pages, want at least the %d left over", third.TotalPages-second.TotalPages, left)
	}
	t.Logf("re-crawl after a budget stop: %q", report)
}

// TestRecrawlResumesItsMarks stops a re-crawl early (a hook's ErrStop) and
// runs it again: the second try keeps the first's marks, so the URLs the
// first try discovered are still this re-crawl's and get fetched.
func TestRecrawlResumesItsMarks(t *testing.T) {
	dir := t.TempDir()
	first, _ := runOnce(t, demoConfig(t, dir, ""), pipeline.Options{Hooks: labelHubs})
	stopAfterOne := func(c *hooks.Chain) {
		labelHubs(c)
		var n atomic.Int32
		c.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
			if p.Label != crawl.LabelHub && n.Add(1) == 1 {
				return hooks.ErrStop
			}
			return nil
		}))
	}
	stopped, _ := runOnce(t, demoConfig(t, dir, ""), pipeline.Options{Hooks: stopAfterOne, Recrawl: true})
	if stopped.Reason != "hook-stop" {
		t.Fatalf("first re-crawl ended %s, want hook-stop", stopped.Reason)
	}
	again, report := runOnce(t, demoConfig(t, dir, ""), pipeline.Options{Hooks: labelHubs, Recrawl: true})
	_, found, _ := newPagesLine(t, report)
	if again.Reason != "frontier-empty" || found != again.TotalPages-first.TotalPages || found < 2 {
		t.Errorf("resumed re-crawl: ended %s, %d new pages reported, store gained %d since the first run; want frontier-empty, all of them (%q)",
			again.Reason, found, again.TotalPages-first.TotalPages, report)
	}
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
