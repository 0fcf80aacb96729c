package pipeline_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/pipeline"
)

// TestFocusedCrawlExtractsRelevantPages: in a focused crawl the records
// come from the pages the topic judged relevant (those the harvest
// counts), the summary says how many off-topic pages were not extracted,
// and extraction.pages: all extracts the off-topic list pages too.
func TestFocusedCrawlExtractsRelevantPages(t *testing.T) {
	crawlDemo := func(pages string) (relevant map[string]bool, recordPages map[string]int, summary string) {
		dir := t.TempDir()
		cfg := demoConfig(t, dir, `max_pages: 150
topic: {enabled: true, seeds: ["{sport:10}"]}
clustering: {enabled: true}
extraction: {enabled: true`+pages+`}
`)
		cfg.Seeds = []string{"{demo:0}", "{demo:1}", "{demo:2}", "{sport:10}"}
		cfg.Scope.MaxDepth = 2
		cfg.Exports = []string{"pages", "records"}
		var out bytes.Buffer
		if _, err := pipeline.Crawl(context.Background(), cfg, pipeline.Options{}, &out); err != nil {
			t.Fatal(err)
		}
		relevant = map[string]bool{}
		for _, row := range readCSV(t, filepath.Join(cfg.Out, "pages.csv")) {
			relevant[row["url"]] = row["relevant"] == "1"
		}
		recordPages = map[string]int{}
		for _, row := range readCSV(t, filepath.Join(cfg.Out, "records.csv")) {
			recordPages[row["page"]]++
		}
		return relevant, recordPages, out.String()
	}

	relevant, recordPages, summary := crawlDemo("")
	if len(recordPages) == 0 {
		t.Fatalf("no records from the relevant pages:\n%s", summary)
	}
	for page := range recordPages {
		if !relevant[page] {
			t.Errorf("records from %s, which the topic judged off topic", page)
		}
	}
	if !strings.Contains(summary, "off-topic pages not extracted (extraction.pages: relevant") {
		t.Errorf("summary does not say which pages were not extracted:\n%s", summary)
	}

	relevant, recordPages, summary = crawlDemo(", pages: all")
	offTopic := 0
	for page := range recordPages {
		if !relevant[page] {
			offTopic++
		}
	}
	if offTopic == 0 {
		t.Errorf("extraction.pages: all gave no records from off-topic pages (%d pages with records)", len(recordPages))
	}
	if strings.Contains(summary, "off-topic pages not extracted") {
		t.Errorf("extraction.pages: all still reports pages not extracted:\n%s", summary)
	}
}

// readCSV reads a CSV export as rows keyed by its header.
func readCSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var rows []map[string]string
	for _, rec := range all[1:] {
		row := map[string]string{}
		for i, col := range all[0] {
			row[col] = rec[i]
		}
		rows = append(rows, row)
	}
	return rows
}
