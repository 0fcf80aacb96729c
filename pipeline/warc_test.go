package pipeline_test

import (
	"context"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc"
	"github.com/crawl-project/crawl/warc/warctest"
)

// archived reads the response records of the WARC files in dir: the
// status line of each, by target URI, in archive order.
func archived(t *testing.T, dir string) (files []string, byURL map[string][]int, types map[string]int) {
	t.Helper()
	files, _ = filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	if open, _ := filepath.Glob(filepath.Join(dir, "*.open")); len(open) > 0 {
		t.Errorf("files left open after the run: %v", open)
	}
	byURL, types = map[string][]int{}, map[string]int{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		r := warc.NewReader(fh, f)
		for {
			rec, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			types[rec.Type()]++
			if rec.Type() == "response" || rec.Type() == "revisit" {
				var status int
				line, _, _ := strings.Cut(string(rec.Block), "\r\n")
				if f := strings.Fields(line); len(f) > 1 {
					status = atoi(f[1])
				}
				byURL[rec.TargetURI()] = append(byURL[rec.TargetURI()], status)
			}
		}
		fh.Close()
	}
	return files, byURL, types
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// TestCrawlWritesWARC crawls the demo site with warc.dir set: every stored
// page has its 200 response record, every redirect hop its 3xx record,
// every failure with a response its record, robots.txt of each host its
// record, and nothing else is archived.
func TestCrawlWritesWARC(t *testing.T) {
	dir := t.TempDir()
	wdir := filepath.Join(dir, "warc")
	cfg := warcConfig(t, dir, wdir)
	// Without duplicate detection the demo's redirects land on pages of
	// their own (with it, most are duplicates of pages fetched before).
	off := false
	cfg.Dedup.Enabled = &off
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Run(ctx); err != nil {
		t.Fatal(err)
	}
	files, byURL, types := archived(t, wdir)
	if len(files) < 2 {
		t.Errorf("%d files at max_size 200KB, want rotation", len(files))
	}
	want := map[string]int{} // URL → records expected
	pages, redirects := 0, 0
	err = p.Store().Pages(ctx, func(pg *crawl.Page) error {
		pages++
		want[pg.FinalURL]++
		redirects += len(pg.Redirects)
		for _, r := range pg.Redirects {
			want[r]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	failures := 0
	mayHave := map[string]bool{} // a timeout may come after the response head
	err = p.Store().ExportFailures(ctx, func(f crawl.Failure) error {
		mayHave[f.URL] = true
		if f.Status > 0 {
			failures++
			want[f.URL]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	robots := 0
	for u := range byURL {
		if strings.HasSuffix(u, "/robots.txt") {
			robots++
			want[u]++
		}
	}
	var missing, extra []string
	for u, n := range want {
		if len(byURL[u]) < n {
			missing = append(missing, u)
		}
	}
	total := 0
	for u, st := range byURL {
		total += len(st)
		if want[u] == 0 && !mayHave[u] && !allRedirects(st) { // hops of a failed redirect chain are not stored

			extra = append(extra, u)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	t.Logf("pages %d, redirects %d, failures with a response %d, robots %d, response records %d, types %v", pages, redirects, failures, robots, total, types)
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("missing records for %v; records nothing stored explains: %v", missing, extra)
	}
	if pages < 100 || robots < 4 || failures < 1 || redirects < 1 {
		t.Errorf("pages %d robots %d failures %d redirects %d: the crawl did not run as expected", pages, robots, failures, redirects)
	}
	if types["request"] != types["response"]+types["revisit"] || types["warcinfo"] != len(files) {
		t.Errorf("record types %v over %d files", types, len(files))
	}
	// two readers written by others agree, digests checked
	if got := warctest.Validate(t, files...); !maps.Equal(got, types) {
		t.Errorf("gowarc reads %v, we read %v", got, types)
	}
	warctest.NodeCheck(t, types, files...)
}

// warcConfig crawls the four demo hosts to depth 2 (404s, redirects, a PDF
// and a redirect loop among them) with a WARC archive in wdir.
func warcConfig(t *testing.T, dir, wdir string) *config.Config {
	t.Helper()
	src := `demo: true
seeds: ["{demo:0}", "{demo:1}", "{demo:2}", "{demo:3}"]
db: ` + filepath.Join(dir, "d.db") + `
out: ` + filepath.Join(dir, "out") + `
max_pages: 0
scope:
  max_depth: 2
politeness:
  no_delay: true
  max_crawl_delay: 1ms
  workers: 4
  per_host_parallel: 2
fetch:
  timeout: 2s
  retries: -1
warc:
  dir: ` + wdir + `
  max_size: 300KB
`
	cfg, err := config.Parse(strings.NewReader(src), "warc.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func allRedirects(statuses []int) bool {
	for _, s := range statuses {
		if s < 300 || s > 399 {
			return false
		}
	}
	return true
}
