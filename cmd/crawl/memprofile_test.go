package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// TestMemProfileWritten: -memprofile leaves an allocation profile of the
// run (gzipped pprof protobuf with the allocs profile's sample types).
func TestMemProfileWritten(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<html><body><a href="/b">b</a> text</body></html>`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("seeds: [%q]\ndb: %s\nout: %s\n", srv.URL+"/",
		filepath.Join(dir, "c.db"), filepath.Join(dir, "out"))), 0o644)
	prof := filepath.Join(dir, "mem.prof")
	if code, _, errOut := runCLI(t, "-config", cfg, "-quiet", "-memprofile", prof); code != 0 {
		t.Fatalf("crawl -memprofile = %d, %s", code, errOut)
	}
	f, err := os.Open(prof)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: not gzipped: %v", prof, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", prof, err)
	}
	for _, want := range []string{"alloc_space", "inuse_space"} {
		if !bytes.Contains(raw, []byte(want)) {
			t.Errorf("%s has no sample type %q", prof, want)
		}
	}
}
