package redisfrontier_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/frontiertest"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/redis/go-redis/v9"
)

var crawlN atomic.Int64

// newFrontier opens a frontier of a fresh crawl name on rdb.
func newFrontier(t testing.TB, rdb redis.UniversalClient, cfg redisfrontier.Config) *redisfrontier.Frontier {
	t.Helper()
	if cfg.Name == "" {
		cfg.Name = fmt.Sprintf("t%d", crawlN.Add(1))
	}
	f, err := redisfrontier.New(context.Background(), rdb, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestConformance(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	frontiertest.Run(t, func(t *testing.T, cfg frontier.Config) frontier.Frontier {
		return newFrontier(t, rdb, redisfrontier.Config{Frontier: cfg})
	})
}

func link(host string, i int, prio float64) crawl.Link {
	return crawl.Link{URL: fmt.Sprintf("http://%s/p%d", host, i), Priority: prio}
}

// TestSharedQueue: two processes of one crawl share the queue and the
// seen-set; a link is leased to one of them only.
func TestSharedQueue(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	a := newFrontier(t, rdb, redisfrontier.Config{Name: "shared"})
	defer a.Close()
	b := newFrontier(t, rdb, redisfrontier.Config{Name: "shared"})
	defer b.Close()
	if n, _ := a.Push(ctx, []crawl.Link{link("x.test", 1, 1), link("x.test", 2, 2)}); n != 2 {
		t.Fatalf("a.Push = %d, want 2", n)
	}
	if n, _ := b.Push(ctx, []crawl.Link{link("x.test", 1, 5), link("y.test", 1, 0)}); n != 1 {
		t.Fatalf("b.Push of one link a pushed and one new = %d, want 1", n)
	}
	l, err := b.Pop(ctx, nil)
	if err != nil || l.URL != "http://x.test/p2" {
		t.Fatalf("b.Pop = %s, %v; want x.test/p2 (pushed by a, best)", l.URL, err)
	}
	got := map[string]bool{l.URL: true}
	for range 2 {
		l, err := a.Pop(ctx, nil)
		if err != nil || got[l.URL] {
			t.Fatalf("a.Pop = %s, %v (already popped: %v)", l.URL, err, got[l.URL])
		}
		got[l.URL] = true
	}
	// a holds two links, b one: for a, b's lease means "not ready", not "empty".
	if _, err := a.Pop(ctx, nil); !errors.Is(err, frontier.ErrNotReady) {
		t.Errorf("a.Pop with b holding a link = %v, want ErrNotReady", err)
	}
	if err := b.Settle(ctx, []string{"http://x.test/p2"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Pop(ctx, nil); !errors.Is(err, frontier.ErrEmpty) {
		t.Errorf("a.Pop after b settled = %v, want ErrEmpty", err)
	}
	st, err := redisfrontier.ReadStatus(ctx, rdb, "shared")
	if err != nil {
		t.Fatal(err)
	}
	if st.Queued != 0 || st.Leased != 2 || st.Stored != 1 || len(st.Processes) != 2 {
		t.Errorf("status = %+v, want 0 queued, 2 leased, 1 stored, 2 processes", st)
	}
	tot, err := redisfrontier.ReadTotals(ctx, rdb, "shared")
	if err != nil {
		t.Fatal(err)
	}
	if want := (redisfrontier.Totals{Queued: 0, Leased: 2, Stored: 1, Alive: 2}); tot != want {
		t.Errorf("totals = %+v, want %+v (the status's counters)", tot, want)
	}
}

// TestDeadProcessReissued: the links of a process that stops beating are
// re-issued after its lease, at their place; a live process keeps its own.
func TestDeadProcessReissued(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	const lease = 2 * time.Second
	dead := newFrontier(t, rdb, redisfrontier.Config{Name: "reap", Lease: lease, Owner: "dead"})
	live := newFrontier(t, rdb, redisfrontier.Config{Name: "reap", Lease: lease, Owner: "live"})
	defer live.Close()
	dead.Push(ctx, []crawl.Link{link("a.test", 1, 3), link("a.test", 2, 2)})
	if l, err := dead.Pop(ctx, nil); err != nil || l.URL != "http://a.test/p1" {
		t.Fatalf("dead.Pop = %s, %v", l.URL, err)
	}
	if l, err := live.Pop(ctx, nil); err != nil || l.URL != "http://a.test/p2" {
		t.Fatalf("live.Pop = %s, %v", l.URL, err)
	}
	// "dead" stops beating without giving its link back, as after kill -9.
	redisfrontier.Abandon(dead)
	if _, err := live.Pop(ctx, nil); !errors.Is(err, frontier.ErrNotReady) {
		t.Fatalf("live.Pop while dead's lease runs = %v, want ErrNotReady", err)
	}
	live.Push(ctx, []crawl.Link{link("a.test", 3, 1)})
	var l crawl.Link
	var err error
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		n, _ := redisfrontier.ReadStatus(ctx, rdb, "reap")
		if n.Leased == 1 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if l, err = live.Pop(ctx, nil); err != nil || l.URL != "http://a.test/p1" {
		t.Fatalf("live.Pop after dead's lease = %s, %v; want a.test/p1 re-issued first (its priority)", l.URL, err)
	}
	if l, err := live.Pop(ctx, nil); err != nil || l.URL != "http://a.test/p3" {
		t.Fatalf("live.Pop = %s, %v; want a.test/p3 (live's own lease of p2 is kept)", l.URL, err)
	}
}

// TestRestartReconciles: a process restarted with the same Owner settles
// the links its store saved (they are never re-issued) and gives back the
// others.
func TestRestartReconciles(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	cfg := redisfrontier.Config{Name: "rec", Owner: "shard-1", Lease: time.Minute}
	f := newFrontier(t, rdb, cfg)
	f.Push(ctx, []crawl.Link{link("a.test", 1, 3), link("a.test", 2, 2), link("a.test", 3, 1)})
	for range 2 {
		if _, err := f.Pop(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	redisfrontier.Abandon(f) // crashed after storing p1, before settling it
	cfg.Saved = func(ctx context.Context, urls []string) (map[string]bool, map[string]bool, error) {
		return map[string]bool{"http://a.test/p1": true}, nil, nil
	}
	g := newFrontier(t, rdb, cfg)
	defer g.Close()
	got := []string{}
	for {
		l, err := g.Pop(ctx, nil)
		if err != nil {
			if !errors.Is(err, frontier.ErrEmpty) {
				t.Fatal(err)
			}
			break
		}
		got = append(got, l.URL)
	}
	if fmt.Sprint(got) != "[http://a.test/p2 http://a.test/p3]" {
		t.Errorf("after restart popped %v, want p2 (given back) then p3; p1 was stored", got)
	}
	st, _ := redisfrontier.ReadStatus(ctx, rdb, "rec")
	if st.Stored != 1 {
		t.Errorf("stored = %d, want 1 (p1 settled on restart)", st.Stored)
	}
}

// TestBudgetStopsAll: with MaxPages 2 across two processes, the third
// link is not leased while two are, and once two pages are stored every
// process gets a StopError.
func TestBudgetStopsAll(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	a := newFrontier(t, rdb, redisfrontier.Config{Name: "budget", MaxPages: 2})
	defer a.Close()
	b := newFrontier(t, rdb, redisfrontier.Config{Name: "budget", MaxPages: 2})
	defer b.Close()
	a.Push(ctx, []crawl.Link{link("a.test", 1, 3), link("b.test", 2, 2), link("c.test", 3, 1)})
	la, err1 := a.Pop(ctx, nil)
	lb, err2 := b.Pop(ctx, nil)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if _, err := b.Pop(ctx, nil); !errors.Is(err, frontier.ErrNotReady) {
		t.Fatalf("third Pop with 2 leased of a budget of 2 = %v, want ErrNotReady", err)
	}
	a.Settle(ctx, []string{la.URL}, nil)
	b.Settle(ctx, []string{lb.URL}, nil)
	for _, f := range []*redisfrontier.Frontier{a, b} {
		var se *redisfrontier.StopError
		if _, err := f.Pop(ctx, nil); !errors.As(err, &se) || se.StopReason() != "max-pages" {
			t.Errorf("Pop after the budget was stored = %v, want StopError max-pages", err)
		}
	}
}

// TestClearOnlyThisCrawl: Clear removes one crawl's keys and nothing else.
func TestClearOnlyThisCrawl(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	for _, name := range []string{"one", "two"} {
		f := newFrontier(t, rdb, redisfrontier.Config{Name: name})
		f.Push(ctx, []crawl.Link{link("a.test", 1, 1)})
		f.Close()
	}
	rdb.Set(ctx, "unrelated", "v", 0)
	n, err := redisfrontier.Clear(ctx, rdb, "one")
	if err != nil || n == 0 {
		t.Fatalf("Clear = %d, %v", n, err)
	}
	if k, _ := rdb.Keys(ctx, "crawl:{one}:*").Result(); len(k) != 0 {
		t.Errorf("keys left of crawl one: %v", k)
	}
	if k, _ := rdb.Keys(ctx, "crawl:{two}:*").Result(); len(k) == 0 {
		t.Error("Clear(one) deleted crawl two's keys")
	}
	if rdb.Exists(ctx, "unrelated").Val() != 1 {
		t.Error("Clear deleted an unrelated key")
	}
	f := newFrontier(t, rdb, redisfrontier.Config{Name: "one"})
	defer f.Close()
	if n, _ := f.Push(ctx, []crawl.Link{link("a.test", 1, 1)}); n != 1 {
		t.Errorf("Push after Clear = %d, want 1 (seen-set cleared)", n)
	}
}

// TestManyHostsNotReady: with more hosts queued than Pop looks at first,
// the best link of a ready host beyond them is found when none of the
// first is ready.
func TestManyHostsNotReady(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	f := newFrontier(t, srv.Client(), redisfrontier.Config{})
	defer f.Close()
	var links []crawl.Link
	for i := range 300 {
		links = append(links, link(fmt.Sprintf("h%03d.test", i), 0, float64(1000-i)))
	}
	f.Push(ctx, links)
	only := func(h string) func(string) bool { return func(x string) bool { return x == h } }
	for _, h := range []string{"h250.test", "h070.test", "h003.test", "h299.test"} {
		l, err := f.Pop(ctx, only(h))
		if err != nil || crawl.HostKey(l.URL) != h {
			t.Fatalf("Pop with only %s ready = %s, %v", h, l.URL, err)
		}
	}
	if _, err := f.Pop(ctx, only("h250.test")); !errors.Is(err, frontier.ErrNotReady) {
		t.Errorf("Pop with only an emptied host ready = %v, want ErrNotReady", err)
	}
	if l, err := f.Pop(ctx, nil); err != nil || l.URL != "http://h000.test/p0" {
		t.Errorf("Pop with all ready = %s, %v; want h000 (best)", l.URL, err)
	}
}

// TestLimits: the runaway-URL limits refuse new URLs past the cap; seen
// URLs pushed again do not count.
func TestLimits(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	f := newFrontier(t, srv.Client(), redisfrontier.Config{Frontier: frontier.Config{Limits: frontier.Limits{MaxQueryVariants: 5}}})
	defer f.Close()
	var links []crawl.Link
	for i := range 3 {
		links = append(links, crawl.Link{URL: fmt.Sprintf("http://a.test/cal?d=%d", i)})
	}
	if n, err := f.Push(ctx, links); n != 3 || err != nil {
		t.Fatalf("Push of 3 variants = %d, %v", n, err)
	}
	for i := 3; i < 20; i++ {
		links = append(links, crawl.Link{URL: fmt.Sprintf("http://a.test/cal?d=%d", i)})
	}
	if n, err := f.Push(ctx, links); n != 2 || err != nil {
		t.Errorf("Push of the 3 again and 17 more = %d, %v; want 2 (cap 5)", n, err)
	}
	if r := f.Refused()[frontier.RuleQueryVariants]; r != 15 {
		t.Errorf("refused %d, want 15", r)
	}
}

// popAll pops and settles until the queue is empty, in order.
func popAll(t *testing.T, f *redisfrontier.Frontier) []string {
	t.Helper()
	ctx := context.Background()
	var got []string
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		l, err := f.Pop(ctx, nil)
		if errors.Is(err, frontier.ErrEmpty) {
			return got
		}
		if errors.Is(err, frontier.ErrNotReady) {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.URL[len("http://"):])
		if err := f.Settle(ctx, []string{l.URL}, nil); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("queue not empty after 20 s; popped %v", got)
	return nil
}

// TestRecrawlParksEarlierQueue: a re-crawl fetches its re-visits and the
// links found from now on, not the links an earlier run left queued (nor
// the earlier run's leases a dead process held, given back meanwhile);
// those wait, parked, for the next normal run. The re-visits of a
// re-crawl process that dies are re-issued to the others as any link.
func TestRecrawlParksEarlierQueue(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	const lease = time.Second
	cfg := func(owner string, recrawl bool) redisfrontier.Config {
		return redisfrontier.Config{Name: "park", Lease: lease, Owner: owner, Recrawl: recrawl}
	}
	first := newFrontier(t, rdb, cfg("first", false))
	first.Push(ctx, []crawl.Link{link("a.test", 1, 5), link("a.test", 2, 4), link("b.test", 3, 3), link("b.test", 4, 2)})
	if l, err := first.Pop(ctx, nil); err != nil || l.URL != "http://a.test/p1" {
		t.Fatalf("first.Pop = %s, %v", l.URL, err)
	}
	redisfrontier.Abandon(first) // dies holding p1
	time.Sleep(lease + 200*time.Millisecond)

	re := newFrontier(t, rdb, cfg("re", true))
	defer re.Close()
	if st, _ := redisfrontier.ReadStatus(ctx, rdb, "park"); st.Parked != 4 || st.Queued != 0 || st.Leased != 0 {
		t.Fatalf("re-crawl begun: %d parked, %d queued, %d leased; want 4 parked (the 3 queued, and p1 given back from the dead first process's lease)",
			st.Parked, st.Queued, st.Leased)
	}
	dies := newFrontier(t, rdb, cfg("dies", true))
	if err := re.Revisit(ctx, []crawl.Link{{URL: "http://a.test/hub", Priority: 9}}); err != nil {
		t.Fatal(err)
	}
	if err := dies.Revisit(ctx, []crawl.Link{{URL: "http://b.test/hub", Priority: 9}}); err != nil {
		t.Fatal(err)
	}
	// "dies" dies before re-visiting b.test/hub.
	redisfrontier.Abandon(dies)
	// a.test/p2 was seen in the first run: dropped.
	re.Push(ctx, []crawl.Link{link("a.test", 2, 1), link("c.test", 5, 1)})
	got := popAll(t, re)
	want := "a.test/hub c.test/p5 b.test/hub"
	if g := fmt.Sprint(got); g != "["+want+"]" {
		t.Errorf("re-crawl popped %v; want %s (the dead re-crawl process's re-visit re-issued, nothing the first run left)", got, want)
	}
	if st, _ := redisfrontier.ReadStatus(ctx, rdb, "park"); st.Parked != 4 || st.Queued != 0 {
		t.Errorf("re-crawl ended: %d parked, %d queued; want 4 parked", st.Parked, st.Queued)
	}
	re.Close()

	next := newFrontier(t, rdb, cfg("next", false))
	defer next.Close()
	if g := fmt.Sprint(popAll(t, next)); g != "[a.test/p1 a.test/p2 b.test/p3 b.test/p4]" {
		t.Errorf("the next normal run popped %s; want the parked links in priority order", g)
	}
	if st, _ := redisfrontier.ReadStatus(ctx, rdb, "park"); st.Parked != 0 || st.Stored != 7 {
		t.Errorf("after the normal run: %d parked, %d stored; want 0 and 7", st.Parked, st.Stored)
	}
}
