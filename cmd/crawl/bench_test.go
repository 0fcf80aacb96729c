package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// writeListSite writes a small site: an index linking to list pages of
// records and to articles.
func writeListSite(t *testing.T, dir string) {
	t.Helper()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var index strings.Builder
	index.WriteString("<html><head><title>Index</title></head><body><ul>")
	for i := range 6 {
		fmt.Fprintf(&index, `<li><a href="list%d.html">List %d</a></li>`, i, i)
		var list strings.Builder
		fmt.Fprintf(&list, "<html><head><title>Products %d</title></head><body><h1>Products</h1><table>", i)
		for j := range 8 {
			n := i*8 + j
			fmt.Fprintf(&list, `<tr><td><a href="item%d.html">Garden tool %d</a></td><td>$%d.99</td><td>%s</td></tr>`, n, n, 10+n, itemText(n)[:40])
			write(fmt.Sprintf("item%d.html", n), fmt.Sprintf("<html><head><title>Garden tool %d</title></head><body><h1>Garden tool %d</h1><p>%s</p><a href=\"index.html\">home</a></body></html>", n, n, itemText(n)))
		}
		list.WriteString("</table></body></html>")
		write(fmt.Sprintf("list%d.html", i), list.String())
	}
	index.WriteString("</ul></body></html>")
	write("index.html", index.String())
}

// itemText is a different description for each item: pages that differ
// only in a number would be near-duplicates, which the crawl skips.
func itemText(n int) string {
	words := strings.Fields("sturdy steel tool digging weeding planting small gardens handle blade ash oak rake hoe spade fork trowel pruner shears edging lawn soil compost bulbs seedlings hedge border raised beds greenhouse orchard allotment")
	var b strings.Builder
	for i := range 24 {
		b.WriteString(words[(n*7+i*(n%5+1))%len(words)])
		b.WriteByte(' ')
	}
	return b.String()
}

// benchSite makes a test's directory with the list site of writeListSite
// in its site folder, returning both.
func benchSite(t *testing.T) (dir, site string) {
	t.Helper()
	dir = t.TempDir()
	site = filepath.Join(dir, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		t.Fatal(err)
	}
	writeListSite(t, site)
	return dir, site
}

// TestBenchComparesBuiltinsOffAndOn runs `crawl bench` on a small site
// served from a directory: both crawls fetch every page, and the report
// has the ratio, the peak RSS and the built-ins' figures.
func TestBenchComparesBuiltinsOffAndOn(t *testing.T) {
	t.Setenv("CRAWL_TEST_AS_MAIN", "1") // the bench's child crawls are this binary acting as crawl
	dir, site := benchSite(t)
	cfg := filepath.Join(dir, "bench.yaml")
	yaml := `seeds: ["{site}/index.html"]
politeness: {no_delay: true, workers: 4, per_host_parallel: 4}
hub: {enabled: true}
topic: {enabled: true, seeds: ["{site}/item1.html"]}
clustering: {enabled: true}
extraction: {enabled: true}
topics: {enabled: true}
dedup: {enabled: false} # the generated item pages are alike
`
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	hubs := filepath.Join(dir, "hubs.txt")
	if err := os.WriteFile(hubs, []byte("path\tlabel\nindex.html\thub\nlist0.html\thub\nlist1.html\thub\nlist2.html\thub\nlist3.html\thub\nlist4.html\thub\nlist5.html\thub\nitem0.html\ttopic\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "bench", "-config", cfg, "-site", site, "-rounds", "1", "-work", filepath.Join(dir, "work"), "-hubs", hubs)
	if code != 0 {
		t.Fatalf("bench = %d: %s", code, errOut)
	}
	for _, mode := range []string{"off", "on"} {
		m := regexp.MustCompile(`built-ins ` + mode + `: (\d+) pages`).FindStringSubmatch(errOut)
		if m == nil || m[1] != "55" {
			t.Errorf("built-ins %s run: %v pages, want 55 (log %q)", mode, m, errOut)
		}
	}
	m := regexp.MustCompile(`ratio (\d+\.\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no ratio in %q", out)
	}
	if r, _ := strconv.ParseFloat(m[1], 64); r <= 0 {
		t.Errorf("ratio %v", r)
	}
	for _, want := range []string{"peak RSS", "records tables", "fuzzy topics", "against 7 true hubs", "crawl ended"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	t.Log(out)
}

// TestBenchConfigsAreValid checks the shipped bench configurations once
// their {site} placeholder is filled in.
func TestBenchConfigsAreValid(t *testing.T) {
	files, err := filepath.Glob("../../configs/bench/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("configs/bench: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			resolved := filepath.Join(t.TempDir(), "c.yaml")
			if err := os.WriteFile(resolved, []byte(strings.ReplaceAll(string(data), "{site}", "http://127.0.0.1:1")), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errOut := runCLI(t, "-config", resolved, "-check"); code != 0 {
				t.Errorf("crawl -config %s -check = %d, %q %q", f, code, out, errOut)
			}
		})
	}
}

// TestBenchEachBuiltinAlone: `crawl bench -each` also crawls with each
// configured built-in alone, and each such crawl has that built-in on and
// no other (the extraction-alone crawl writes records and no hub labels,
// the hub-alone one labels and no records).
func TestBenchEachBuiltinAlone(t *testing.T) {
	t.Setenv("CRAWL_TEST_AS_MAIN", "1")
	dir, site := benchSite(t)
	cfg := filepath.Join(dir, "bench.yaml")
	yaml := `seeds: ["{site}/index.html"]
politeness: {no_delay: true, workers: 4, per_host_parallel: 4}
hub: {enabled: true}
extraction: {enabled: true}
dedup: {enabled: false}
`
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	code, out, errOut := runCLI(t, "bench", "-config", cfg, "-site", site, "-rounds", "1", "-work", work, "-each")
	if code != 0 {
		t.Fatalf("bench -each = %d: %s", code, errOut)
	}
	for _, mode := range []string{"off", "on", "hub", "extraction"} {
		m := regexp.MustCompile(`built-ins ` + mode + `: (\d+) pages`).FindStringSubmatch(errOut)
		if m == nil || m[1] != "55" {
			t.Errorf("built-ins %s run: %v pages, want 55 (log %q)", mode, m, errOut)
		}
	}
	for _, want := range []string{"alone: hub", "alone: extraction", "all built-ins on", "site " + site + ", 1 rounds"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	column := func(run, file, col string) []string {
		f, err := os.Open(filepath.Join(work, run, file))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s/%s: %v", run, file, err)
		}
		at := slices.Index(rows[0], col)
		if at < 0 {
			t.Fatalf("%s/%s has no column %q: %v", run, file, col, rows[0])
		}
		var v []string
		for _, r := range rows[1:] {
			v = append(v, r[at])
		}
		return v
	}
	if n := len(column("hub-1", "records.csv", "record")); n != 0 {
		t.Errorf("the hub-alone crawl gave %d records, want none", n)
	}
	if n := len(column("extraction-1", "records.csv", "record")); n != 48 {
		t.Errorf("the extraction-alone crawl gave %d records, want the 6 lists' 48", n)
	}
	labelled := func(run string) (n int) {
		for _, l := range column(run, "pages.csv", "label") {
			if l != "" {
				n++
			}
		}
		return n
	}
	if n := labelled("hub-1"); n != 55 {
		t.Errorf("hub-alone crawl: %d pages labelled, want 55", n)
	}
	if n := labelled("extraction-1"); n != 0 {
		t.Errorf("extraction-alone crawl: %d pages labelled, want 0", n)
	}
	noSite := filepath.Join(dir, "nosite.yaml")
	if err := os.WriteFile(noSite, []byte(strings.ReplaceAll(yaml, "{site}", "http://127.0.0.1:1")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "-config", noSite, "-builtins", "hub,topic", "-check")
	if code == 0 || !strings.Contains(errOut, `"topic" is off`) {
		t.Errorf("-builtins hub,topic with topic off = %d, %q: want a usage error naming it", code, errOut)
	}
	t.Log(out)
}
