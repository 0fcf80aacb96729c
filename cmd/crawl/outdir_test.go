package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestUnwritableOutDirFailsAtStart: an output directory the exports cannot
// be written to stops the crawl before its first request, with a message
// naming the directory, instead of after the whole crawl.
func TestUnwritableOutDirFailsAtStart(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "<html><body>x</body></html>")
	}))
	defer srv.Close()
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, []byte("x"), 0o644)
	readOnly := filepath.Join(dir, "read-only")
	os.Mkdir(readOnly, 0o555)
	cases := map[string]string{"a file": file, "under a file": filepath.Join(file, "out")}
	if os.Geteuid() != 0 { // root writes into a 0555 directory anyway
		cases["read-only directory"] = readOnly
	}
	for name, out := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := filepath.Join(t.TempDir(), "c.yaml")
			os.WriteFile(cfg, []byte(fmt.Sprintf("seeds: [%q]\ndb: %s\n", srv.URL+"/", filepath.Join(t.TempDir(), "c.db"))), 0o644)
			code, _, errOut := runCLI(t, "-config", cfg, "-out", out, "-quiet")
			if code == 0 || !strings.Contains(errOut, "output directory "+out) {
				t.Errorf("crawl -out %s = %d, %q; want a failure naming the output directory", out, code, errOut)
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d requests sent; the output directory must be checked before crawling", n)
	}
	if ents, _ := os.ReadDir(readOnly); len(ents) != 0 {
		t.Errorf("probe files left in %s: %v", readOnly, ents)
	}
}
