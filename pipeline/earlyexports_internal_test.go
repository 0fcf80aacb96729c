package pipeline

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// TestEarlyExportCommit: a links export written early is put in place by
// commit, not when the exports' context has ended (then discard removes
// it and the earlier file stays), and an export not started is left to
// the caller.
func TestEarlyExportCommit(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	page := &crawl.Page{Seq: 1, URL: "http://a.test/", FinalURL: "http://a.test/", Status: 200,
		FetchedAt: time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), Header: http.Header{},
		Links: []crawl.Link{{URL: "http://a.test/b", Anchor: "b"}}}
	if err := st.SaveResults(ctx, []*crawl.Page{page}, nil); err != nil {
		t.Fatal(err)
	}
	for _, ended := range []bool{true, false} {
		dir := t.TempDir()
		links := filepath.Join(dir, "links.csv")
		if err := os.WriteFile(links, []byte("an earlier run's"), 0o644); err != nil {
			t.Fatal(err)
		}
		e := newEarlyExports(ctx, st, []string{"pages", "links"}, dir)
		if !e.has("links") || e.has("pages") {
			t.Fatal("links must be early and pages not")
		}
		if _, ok, _ := e.commit(ctx, "links"); ok {
			t.Fatal("commit before start: ok")
		}
		e.start()
		cctx, cancel := context.WithCancel(ctx)
		if ended {
			cancel()
		}
		lines, ok, err := e.commit(cctx, "links")
		cancel()
		e.discard()
		b, _ := os.ReadFile(links)
		entries, _ := os.ReadDir(dir)
		switch {
		case !ok:
			t.Errorf("ended %v: started export not committed by commit", ended)
		case ended && (err == nil || string(b) != "an earlier run's"):
			t.Errorf("context ended: commit = %v, links.csv = %.40q; want an error and the earlier file", err, b)
		case !ended && (err != nil || len(lines) != 1 || string(b[:9]) != "from_seq,"):
			t.Errorf("commit = %q, %v, links.csv = %.40q; want it written", lines, err, b)
		case len(entries) != 1:
			t.Errorf("ended %v: %s holds %v; want only links.csv", ended, dir, entries)
		}
	}
	var none *earlyExports
	if newEarlyExports(ctx, st, []string{"pages", "records"}, t.TempDir()) != nil || none.has("links") {
		t.Error("no early exports: want nil")
	}
	none.discard()
}
