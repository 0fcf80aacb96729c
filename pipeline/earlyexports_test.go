package pipeline_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/pipeline"
)

// waitForTemp waits until dir holds the temporary file of export name
// (".name.*"): the export has begun and is not in place yet. The deadline
// bounds a failure; nothing is asserted about how long it takes.
func waitForTemp(t *testing.T, dir, name string) bool {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(filepath.Join(dir, "."+name+".*")); len(m) > 0 {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	t.Errorf("no %s begun in %s while the final batch's hooks ran", name, dir)
	return false
}

// hidden returns the hidden files of dir (temporary exports).
func hidden(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var h []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			h = append(h, e.Name())
		}
	}
	return h
}

// TestLinksExportedBesideFinalBatch: Crawl begins links.csv when the last
// page is stored, while the final batch's hooks still run, and puts it in
// place after them (TestCrawlExportsSideBySide compares its bytes with
// the export written alone).
func TestLinksExportedBesideFinalBatch(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir, "clustering: {enabled: true}\n")
	cfg.Exports = []string{"pages", "links", "failures"}
	var begun bool
	opts := pipeline.Options{Hooks: func(c *hooks.Chain) {
		c.OnBatch(hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error {
			if b.Final {
				begun = waitForTemp(t, cfg.Out, "links.csv")
			}
			return nil
		}))
	}}
	if _, err := pipeline.Crawl(context.Background(), cfg, opts, nil); err != nil {
		t.Fatal(err)
	}
	if !begun {
		return
	}
	b, err := os.ReadFile(filepath.Join(cfg.Out, "links.csv"))
	if err != nil || !strings.HasPrefix(string(b), "from_seq,") || strings.Count(string(b), "\n") < 10 {
		t.Errorf("links.csv = %.80q, %v", b, err)
	}
	if h := hidden(t, cfg.Out); len(h) > 0 {
		t.Errorf("temporary files left in %s: %v", cfg.Out, h)
	}
}

// TestEarlyExportsLeftOutWhenRunFails: a run that fails after links.csv
// was begun (its final batch not stored), or whose context ends before
// the exports, leaves the links.csv of an earlier run as it was and no
// temporary file.
func TestEarlyExportsLeftOutWhenRunFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail bool // the final batch's store fails; else the context ends in it
	}{{"final batch not stored", true}, {"context ended", false}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := demoConfig(t, dir, "clustering: {enabled: true}\n")
			cfg.Exports = []string{"pages", "links", "failures"}
			if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
				t.Fatal(err)
			}
			links := filepath.Join(cfg.Out, "links.csv")
			if err := os.WriteFile(links, []byte("an earlier run's"), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			opts := pipeline.Options{Hooks: func(c *hooks.Chain) {
				c.OnBatch(hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error {
					if b.Final {
						waitForTemp(t, cfg.Out, "links.csv")
						if !tc.fail {
							cancel()
						}
					}
					return nil
				}))
			}}
			if tc.fail {
				opts.EngineOptions = []crawler.Option{crawler.WithBatchSaver(func(ctx context.Context, b *crawl.Batch) error {
					if b.Final {
						return errors.New("disk full")
					}
					return nil
				})}
			}
			if _, err := pipeline.Crawl(ctx, cfg, opts, nil); err == nil {
				t.Fatal("Crawl = nil error")
			}
			if b, _ := os.ReadFile(links); string(b) != "an earlier run's" {
				t.Errorf("links.csv = %.80q; want the earlier run's, untouched", b)
			}
			if h := hidden(t, cfg.Out); len(h) > 0 {
				t.Errorf("temporary files left in %s: %v", cfg.Out, h)
			}
		})
	}
}
