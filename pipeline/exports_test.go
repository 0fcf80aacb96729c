package pipeline_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// TestCrawlExportsSideBySide crawls the demo site with every built-in and
// every export on through pipeline.Crawl, which writes the exports two at a
// time beside the frontier's Close, and checks each file byte for byte
// against the same export written alone afterwards from the same store,
// and that the files are logged in the configured order.
func TestCrawlExportsSideBySide(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir, `hub: {enabled: true}
topic: {enabled: true, seeds: ["{demo:1}"]}
clustering: {enabled: true}
extraction: {enabled: true}
topics: {enabled: true}
`)
	cfg.Exports = []string{"pages", "links", "records", "clusters", "harvest", "topics", "failures"}
	ctx := context.Background()
	var log bytes.Buffer
	if _, err := pipeline.Crawl(ctx, cfg, pipeline.Options{}, &log); err != nil {
		t.Fatal(err)
	}
	var wrote []string
	for _, l := range strings.Split(log.String(), "\n") {
		if f, ok := strings.CutPrefix(l, "wrote "); ok {
			wrote = append(wrote, f)
		}
	}
	out := cfg.Out
	want := []string{"pages.csv", "links.csv", "records.csv", "", "clusters.csv", "harvest.csv", "harvest.svg", "topics.csv", "failures.csv"}
	if len(wrote) != len(want) {
		t.Fatalf("logged %d files, want %d:\n%s", len(wrote), len(want), log.String())
	}
	for i, w := range want {
		if w != "" && wrote[i] != filepath.Join(out, w) {
			t.Errorf("line %d logs %q, want %s", i, wrote[i], filepath.Join(out, w))
		}
	}

	st, err := store.Open(ctx, cfg.DB) // the same store, read alone
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	alone := t.TempDir()
	for _, what := range cfg.Exports {
		if what == "records" {
			continue
		}
		if err := export.WriteFile(ctx, st, what, "csv", filepath.Join(alone, what+".csv")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := export.WriteRecordsDir(ctx, st, "csv", filepath.Join(alone, "records")); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteFile(ctx, st, "records", "csv", filepath.Join(alone, "records.csv")); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteHarvestSVG(ctx, st, filepath.Join(alone, "harvest.svg")); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(alone, "records", "*.csv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no per-cluster records files written alone (%v)", err)
	}
	for _, w := range append(want, "records/"+filepath.Base(files[0])) {
		if w == "" {
			continue
		}
		a, err := os.ReadFile(filepath.Join(out, w))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(alone, w))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: %d bytes beside the others, %d alone: they differ", w, len(a), len(b))
		}
		if len(a) == 0 {
			t.Errorf("%s is empty", w)
		}
	}
}
