package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// resultsPage renders a list page with n records; tag names the record
// element so pages of two templates can be mixed.
func resultsPage(n int, tag string) string {
	var b strings.Builder
	b.WriteString(`<html><body><h1>Results</h1><div class="list">`)
	for i := range n {
		fmt.Fprintf(&b, `<%s class="item"><a href="/r%d">Result %d</a><span class="meta">%d views</span></%s>`, tag, i, i, 100+i, tag)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

func TestExtractCommand(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(resultsPage(3, "div")), 0o644)
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "b.htm"), []byte(resultsPage(2, "section")), 0o644)
	os.WriteFile(filepath.Join(dir, "c.html"), []byte("<p>An article without records.</p>"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not html"), 0o644)
	out := filepath.Join(dir, "out.csv")

	code, stdout, stderr := runCLI(t, "extract", "-in", dir, "-out", out)
	if code != 0 || stdout != "" || !strings.Contains(stderr, "5 records from 3 pages") {
		t.Fatalf("crawl extract = %d, %q %q", code, stdout, stderr)
	}
	rows, _ := readCSVFile(t, out)
	wantHeader := "page,record,link,title,text" // both templates' columns named by role
	if got := strings.Join(rows[0], ","); got != wantHeader {
		t.Errorf("header = %s\nwant     %s", got, wantHeader)
	}
	if len(rows) != 6 {
		t.Fatalf("%d rows, want header + 5", len(rows))
	}
	a := filepath.Join(dir, "a.html")
	if got := strings.Join(rows[2], "|"); got != a+"|1|/r1|Result 1|101 views" {
		t.Errorf("row 2 = %s", got)
	}
	if got := strings.Join(rows[5], "|"); got != filepath.Join(dir, "sub", "b.htm")+"|1|/r1|Result 1|101 views" {
		t.Errorf("row 5 = %s", got)
	}

	// a single file to stdout
	code, stdout, _ = runCLI(t, "extract", "-in", a)
	if code != 0 || strings.Count(stdout, "\n") != 4 || !strings.HasPrefix(stdout, "page,record,link,title,text\n") {
		t.Errorf("crawl extract -in a.html = %d, %q", code, stdout)
	}
}

// TestExtractCommandBadPage checks that a page the parser refuses (nested
// 10,000 deep) fails alone, named by kind, and the others are extracted.
func TestExtractCommandBadPage(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(resultsPage(3, "div")), 0o644)
	os.WriteFile(filepath.Join(dir, "deep.html"), []byte(strings.Repeat("<div>", 10_000)), 0o644)
	os.WriteFile(filepath.Join(dir, "z.html"), []byte(resultsPage(2, "div")), 0o644)
	code, stdout, stderr := runCLI(t, "extract", "-in", dir)
	if code != 0 || strings.Count(stdout, "\n") != 6 {
		t.Fatalf("crawl extract = %d, %q %q; want 5 records", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "deep.html (too-deep)") || !strings.Contains(stderr, "1 pages failed: map[too-deep:1]") {
		t.Errorf("stderr = %q, want the deep page named with its kind", stderr)
	}
}

func TestExtractCommandErrors(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"extract"}, 2, "-in FILE|DIR is required"},
		{[]string{"extract", "-in", filepath.Join(empty, "missing.html")}, 1, "no such file"},
		{[]string{"extract", "-in", empty}, 1, "no .html files"},
		{[]string{"extract", "-in", empty, "stray"}, 2, "unexpected argument"},
		{[]string{"extract", "-bogus"}, 2, "bogus"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("crawl %v = %d, %q %q; want %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
			}
		})
	}
}

func TestExtractCommandTemplate(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "1.html"), []byte(resultsPage(3, "div")), 0o644)
	os.WriteFile(filepath.Join(dir, "2.html"), []byte(resultsPage(5, "div")), 0o644)
	code, stdout, stderr := runCLI(t, "extract", "-template", "-in", dir)
	if code != 0 {
		t.Fatalf("crawl extract -template = %d, %q", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 9 || len(rows[0]) != 5 {
		t.Fatalf("%d rows of %d columns, want 9 rows (header + 8) of 5", len(rows), len(rows[0]))
	}
	if got := rows[8][3]; got != "Result 4" {
		t.Errorf("last record title = %q, want Result 4", got)
	}
}
