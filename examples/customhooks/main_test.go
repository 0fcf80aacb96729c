package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/internal/demosite"
)

// TestRunAgainstDemoSite runs the example against the offline demo site.
func TestRunAgainstDemoSite(t *testing.T) {
	site, err := demosite.New(demosite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := site.Start(); err != nil {
		t.Fatal(err)
	}
	defer site.Close()
	var out bytes.Buffer
	args := []string{"-seed", site.Hosts()[1] + "/", "-keyword", "sport", "-max-pages", "25",
		"-db", filepath.Join(t.TempDir(), "ex.db")}
	if err := run(context.Background(), args, &out); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`fetched (\d+) pages, (\d+) mention "sport"`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("output has no summary line:\n%s", out.String())
	}
	fetched, _ := strconv.Atoi(m[1])
	mention, _ := strconv.Atoi(m[2])
	if fetched != 25 || mention == 0 {
		t.Errorf("fetched %d, %d mentioning sport; want 25 and some", fetched, mention)
	}
	if want := "stored: " + m[2] + " pages annotated with mentions > 0, 25 pages in batch results"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
	if !strings.Contains(out.String(), "batch 3: 5 pages (final=true)") {
		t.Errorf("OnBatch output missing the final batch of 5:\n%s", out.String())
	}
}
