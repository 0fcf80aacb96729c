package main

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/warc/warctest"
)

// pagesByURL reads pages.csv: the columns that do not depend on fetch
// order or time, by URL.
func pagesByURL(t *testing.T, path string) map[string]string {
	t.Helper()
	rows, col := readCSVFile(t, path)
	out := map[string]string{}
	for _, r := range rows[1:] {
		var b strings.Builder
		// Not relevance: the calibrated relevance weighs words by their
		// frequency in the pages fetched before, so it depends on the order.
		for _, c := range []string{"final_url", "status", "label", "label_score", "title", "content_type", "size"} {
			b.WriteString(r[col[c]] + "|")
		}
		out[r[col["url"]]] = b.String()
	}
	return out
}

func lines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

func comparePages(t *testing.T, live, replay map[string]string) {
	t.Helper()
	if len(live) == 0 {
		t.Fatal("the live crawl stored no page")
	}
	var diffs []string
	for u, v := range live {
		if replay[u] != v {
			diffs = append(diffs, fmt.Sprintf("%s: live %q, replay %q", u, v, replay[u]))
		}
	}
	for u := range replay {
		if _, ok := live[u]; !ok {
			diffs = append(diffs, u+": only in the replay")
		}
	}
	sort.Strings(diffs)
	if len(diffs) > 0 {
		t.Errorf("%d of %d pages differ, first: %v", len(diffs), len(live), diffs[:min(5, len(diffs))])
	}
}

// demoReplayConfig is the demo's configuration (every built-in, its
// politeness, timeout and retries) over a smaller crawl: to depth 1, until
// the frontier is dry.
func demoReplayConfig(dir string, workers int) string {
	return `demo: true
seeds: ["{demo:0}", "{demo:1}", "{demo:2}", "{demo:3}", "{sport:10}"]
db: ` + filepath.Join(dir, "live.db") + `
out: ` + filepath.Join(dir, "live") + `
scope: {max_depth: 1}
politeness: {workers: ` + fmt.Sprint(workers) + `, per_host_parallel: 2, delay: 1ms, max_crawl_delay: 1ms}
fetch: {timeout: 2s, retries: 1, backoff: 10ms}
batch: {size: 50}
hub: {enabled: true, policy: tag}
topic: {enabled: true, seeds: ["{sport:10}"], strategy: adaptive, link_context: 0.75, url_words: true}
clustering: {enabled: true}
extraction: {enabled: true}
topics: {enabled: true, r: 0.24}
warc: {dir: ` + filepath.Join(dir, "warc") + `, max_size: 500KB}
`
}

// replayNormalised reads every export in dir (CSV files, records/ and
// harvest.svg) as the replay comparison sees them: the columns of fetch
// times (pages.fetched_at, failures.time, clusters.updated) are blanked,
// and failures without any response (status 0 and kind timeout, network
// or dns) are left out: nothing was received, so nothing was archived and
// a replay cannot meet them. Nothing else is changed.
func replayNormalised(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !strings.HasSuffix(path, ".csv") {
			out[rel] = string(b)
			return nil
		}
		rows, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		var sb strings.Builder
		w := csv.NewWriter(&sb)
		for i, r := range rows {
			if i > 0 && rel == "failures.csv" && r[col["status"]] == "0" && map[string]bool{"timeout": true, "network": true, "dns": true}[r[col["kind"]]] {
				continue
			}
			for _, c := range []string{"fetched_at", "time", "updated"} {
				if j, ok := col[c]; ok && i > 0 {
					r[j] = ""
				}
			}
			w.Write(r)
		}
		w.Flush()
		out[rel] = sb.String()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diffExports reports each file that differs between two normalised
// export sets, with its first differing line.
func diffExports(t *testing.T, what string, a, b map[string]string) {
	t.Helper()
	if len(a) == 0 {
		t.Fatalf("%s: no exports", what)
	}
	var names []string
	for n := range a {
		names = append(names, n)
	}
	for n := range b {
		if _, ok := a[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if a[n] == b[n] {
			continue
		}
		la, lb := strings.Split(a[n], "\n"), strings.Split(b[n], "\n")
		i := 0
		for i < len(la) && i < len(lb) && la[i] == lb[i] {
			i++
		}
		line := func(l []string) string {
			if i < len(l) {
				return l[i]
			}
			return "(end)"
		}
		t.Errorf("%s: %s differs (%d and %d lines) at line %d:\n  %.300s\n  %.300s", what, n, len(la), len(lb), i+1, line(la), line(lb))
	}
}

// TestReplayOwnDemoWARC crawls the demo site with every built-in, writing
// WARC, with one worker, then replays the archive in archive order into a
// new store: every export (pages with their seq, score, labels, relevance,
// clusters and topics; links, records, clusters, harvest, topics,
// failures) is the same, apart from fetch times and the failures that got
// no response (see replayNormalised). The default frontier-order replay
// gets the same pages with the same content.
func TestReplayOwnDemoWARC(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "demo.yaml")
	os.WriteFile(cfg, []byte(demoReplayConfig(dir, 1)), 0o644)
	if code, out, errOut := runCLI(t, "-config", cfg, "-quiet"); code != 0 {
		t.Fatalf("live crawl: %d\n%s\n%s", code, out, errOut)
	}
	for _, order := range []string{"archive", "frontier"} {
		code, out, errOut := runCLI(t, "replay", "-config", cfg, "-warc", filepath.Join(dir, "warc", "*.warc.gz"), "-order", order,
			"-db", filepath.Join(dir, order+".db"), "-out", filepath.Join(dir, order), "-quiet")
		if code != 0 {
			t.Fatalf("replay -order %s: %d\n%s\n%s", order, code, out, errOut)
		}
		if strings.Contains(errOut, "replay:") {
			t.Errorf("replay reported bad input in our own archive:\n%s", errOut)
		}
	}
	live := replayNormalised(t, filepath.Join(dir, "live"))
	if n := strings.Count(live["pages.csv"], "\n"); n < 100 || strings.Count(live["records.csv"], "\n") < 100 {
		t.Fatalf("the live crawl stored %d pages and few records: not the demo", n)
	}
	diffExports(t, "archive order", live, replayNormalised(t, filepath.Join(dir, "archive")))
	comparePages(t, pagesByURL(t, filepath.Join(dir, "live", "pages.csv")), pagesByURL(t, filepath.Join(dir, "frontier", "pages.csv")))
}

// TestReplayArchiveOrderDeterministic replays the WARC of a crawl with
// four workers (whose order no run repeats) twice in archive order: the
// two replays' exports are the same, fetch times apart.
func TestReplayArchiveOrderDeterministic(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "demo.yaml")
	os.WriteFile(cfg, []byte(demoReplayConfig(dir, 4)), 0o644)
	if code, out, errOut := runCLI(t, "-config", cfg, "-quiet"); code != 0 {
		t.Fatalf("live crawl: %d\n%s\n%s", code, out, errOut)
	}
	var got []map[string]string
	for _, name := range []string{"r1", "r2"} {
		code, out, errOut := runCLI(t, "replay", "-config", cfg, "-warc", filepath.Join(dir, "warc", "*.warc.gz"), "-order", "archive",
			"-db", filepath.Join(dir, name+".db"), "-out", filepath.Join(dir, name), "-quiet")
		if code != 0 {
			t.Fatalf("replay %s: %d\n%s\n%s", name, code, out, errOut)
		}
		got = append(got, replayNormalised(t, filepath.Join(dir, name)))
	}
	diffExports(t, "two replays", got[0], got[1])
}

// linkedSite serves n pages linking to each other, one redirect and
// robots.txt: a small site for wget.
func linkedSite(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
			return
		case r.URL.Path == "/moved":
			http.Redirect(w, r, "/p/1", http.StatusMovedPermanently)
			return
		}
		var i int
		if _, err := fmt.Sscanf(r.URL.Path, "/p/%d", &i); (err != nil && r.URL.Path != "/") || i >= n {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<html><head><title>Page %d</title></head><body><h1>Page %d</h1>", i, i)
		for _, j := range []int{(i*3 + 1) % n, (i*3 + 2) % n, (i + 7) % n} {
			fmt.Fprintf(w, `<p><a href="/p/%d">page %d</a> words about page %d</p>`, j, j, j)
		}
		fmt.Fprint(w, `<a href="/moved">moved</a> <a href="/private/x">private</a> <a href="/p/999">gone</a></body></html>`)
	})
}

// TestReplayWgetWARC replays a WARC written by another tool, wget (WARC/1.0,
// gzip per record), of a loopback site: the same pages as a live crawl.
func TestReplayWgetWARC(t *testing.T) {
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Fatal("wget is needed to write a third-party WARC (.ci/run installs it)")
	}
	srv := httptest.NewServer(linkedSite(40))
	defer srv.Close()
	dir := t.TempDir()
	cmd := exec.Command(wget, "-q", "-r", "-l", "inf", "--no-host-directories", "-P", filepath.Join(dir, "mirror"),
		"--warc-file="+filepath.Join(dir, "site"), "--no-warc-keep-log", srv.URL+"/")
	if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() != 8 { // 8: some 404s
		t.Fatalf("wget: %v\n%s", err, out)
	}
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte(`seeds: ["`+srv.URL+`/"]
db: `+filepath.Join(dir, "live.db")+`
out: `+filepath.Join(dir, "live")+`
politeness: {workers: 2, no_delay: true}
fetch: {retries: -1}
dedup: {enabled: false} # linkedSite's pages differ in their numbers only
`), 0o644)
	if code, out, errOut := runCLI(t, "-config", cfg, "-quiet"); code != 0 {
		t.Fatalf("live crawl: %d\n%s\n%s", code, out, errOut)
	}
	srv.Close() // the replay must not need the site
	code, out, errOut := runCLI(t, "replay", "-config", cfg, "-warc", filepath.Join(dir, "site.warc.gz"),
		"-db", filepath.Join(dir, "replay.db"), "-out", filepath.Join(dir, "replay"), "-quiet")
	if code != 0 {
		t.Fatalf("replay: %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(errOut, "replay:") {
		t.Errorf("replay reported bad input in wget's archive:\n%s", errOut)
	}
	// archive order: every archived page, in the order wget fetched them
	code, out, errOut = runCLI(t, "replay", "-config", cfg, "-warc", filepath.Join(dir, "site.warc.gz"), "-order", "archive",
		"-db", filepath.Join(dir, "archive.db"), "-out", filepath.Join(dir, "archive"), "-quiet")
	if code != 0 {
		t.Fatalf("replay -order archive: %d\n%s\n%s", code, out, errOut)
	}
	live := pagesByURL(t, filepath.Join(dir, "live", "pages.csv"))
	comparePages(t, live, pagesByURL(t, filepath.Join(dir, "archive", "pages.csv")))
	if len(live) != 42 { // /p/0..39, / and /moved (stored under its own URL)
		t.Errorf("live crawl stored %d pages, want 42", len(live))
	}
	comparePages(t, live, pagesByURL(t, filepath.Join(dir, "replay", "pages.csv")))
}

// TestExportWARCReconstructed exports a store crawled without an archive as
// WARC: both readers accept it, every response is marked reconstructed, and
// replaying it gives the crawl's pages again.
func TestExportWARCReconstructed(t *testing.T) {
	srv := httptest.NewServer(linkedSite(25))
	defer srv.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte(`seeds: ["`+srv.URL+`/"]
db: `+filepath.Join(dir, "live.db")+`
out: `+filepath.Join(dir, "live")+`
politeness: {workers: 2, no_delay: true}
fetch: {retries: -1}
dedup: {enabled: false} # linkedSite's pages differ in their numbers only
`), 0o644)
	if code, out, errOut := runCLI(t, "-config", cfg, "-quiet"); code != 0 {
		t.Fatalf("live crawl: %d\n%s\n%s", code, out, errOut)
	}
	srv.Close()
	wdir := filepath.Join(dir, "rebuilt")
	if code, out, errOut := runCLI(t, "export", "-db", filepath.Join(dir, "live.db"), "-what", "warc", "-out", wdir); code != 0 {
		t.Fatalf("export warc: %d\n%s\n%s", code, out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(wdir, "*.warc.gz"))
	types := warctest.Validate(t, files...)
	live := pagesByURL(t, filepath.Join(dir, "live", "pages.csv"))
	// 26 pages (/, /p/0..24, /moved) and one 302 for /moved
	if types["response"] != len(live)+1 || types["request"] != 0 {
		t.Errorf("records %v for %d pages", types, len(live))
	}
	warctest.NodeCheck(t, types, files...)
	for _, f := range files {
		b, _ := os.ReadFile(f + ".cdxj")
		if strings.Count(string(b), "\n") != types["response"] {
			t.Errorf("%s.cdxj has %d lines, want %d", f, strings.Count(string(b), "\n"), types["response"])
		}
	}
	code, out, errOut := runCLI(t, "replay", "-config", cfg, "-warc", filepath.Join(wdir, "*.warc.gz"),
		"-db", filepath.Join(dir, "replay.db"), "-out", filepath.Join(dir, "replay"), "-quiet")
	if code != 0 {
		t.Fatalf("replay: %d\n%s\n%s", code, out, errOut)
	}
	comparePages(t, live, pagesByURL(t, filepath.Join(dir, "replay", "pages.csv")))
}

// TestReplayCommonCrawl replays real Common Crawl records (WARC/1.0, gzip
// per record, warc/testdata/commoncrawl): the one archived page is
// stored, with its title, and nothing else is fetched (robots.txt is not
// archived: answered 404; its links are not archived: dropped).
func TestReplayCommonCrawl(t *testing.T) {
	const page = "https://an.wikipedia.org/wiki/Escopete"
	dir := t.TempDir()
	cfg := filepath.Join(dir, "cc.yaml")
	os.WriteFile(cfg, []byte(`seeds: ["https://example.org/"]
db: `+filepath.Join(dir, "cc.db")+`
out: `+filepath.Join(dir, "out")+`
`), 0o644)
	sample := filepath.Join("..", "..", "warc", "testdata", "commoncrawl", "whirlwind.warc.gz")
	code, out, errOut := runCLI(t, "replay", "-config", cfg, "-warc", sample, "-order", "records", "-quiet")
	if code != 0 || strings.Contains(errOut, "replay:") {
		t.Fatalf("replay: %d\n%s\n%s", code, out, errOut)
	}
	rows, col := readCSVFile(t, filepath.Join(dir, "out", "pages.csv"))
	if len(rows) != 2 {
		t.Fatalf("%d pages stored, want 1: %v", len(rows)-1, rows[1:])
	}
	r := rows[1]
	if r[col["url"]] != page || r[col["status"]] != "200" || r[col["title"]] != "Escopete - Biquipedia, a enciclopedia libre" {
		t.Errorf("stored %s status %s title %q", r[col["url"]], r[col["status"]], r[col["title"]])
	}
	if n := lines(t, filepath.Join(dir, "out", "links.csv")); n < 50 {
		t.Errorf("links.csv has %d lines: the page's links were not read", n)
	}
}
