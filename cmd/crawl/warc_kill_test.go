package main

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/warc"
	"github.com/crawl-project/crawl/warc/warctest"
)

// TestKillKeepsWARCConsistent kills a crawl that writes WARC with SIGKILL
// several times. After each kill every stored page has its response record
// in the files as a restart repairs them; after the final run no file is
// left open and both readers accept every file.
func TestKillKeepsWARCConsistent(t *testing.T) {
	site := &countingSite{hits: map[string]int{}}
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	wdir := filepath.Join(dir, "warc")
	cfgPath := writeConfig(t, dir, srv.URL+"/")
	f, _ := os.OpenFile(cfgPath, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("warc:\n  dir: " + wdir + "\n  max_size: 40KB\n")
	f.Close()
	for _, after := range []time.Duration{250 * time.Millisecond, 400 * time.Millisecond, 150 * time.Millisecond} {
		cmd := child(cfgPath)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		cmd.Process.Kill()
		cmd.Wait()
		// repair a copy, as the next run will, and compare with the store
		cp := t.TempDir()
		ents, _ := os.ReadDir(wdir)
		for _, e := range ents {
			b, _ := os.ReadFile(filepath.Join(wdir, e.Name()))
			os.WriteFile(filepath.Join(cp, e.Name()), b, 0o644)
		}
		if _, err := warc.RepairDir(cp, "crawl"); err != nil {
			t.Fatal(err)
		}
		checkArchived(t, filepath.Join(dir, "k.db"), cp)
	}
	out, err := child(cfgPath).CombinedOutput()
	if err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	if open, _ := filepath.Glob(filepath.Join(wdir, "*.open")); len(open) > 0 {
		t.Errorf("files left open: %v", open)
	}
	n := checkArchived(t, filepath.Join(dir, "k.db"), wdir)
	files, _ := filepath.Glob(filepath.Join(wdir, "*.warc.gz"))
	got := warctest.Validate(t, files...)
	if got["response"] != n {
		t.Errorf("gowarc reads %d responses, we read %d", got["response"], n)
	}
	warctest.NodeCheck(t, got, files...)
}

// checkArchived fails for each stored page without a 200 response record
// in dir, and returns the number of response records.
func checkArchived(t *testing.T, db, dir string) int {
	t.Helper()
	ok := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	n := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		r := warc.NewReader(f, name)
		for {
			rec, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("after repair: %v", err)
			}
			if rec.Type() == "response" {
				n++
				if strings.HasPrefix(string(rec.Block), "HTTP/1.1 200") {
					ok[rec.TargetURI()] = true
				}
			}
		}
		f.Close()
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if errors.Is(err, os.ErrNotExist) {
		return n
	}
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	pages := 0
	err = st.ExportPages(ctx, func(r store.PageRow) error {
		pages++
		if !ok[r.URL] {
			t.Errorf("page %s stored without its WARC record", r.URL)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages stored, %d response records", pages, n)
	return n
}
