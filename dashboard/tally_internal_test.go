package dashboard

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
)

// TestTallyIncremental reads new pages incrementally, catches pages
// updated in place (a re-crawl) at the next full read, and starts over
// when the store shrank.
func TestTallyIncremental(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	add := func(seq, status int, relevant bool) {
		exec(`INSERT INTO pages(seq, url, status, fetched_at, depth, relevant) VALUES(?, ?, ?, '2026-01-01T00:00:00Z', 0, ?)`,
			seq, fmt.Sprintf("http://x.test/%d", seq), status, relevant)
	}
	add(1, 200, true)
	add(2, 404, false)
	add(3, 200, true)
	db, err := OpenDB(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	db.pages.now = func() time.Time { return clock }
	check := func(step string, pages, relevant, notFound int64) {
		t.Helper()
		c, err := db.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if c.Pages != pages || c.Relevant != relevant || c.Status["4xx"] != notFound {
			t.Errorf("%s: %d pages, %d relevant, %d 4xx; want %d, %d, %d", step, c.Pages, c.Relevant, c.Status["4xx"], pages, relevant, notFound)
		}
	}
	check("first read", 3, 2, 1)
	add(4, 200, true)
	add(5, 500, false)
	exec(`UPDATE pages SET status = 200, relevant = 1 WHERE seq = 2`) // a re-crawl's UpdatePage
	clock = clock.Add(time.Second)
	check("incremental", 5, 3, 1)
	h, err := db.Harvest(ctx, 10)
	if err != nil || len(h) != 5 || h[4].Harvest != 3.0/5 || h[1].Harvest != 1.0/2 {
		t.Errorf("harvest %v: %v", h, err)
	}
	clock = clock.Add(fullEvery)
	check("full read", 5, 4, 0)
	exec(`DELETE FROM pages`)
	add(1, 404, false)
	clock = clock.Add(time.Second)
	check("store started over", 1, 0, 1)
}
