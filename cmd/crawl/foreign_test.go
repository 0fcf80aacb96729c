package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/store/storetest"
)

// TestForeignDBRefused gives a SQLite database of another program and a
// text file as -db to every command that takes one, with and without
// -fresh: each is refused with a non-zero exit, no request is sent, and
// the file keeps its bytes (sha256) with nothing added beside it.
func TestForeignDBRefused(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "<html><body>hi</body></html>")
	}))
	defer srv.Close()
	dir := t.TempDir()
	foreign := t.TempDir()
	appDB := filepath.Join(foreign, "app.db")
	db, err := sql.Open("sqlite3", "file:"+appDB+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users(name) VALUES ('ann'), ('bob')"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	text := filepath.Join(foreign, "notes.txt")
	if err := os.WriteFile(text, []byte("not a database\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pagesDir := filepath.Join(dir, "pages")
	os.MkdirAll(pagesDir, 0o755)
	os.WriteFile(filepath.Join(pagesDir, "a.html"), []byte("<html><body><ul><li>a</li><li>b</li></ul></body></html>"), 0o644)
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("seeds: [%q]\nout: %s\n", srv.URL+"/", filepath.Join(dir, "out"))), 0o644)

	listing := func() []string {
		ents, _ := os.ReadDir(foreign)
		var n []string
		for _, e := range ents {
			n = append(n, e.Name())
		}
		return n
	}
	before := listing()
	for _, f := range []string{appDB, text} {
		want := sha(t, f)
		for _, args := range [][]string{
			{"-config", cfg, "-db", f, "-quiet"},
			{"-config", cfg, "-db", f, "-fresh", "-quiet"},
			{"-config", cfg, "-db", f, "-check"},
			{"export", "-db", f, "-what", "pages"},
			{"export", "-db", f, "-what", "failures"},
			{"topics", "-db", f},
			{"cluster", "-in", pagesDir, "-db", f},
		} {
			t.Run(filepath.Base(f)+" "+strings.Join(args[:3], " "), func(t *testing.T) {
				code, _, errOut := runCLI(t, args...)
				if code == 0 {
					t.Fatalf("crawl %v exited 0", args)
				}
				if !strings.Contains(errOut, f) || !strings.Contains(errOut, "refusing") {
					t.Errorf("crawl %v: stderr %q; want a refusal naming %s", args, errOut, f)
				}
				if got := sha(t, f); got != want {
					t.Errorf("crawl %v changed %s: sha256 %x, was %x", args, f, got, want)
				}
			})
		}
	}
	if after := listing(); !slices.Equal(after, before) {
		t.Errorf("files beside the foreign files: %v, was %v", after, before)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server got %d requests; a refused store must stop the crawl before it starts", n)
	}
}

func sha(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// TestCorruptStoreFailsEveryReader writes garbage over a page in the middle
// of a store: export, topics and a resumed crawl exit non-zero naming the
// damage instead of serving rows from it.
func TestCorruptStoreFailsEveryReader(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "crawl.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var pages []*crawl.Page
	for i := range 300 {
		pages = append(pages, &crawl.Page{Seq: int64(i + 1), URL: fmt.Sprintf("http://a.test/p/%d", i), Status: 200,
			Title: fmt.Sprintf("page %d", i), HTML: []byte(strings.Repeat(fmt.Sprintf("<p>text %d of the page</p>", i), 30))})
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if code, out, _ := runCLI(t, "export", "-db", path, "-what", "pages"); code != 0 || strings.Count(out, "\n") != 301 {
		t.Fatalf("export of the sound store = %d, %d lines", code, strings.Count(out, "\n"))
	}
	storetest.CorruptMiddle(t, path)
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("seeds: [\"http://127.0.0.1:1/\"]\nout: %s\n", filepath.Join(dir, "out"))), 0o644)
	for _, args := range [][]string{
		{"export", "-db", path, "-what", "pages"},
		{"export", "-db", path, "-what", "links", "-format", "jsonl"},
		{"topics", "-db", path},
		{"-config", cfg, "-db", path, "-quiet"},
	} {
		code, _, errOut := runCLI(t, args...)
		if code == 0 || !strings.Contains(errOut, "damaged") {
			t.Errorf("crawl %v on a damaged store = exit %d, stderr %q; want non-zero naming the damage", args, code, errOut)
		}
	}
}
