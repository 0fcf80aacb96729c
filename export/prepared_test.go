package export_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl/export"
)

// TestPrepareFile: a prepared export leaves the file at its path as it
// was until Commit puts it in place with the bytes WriteFile writes;
// Discard leaves nothing behind; a failed one neither.
func TestPrepareFile(t *testing.T) {
	ctx := context.Background()
	st := fixture(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "links.csv")
	if err := os.WriteFile(path, []byte("an earlier run's"), 0o644); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(t.TempDir(), "links.csv")
	if err := export.WriteFile(ctx, st, "links", "csv", ref); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(ref)

	p, err := export.PrepareFile(ctx, st, "links", "csv", path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Path() != path {
		t.Errorf("Path = %q; want %q", p.Path(), path)
	}
	if b, _ := os.ReadFile(path); string(b) != "an earlier run's" {
		t.Fatalf("prepared export touched the file: %q", b)
	}
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(want) {
		t.Errorf("committed export = %q; want WriteFile's %q", got, want)
	}
	onlyFile(t, dir, "links.csv")

	if err := os.WriteFile(path, []byte("an earlier run's"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err = export.PrepareFile(ctx, st, "links", "csv", path)
	if err != nil {
		t.Fatal(err)
	}
	p.Discard()
	if b, _ := os.ReadFile(path); string(b) != "an earlier run's" {
		t.Errorf("discarded export touched the file: %q", b)
	}
	onlyFile(t, dir, "links.csv")

	if _, err := export.PrepareFile(ctx, st, "nonsense", "csv", path); err == nil {
		t.Error("PrepareFile(nonsense) = nil error")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := export.PrepareFile(cancelled, st, "links", "csv", path); err == nil {
		t.Error("PrepareFile with its context ended = nil error")
	}
	onlyFile(t, dir, "links.csv")
}

// onlyFile fails unless dir holds name and nothing else.
func onlyFile(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != name {
		t.Errorf("%s holds %v; want only %s", dir, entries, name)
	}
}
