package pipeline_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/pipeline"
)

// TestCrawlIsTheWholeJob checks that one call gives a Go program what
// `crawl -config` writes and prints: the summary with the built-ins' lines,
// and every configured export file.
func TestCrawlIsTheWholeJob(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir, "clustering: {enabled: true}\nextraction: {enabled: true}\ntopics: {enabled: true}\n")
	cfg.Exports = []string{"pages", "links", "records", "clusters", "topics"}
	var out bytes.Buffer
	sum, err := pipeline.Crawl(context.Background(), cfg, pipeline.Options{}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Fetched == 0 {
		t.Fatal("fetched nothing")
	}
	text := out.String()
	for _, want := range []string{"crawl ended: ", "pages fetched", "errors ", "speed ", "clusters ", "records ", "fuzzy topics", "queued ", "wrote "} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	for _, what := range cfg.Exports {
		if _, err := os.Stat(filepath.Join(cfg.Out, what+".csv")); err != nil {
			t.Errorf("export %s: %v", what, err)
		}
	}
}
