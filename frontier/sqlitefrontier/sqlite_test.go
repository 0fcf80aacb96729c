package sqlitefrontier_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl"

	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/frontiertest"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/store"
)

func openStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(dir, "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestSQLiteConformance(t *testing.T) {
	for _, window := range []int{0, 7} {
		t.Run(map[int]string{0: "DefaultWindow", 7: "Window7"}[window], func(t *testing.T) {
			frontiertest.Run(t, func(t *testing.T, cfg frontier.Config) frontier.Frontier {
				if cfg.Window == 0 {
					cfg.Window = window
				}
				cfg.ExpectedURLs = 10000
				f, err := sqlitefrontier.New(context.Background(), openStore(t, t.TempDir()), cfg)
				if err != nil {
					t.Fatal(err)
				}
				return f
			})
		})
	}
}

func TestSQLiteNovelty(t *testing.T) {
	frontiertest.Novelty(t, func(t *testing.T, cfg frontier.Config) frontier.Frontier {
		cfg.ExpectedURLs = 10000
		return newSQLite(t, openStore(t, t.TempDir()), cfg)
	})
}

func newSQLite(t testing.TB, st *store.Store, cfg frontier.Config) *sqlitefrontier.Frontier {
	t.Helper()
	f, err := sqlitefrontier.New(context.Background(), st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSQLiteResume: after a restart, links popped but not saved come back,
// links saved as pages or failures never do, and seen links stay seen.
func TestSQLiteResume(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "crawl.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	f := newSQLite(t, st, frontier.Config{Window: 3})
	var links []crawl.Link
	for i := range 10 {
		links = append(links, crawl.Link{URL: fmt.Sprintf("http://h%d.test/%d", i%2, i), Priority: float64(10 - i), Depth: i})
	}
	if n, err := f.Push(ctx, links); n != 10 || err != nil {
		t.Fatalf("Push = %d, %v", n, err)
	}
	var popped []crawl.Link
	for range 4 {
		l, err := f.Pop(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		popped = append(popped, l)
	}
	// p0 stored as a page, p1 as a failure, p2 and p3 in flight at the crash.
	page := &crawl.Page{Seq: 1, URL: popped[0].URL, Status: 200, FetchedAt: time.Now(), HTML: []byte("<p>")}
	fail := crawl.Failure{URL: popped[1].URL, Kind: "http", Status: 500, At: time.Now()}
	if err := st.SaveResults(ctx, []*crawl.Page{page}, []crawl.Failure{fail}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	st.Close()

	st = openStoreAt(t, path)
	f = newSQLite(t, st, frontier.Config{Window: 3})
	if n := f.Len(); n != 8 {
		t.Errorf("Len after restart = %d, want 8", n)
	}
	if n, _ := f.Push(ctx, links); n != 0 {
		t.Errorf("re-pushing seen links after restart added %d", n)
	}
	var got []string
	for {
		l, err := f.Pop(ctx, nil)
		if errors.Is(err, frontier.ErrEmpty) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.URL)
	}
	want := []string{popped[2].URL, popped[3].URL}
	for i := 4; i < 10; i++ {
		want = append(want, links[i].URL)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("popped after restart:\n%v\nwant\n%v", got, want)
	}
}

func openStoreAt(t testing.TB, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestSQLiteMatchesMemoryAtScale pushes 100k links (random priorities with
// many ties, 50 hosts, pops interleaved with pushes, some hosts busy) into
// the SQLite backend with a window of 100 and into the memory backend, and
// requires the exact same pop sequence.
func TestSQLiteMatchesMemoryAtScale(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	ctx := context.Background()
	sq := newSQLite(t, openStore(t, t.TempDir()), frontier.Config{Window: 100, ExpectedURLs: uint(n)})
	mem, err := frontier.NewMemory(frontier.Config{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pops := 0
	busy := func(h string) bool { return h != "h7.test" && h != "h13.test" }
	popBoth := func(k int, ready func(string) bool) {
		for range k {
			a, errA := mem.Pop(ctx, ready)
			b, errB := sq.Pop(ctx, ready)
			if a.URL != b.URL || !errors.Is(errB, errA) && errA != errB {
				t.Fatalf("pop %d (ready %v): memory %q %v, %v; sqlite %q %v, %v", pops, ready != nil, a.URL, a.Priority, errA, b.URL, b.Priority, errB)
			}
			if errA != nil {
				return
			}
			pops++
		}
	}
	for i := 0; i < n; i += 1000 {
		var batch []crawl.Link
		for j := i; j < i+1000; j++ {
			u := fmt.Sprintf("http://h%d.test/%d", rng.IntN(50), rng.IntN(n)) // about a third are duplicates
			batch = append(batch, crawl.Link{URL: u, Priority: float64(rng.IntN(20))})
		}
		a, _ := mem.Push(ctx, batch)
		b, err := sq.Push(ctx, batch)
		if err != nil || a != b {
			t.Fatalf("Push batch %d: memory added %d, sqlite %d, %v", i/1000, a, b, err)
		}
		if i%3000 == 0 {
			popBoth(300, busy)
		} else {
			popBoth(200, nil)
		}
		if mem.Len() != sq.Len() {
			t.Fatalf("Len: memory %d, sqlite %d", mem.Len(), sq.Len())
		}
	}
	popBoth(n, nil)
	if sq.Len() != 0 {
		t.Errorf("sqlite Len after drain = %d", sq.Len())
	}
	t.Logf("%d links pushed, %d popped in the same order", n, pops)
}

// TestSQLiteSeenFilterSaved: the seen filter saved by Close is reused when
// it still covers the frontier, and rebuilt when rows were added since (a
// crash) or it is damaged; either way seen links stay seen.
func TestSQLiteSeenFilterSaved(t *testing.T) {
	ctx := context.Background()
	links := func(from, to int) []crawl.Link {
		var out []crawl.Link
		for i := from; i < to; i++ {
			out = append(out, crawl.Link{URL: fmt.Sprintf("http://a.test/%d", i)})
		}
		return out
	}
	x := crawl.Link{URL: "http://a.test/x"}
	cases := []struct {
		name    string
		prepare func(*store.Store)
		want    int
	}{
		{"saved", func(*store.Store) {}, 51},
		{"stale", func(st *store.Store) {
			// A row added behind the saved filter's back, as by a run that crashed.
			st.AddFrontier(ctx, []crawl.FrontierEntry{{Host: "a.test", Link: x}})
		}, 50},
		{"damaged", func(st *store.Store) { st.SetMetaBlob(ctx, "frontier.seen_bloom", []byte("garbage!garbage!")) }, 51},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := openStore(t, t.TempDir())
			f := newSQLite(t, st, frontier.Config{ExpectedURLs: 1000})
			f.Push(ctx, links(0, 100))
			if err := f.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if _, ok, _ := st.MetaBlob(ctx, "frontier.seen_bloom"); !ok {
				t.Fatal("Close saved no seen filter")
			}
			tc.prepare(st)
			f = newSQLite(t, st, frontier.Config{ExpectedURLs: 1000})
			defer f.Close()
			n, err := f.Push(ctx, append(links(50, 150), x))
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.want {
				t.Errorf("Push after reopen added %d, want %d", n, tc.want)
			}
		})
	}
}

// TestSQLiteSeenFilterNotSavedWhenSmall: a frontier of a few rows with the
// default 12 MB filter saves none at Close (rebuilding from its rows is
// cheaper than writing and reading the filter), removes one saved before,
// and still knows every row after reopening.
func TestSQLiteSeenFilterNotSavedWhenSmall(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	if err := st.SetMetaBlob(ctx, "frontier.seen_bloom", []byte("an older filter")); err != nil {
		t.Fatal(err)
	}
	var links []crawl.Link
	for i := range 100 {
		links = append(links, crawl.Link{URL: fmt.Sprintf("http://a.test/%d", i)})
	}
	f := newSQLite(t, st, frontier.Config{})
	if _, err := f.Push(ctx, links); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if b, ok, _ := st.MetaBlob(ctx, "frontier.seen_bloom"); ok {
		t.Fatalf("Close of a 100-row frontier left a %d-byte seen filter in the store", len(b))
	}
	f = newSQLite(t, st, frontier.Config{})
	defer f.Close()
	if n, err := f.Push(ctx, links); err != nil || n != 0 {
		t.Errorf("Push of the same links after reopening added %d (%v), want 0", n, err)
	}
}

// TestSQLiteFocusMarginBeyondWindow: links below the window (loaded from
// SQLite only when no host in the window is ready) obey the focus margin
// too; without a margin the same pop escapes to them.
func TestSQLiteFocusMarginBeyondWindow(t *testing.T) {
	ctx := context.Background()
	notA := func(h string) bool { return h != "a.test" }
	for _, margin := range []float64{0.1, 0} {
		st := openStore(t, t.TempDir())
		var rows []crawl.FrontierEntry
		for i, prio := range []float64{1, 0.99, 0.98, 0.97, 0.96, 0.95} {
			rows = append(rows, crawl.FrontierEntry{Host: "a.test", Link: crawl.Link{URL: fmt.Sprintf("http://a.test/p%d", i), Priority: prio}})
		}
		rows = append(rows, crawl.FrontierEntry{Host: "b.test", Link: crawl.Link{URL: "http://b.test/low", Priority: 0.3}})
		if _, err := st.AddFrontier(ctx, rows); err != nil {
			t.Fatal(err)
		}
		f := newSQLite(t, st, frontier.Config{Window: 2, FocusMargin: margin, ExpectedURLs: 1000})
		got, err := f.Pop(ctx, notA)
		switch {
		case margin > 0 && !errors.Is(err, frontier.ErrNotReady):
			t.Errorf("margin %g: Pop without a.test = %s, %v; want ErrNotReady (b.test's 0.3 is outside the window and the margin)", margin, got.URL, err)
		case margin == 0 && (err != nil || got.URL != "http://b.test/low"):
			t.Errorf("no margin: Pop without a.test = %s, %v; want b.test/low from beyond the window", got.URL, err)
		}
		f.Close()
	}
}

// TestSQLiteSince: with Config.Since the frontier sees only the rows
// queued after the mark; the older ones stay queued in the store.
func TestSQLiteSince(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	old := []crawl.FrontierEntry{
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/old", Priority: 9}},
		{Host: "b.test", Link: crawl.Link{URL: "http://b.test/old", Priority: 9}},
	}
	if _, err := st.AddFrontier(ctx, old); err != nil {
		t.Fatal(err)
	}
	m, err := st.Marks(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddFrontier(ctx, []crawl.FrontierEntry{{Host: "c.test", Link: crawl.Link{URL: "http://c.test/new", Priority: 1}}}); err != nil {
		t.Fatal(err)
	}
	f := newSQLite(t, st, frontier.Config{Since: m.Frontier, Window: 1, ExpectedURLs: 1000})
	defer f.Close()
	if f.Len() != 1 {
		t.Errorf("Len = %d, want 1 (the row after the mark)", f.Len())
	}
	if n, err := f.Push(ctx, []crawl.Link{{URL: "http://a.test/old"}, {URL: "http://d.test/newer", Priority: 2}}); err != nil || n != 1 {
		t.Errorf("Push(known old, new) = %d, %v; want 1", n, err)
	}
	got := drainAll(t, f)
	if fmt.Sprint(got) != "[http://d.test/newer http://c.test/new]" {
		t.Errorf("popped %v, want only the URLs queued after the mark", got)
	}
	if queued, _, _ := st.FrontierStats(ctx, 0); queued != 4 {
		t.Errorf("store queued rows = %d, want 4 (the two old ones untouched, two popped but unsaved)", queued)
	}
}

func drainAll(t *testing.T, f frontier.Frontier) []string {
	t.Helper()
	var out []string
	for {
		l, err := f.Pop(context.Background(), nil)
		if errors.Is(err, frontier.ErrEmpty) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, l.URL)
	}
}
