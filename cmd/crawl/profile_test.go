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

// TestProfileFlags: -cpuprofile and -memprofile leave profiles in pprof's
// format (gzipped protocol buffers whose string table names the sample
// types), the allocation one with the alloc_space sample the flag's help
// names.
func TestProfileFlags(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<html><body><a href="/a">a</a> <a href="/b">b</a></body></html>`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("seeds: [%q]\ndb: %s\nout: %s\n", srv.URL+"/", filepath.Join(dir, "c.db"), filepath.Join(dir, "out"))), 0o644)
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	if code, _, errOut := runCLI(t, "-config", cfg, "-quiet", "-cpuprofile", cpu, "-memprofile", mem); code != 0 {
		t.Fatalf("crawl = %d: %s", code, errOut)
	}
	for path, sample := range map[string]string{cpu: "nanoseconds", mem: "alloc_space"} {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: not gzipped: %v", path, err)
		}
		pb, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !bytes.Contains(pb, []byte(sample)) {
			t.Errorf("%s: no %s sample type in the profile", path, sample)
		}
	}
}
