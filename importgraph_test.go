package crawl_test

import (
	"errors"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/crawl-project/crawl"

// deps returns the transitive non-test imports of the project package pkg
// (a path relative to the module root, "" for the root): project packages
// by their relative path (and in project), others by their import path.
func deps(t *testing.T, pkg string) (all, project map[string]bool) {
	t.Helper()
	seen, project := map[string]bool{}, map[string]bool{}
	var walk func(rel string)
	walk = func(rel string) {
		p, err := build.Default.ImportDir(filepath.Join(".", filepath.FromSlash(rel)), 0)
		if err != nil {
			t.Fatalf("package %q: %v", rel, err)
		}
		for _, imp := range p.Imports {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				seen[imp] = true
				continue
			}
			r := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if !seen[r] {
				seen[r], project[r] = true, true
				walk(r)
			}
		}
	}
	walk(pkg)
	return seen, project
}

// TestImportGraph keeps the package boundaries the README's Layout section
// draws: the root package is vocabulary and imports nothing of the
// project; the engine and the frontier know no store and link no SQLite;
// the configuration knows no exporter.
func TestImportGraph(t *testing.T) {
	const sqlite = "github.com/mattn/go-sqlite3"
	tests := []struct {
		pkg       string
		forbidden []string // "*project*": any package of the project
	}{
		{"", []string{"*project*"}},
		{"hooks", []string{"store", "frontier", "crawler", sqlite}},
		{"frontier", []string{"store", "frontier/sqlitefrontier", sqlite}},
		{"crawler", []string{"store", "frontier/sqlitefrontier", "export", "pipeline", sqlite}},
		{"config", []string{"export", "store", "pipeline", sqlite}},
		{"store", []string{"crawler", "frontier", "pipeline", "export"}},
		{"frontier/sqlitefrontier", []string{"crawler", "pipeline"}},
	}
	for _, tt := range tests {
		name := tt.pkg
		if name == "" {
			name = "crawl"
		}
		t.Run(name, func(t *testing.T) {
			d, project := deps(t, tt.pkg)
			for _, f := range tt.forbidden {
				if f == "*project*" {
					for k := range project {
						t.Errorf("%s imports the project package %s", name, k)
					}
					continue
				}
				if d[f] {
					t.Errorf("%s depends on %s", name, f)
				}
			}
		})
	}
	// The check itself can fail: the pipeline does reach the store and SQLite.
	if d, _ := deps(t, "pipeline"); !d["store"] || !d[sqlite] || !d["frontier/sqlitefrontier"] {
		t.Errorf("pipeline's dependencies lack store, SQLite or sqlitefrontier: the walk is broken (%d found)", len(d))
	}
}

// TestImportGraphInREADME checks that the graph the README's Layout section
// draws is the graph of the code: one line per library package, its direct
// project imports sorted.
func TestImportGraphInREADME(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, drawn, ok := strings.Cut(string(readme), "\n    crawl ->\n")
	if !ok {
		t.Fatal("README has no import graph starting with \"    crawl ->\"")
	}
	drawn, _, _ = strings.Cut("    crawl ->\n"+drawn, "\n\n")
	var lines []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(path)
		base := d.Name()
		if rel != "." && (strings.HasPrefix(base, ".") || base == "testdata" || base == "cmd" || base == "internal" ||
			base == "examples" || strings.HasSuffix(base, "test")) {
			return filepath.SkipDir
		}
		p, err := build.Default.ImportDir(path, 0)
		if err != nil {
			var none *build.NoGoError
			if errors.As(err, &none) {
				return nil
			}
			return err
		}
		name := rel
		if rel == "." {
			name = "crawl"
		}
		var imps []string
		for _, imp := range p.Imports {
			if imp == module {
				imps = append(imps, "crawl")
			} else if r, ok := strings.CutPrefix(imp, module+"/"); ok && !strings.Contains("/"+r+"/", "/internal/") {
				imps = append(imps, r)
			}
		}
		sort.Slice(imps, func(i, j int) bool { // by import path: the root first
			if (imps[i] == "crawl") != (imps[j] == "crawl") {
				return imps[i] == "crawl"
			}
			return imps[i] < imps[j]
		})
		lines = append(lines, strings.TrimRight("    "+name+" -> "+strings.Join(imps, " "), " "))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(lines, func(i, j int) bool { // go list's order: the root first, then by path
		a, b := strings.Fields(lines[i])[0], strings.Fields(lines[j])[0]
		if (a == "crawl") != (b == "crawl") {
			return a == "crawl"
		}
		return a < b
	})
	if got := strings.Join(lines, "\n"); got != drawn {
		t.Errorf("README's import graph is out of date; the code's is:\n%s\n\nREADME's:\n%s", got, drawn)
	}
}
