package fpc_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/clustering/fpc"
)

// TestExtractDir: the .html and .htm files under a directory, sorted, each
// with its features; other files left out; a missing directory an error.
func TestExtractDir(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"b.htm":      "<html><body><ul><li>x</li></ul></body></html>",
		"a.html":     "<html><body><p>y</p></body></html>",
		"notes.txt":  "not a page",
		"sub/c.html": "<html><body><table><tr><td>z</td></tr></table></body></html>",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths, feats, err := fpc.ExtractDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.html"), filepath.Join(dir, "b.htm"), filepath.Join(dir, "sub/c.html")}
	if !slices.Equal(paths, want) || len(feats) != len(want) {
		t.Fatalf("ExtractDir = %v (%d features), want %v", paths, len(feats), want)
	}
	for i, f := range feats {
		if f == nil || reflect.DeepEqual(f, feats[(i+1)%len(feats)]) {
			t.Errorf("%s: features %v, want its own", paths[i], f)
		}
	}
	if _, _, err := fpc.ExtractDir(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing directory gave no error")
	}
}
