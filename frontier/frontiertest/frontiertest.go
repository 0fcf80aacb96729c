package frontiertest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// NewFunc returns a fresh, empty frontier built with cfg. The suite closes
// it; the factory should register any other cleanup with t.Cleanup.
type NewFunc func(t *testing.T, cfg frontier.Config) frontier.Frontier

// Run runs the whole suite against a backend.
func Run(t *testing.T, newFrontier NewFunc) {
	tests := []struct {
		name string
		fn   func(*testing.T, NewFunc)
	}{
		{"Empty", testEmpty},
		{"PriorityOrder", testPriorityOrder},
		{"FIFOTies", testFIFOTies},
		{"LinkFieldsKept", testLinkFields},
		{"Dedupe", testDedupe},
		{"Drops", testDrops},
		{"Scope", testScope},
		{"ReadyHosts", testReadyHosts},
		{"NoStarvation", testNoStarvation},
		{"FocusMargin", testFocusMargin},
		{"FocusWait", testFocusWait},
		{"NaNPriority", testNaN},
		{"Concurrent", testConcurrent},
		{"Close", testClose},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newFrontier) })
	}
}

func open(t *testing.T, newFrontier NewFunc, cfg frontier.Config) frontier.Frontier {
	t.Helper()
	f := newFrontier(t, cfg)
	t.Cleanup(func() { f.Close() })
	return f
}

func link(host string, i int, prio float64) crawl.Link {
	return crawl.Link{URL: fmt.Sprintf("http://%s/p%d", host, i), Priority: prio}
}

func push(t *testing.T, f frontier.Frontier, links ...crawl.Link) int {
	t.Helper()
	n, err := f.Push(context.Background(), links)
	if err != nil {
		t.Fatalf("Push: %v", err)
	}
	return n
}

// drain pops until ErrEmpty and returns the URLs in order.
func drain(t *testing.T, f frontier.Frontier, ready func(string) bool) []string {
	t.Helper()
	var out []string
	for {
		l, err := f.Pop(context.Background(), ready)
		if errors.Is(err, frontier.ErrEmpty) {
			return out
		}
		if err != nil {
			t.Fatalf("Pop after %d links: %v", len(out), err)
		}
		out = append(out, l.URL)
	}
}

func testEmpty(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	if _, err := f.Pop(context.Background(), nil); !errors.Is(err, frontier.ErrEmpty) {
		t.Errorf("Pop on empty = %v, want ErrEmpty", err)
	}
	if n := f.Len(); n != 0 {
		t.Errorf("Len on empty = %d", n)
	}
	if n := push(t, f); n != 0 {
		t.Errorf("Push() of nothing = %d", n)
	}
}

func testPriorityOrder(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	prios := []float64{3, -1, 10, 0, 7.5, 1e9, 2, math.Inf(1), math.Inf(-1), 0.5}
	var links []crawl.Link
	for i, p := range prios {
		links = append(links, link(fmt.Sprintf("h%d.test", i%3), i, p))
	}
	if n := push(t, f, links...); n != len(links) {
		t.Fatalf("Push = %d, want %d", n, len(links))
	}
	if n := f.Len(); n != len(links) {
		t.Errorf("Len = %d, want %d", n, len(links))
	}
	sort.SliceStable(links, func(i, j int) bool { return links[i].Priority > links[j].Priority })
	got := drain(t, f, nil)
	for i := range links {
		if i >= len(got) || got[i] != links[i].URL {
			t.Fatalf("pop order = %v\nwant links sorted by priority: %v", got, links)
		}
	}
	if n := f.Len(); n != 0 {
		t.Errorf("Len after drain = %d", n)
	}
}

// testFIFOTies pushes many links of equal priority, in several batches and
// over several hosts, interleaved with higher and lower ones: equal
// priorities must come out in push order (a plain heap would scramble them).
func testFIFOTies(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	var want []string
	for b := range 10 {
		var batch []crawl.Link
		for i := range 50 {
			l := link(fmt.Sprintf("h%d.test", (b*50+i)%7), b*50+i, 5)
			batch = append(batch, l)
			want = append(want, l.URL)
		}
		batch = append(batch, link("low.test", b, 1))
		push(t, f, batch...)
	}
	got := drain(t, f, nil)
	if len(got) != 510 {
		t.Fatalf("popped %d links, want 510", len(got))
	}
	for i, u := range want {
		if got[i] != u {
			t.Fatalf("pop %d = %s, want %s (FIFO among equal priorities)", i, got[i], u)
		}
	}
	for i := range 10 {
		if w := fmt.Sprintf("http://low.test/p%d", i); got[500+i] != w {
			t.Fatalf("pop %d = %s, want %s", 500+i, got[500+i], w)
		}
	}
}

func testLinkFields(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	in := crawl.Link{URL: "http://a.test/x?q=1", Anchor: "Sport news", Parent: "http://a.test/", Depth: 3,
		Priority: 0.25, Label: crawl.LabelHub, Score: 1.5, Tags: []string{"seed", "hub"}}
	push(t, f, in)
	in.Tags[0] = "changed after push"
	got, err := f.Pop(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	in.Tags[0] = "seed"
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", in) {
		t.Errorf("Pop = %+v\nwant %+v", got, in)
	}
}

func testDedupe(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	a, b := link("a.test", 1, 1), link("a.test", 2, 1)
	if n := push(t, f, a, a, b); n != 2 {
		t.Errorf("Push(a, a, b) = %d, want 2", n)
	}
	a.Priority = 100 // a new priority does not make it new
	if n := push(t, f, a, b); n != 0 {
		t.Errorf("Push of seen links = %d, want 0", n)
	}
	if got := drain(t, f, nil); len(got) != 2 {
		t.Fatalf("popped %v, want 2 links", got)
	}
	if n := push(t, f, a, b, link("a.test", 3, 0)); n != 1 {
		t.Errorf("Push after popping = %d, want 1 (popped links stay seen)", n)
	}
	if n := f.Len(); n != 1 {
		t.Errorf("Len = %d, want 1", n)
	}
}

// testDrops: Drops says yes to every link whose URL Push took (queued or
// popped, whatever priority and label it comes with again) and to links
// outside the scope, no to a URL never pushed and in scope, to one the
// scope refused once but allowed now (another depth), and it pushes
// nothing; after Close it returns ErrClosed.
func testDrops(t *testing.T, newFrontier NewFunc) {
	f := newFrontier(t, frontier.Config{Scope: frontier.Scope{DenyRegex: []string{`/private/`}, MaxDepth: 2}})
	d, ok := f.(frontier.Dropper)
	if !ok {
		f.Close()
		t.Fatalf("%T does not implement frontier.Dropper", f)
	}
	ctx := context.Background()
	a, b, c := link("a.test", 1, 1), link("b.test", 1, 2), link("a.test", 2, 3)
	denied := crawl.Link{URL: "http://a.test/private/x"}
	deep := crawl.Link{URL: "http://a.test/deep", Depth: 3}
	push(t, f, a, b, denied, deep)
	if _, err := f.Pop(ctx, nil); err != nil { // b: popped links stay seen
		t.Fatalf("Pop: %v", err)
	}
	again := a
	again.Priority, again.Label, again.Score = 100, crawl.LabelHub, 1
	shallow := deep
	shallow.Depth = 1
	links := []crawl.Link{a, b, c, denied, deep, again, shallow}
	want := []bool{true, true, false, true, true, true, false}
	drops := make([]bool, len(links))
	if err := d.Drops(ctx, links, drops); err != nil {
		t.Fatalf("Drops: %v", err)
	}
	for i := range links {
		if drops[i] != want[i] {
			t.Errorf("Drops(%s, depth %d) = %v, want %v", links[i].URL, links[i].Depth, drops[i], want[i])
		}
	}
	if n := f.Len(); n != 1 {
		t.Errorf("Len after Drops = %d, want 1 (Drops pushes nothing)", n)
	}
	if n := push(t, f, c, shallow); n != 2 {
		t.Errorf("Push of links Drops said no to = %d, want 2", n)
	}
	if n := push(t, f, again, b, denied); n != 0 {
		t.Errorf("Push of links Drops said yes to = %d, want 0", n)
	}
	if err := d.Drops(ctx, []crawl.Link{c}, drops[:1]); err != nil || !drops[0] {
		t.Errorf("Drops(%s) after its Push = %v, %v; want true", c.URL, drops[0], err)
	}
	if err := d.Drops(ctx, nil, nil); err != nil {
		t.Errorf("Drops of no link: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := d.Drops(ctx, links, drops); !errors.Is(err, frontier.ErrClosed) {
		t.Errorf("Drops after Close = %v, want ErrClosed", err)
	}
}

func testScope(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{Scope: frontier.Scope{
		AllowedDomains: []string{"example.com", "other.test"},
		DenyDomains:    []string{"ads.example.com"},
		AllowRegex:     []string{`^https?://`},
		DenyRegex:      []string{`\.pdf$`, `/private/`},
		MaxDepth:       2,
	}})
	cases := []struct {
		l  crawl.Link
		in bool
	}{
		{crawl.Link{URL: "http://example.com/"}, true},
		{crawl.Link{URL: "https://news.example.com:8443/a", Depth: 2}, true},
		{crawl.Link{URL: "http://other.test/"}, true},
		{crawl.Link{URL: "http://notexample.com/"}, false},
		{crawl.Link{URL: "http://example.com.evil.test/"}, false},
		{crawl.Link{URL: "http://ads.example.com/x"}, false},
		{crawl.Link{URL: "http://x.ads.example.com/x"}, false},
		{crawl.Link{URL: "http://example.com/doc.pdf"}, false},
		{crawl.Link{URL: "http://example.com/private/1"}, false},
		{crawl.Link{URL: "http://example.com/deep", Depth: 3}, false},
	}
	want := 0
	for _, c := range cases {
		if c.in {
			want++
		}
		links := []crawl.Link{c.l}
		n, err := f.Push(context.Background(), links)
		if err != nil {
			t.Fatal(err)
		}
		if (n == 1) != c.in {
			t.Errorf("Push(%s depth %d) added %d; in scope = %v", c.l.URL, c.l.Depth, n, c.in)
		}
	}
	if n := f.Len(); n != want {
		t.Errorf("Len = %d, want %d", n, want)
	}
}

// testReadyHosts checks that Pop skips hosts that are not ready, returns
// ErrNotReady while links wait only on busy hosts, and ErrEmpty after.
func testReadyHosts(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	ctx := context.Background()
	var links []crawl.Link
	for i := range 1000 {
		links = append(links, link("big.test", i, 10))
	}
	for i := range 5 {
		links = append(links, link("small.test", i, 1))
	}
	push(t, f, links...)
	notBig := func(h string) bool { return h != "big.test" }
	for i := range 5 {
		l, err := f.Pop(ctx, notBig)
		if err != nil || l.URL != fmt.Sprintf("http://small.test/p%d", i) {
			t.Fatalf("Pop(big busy) #%d = %s, %v; want small.test/p%d", i, l.URL, err, i)
		}
	}
	if _, err := f.Pop(ctx, notBig); !errors.Is(err, frontier.ErrNotReady) {
		t.Errorf("Pop with only busy hosts queued = %v, want ErrNotReady", err)
	}
	if _, err := f.Pop(ctx, func(string) bool { return false }); !errors.Is(err, frontier.ErrNotReady) {
		t.Errorf("Pop with no host ready = %v, want ErrNotReady", err)
	}
	l, err := f.Pop(ctx, nil)
	if err != nil || l.URL != "http://big.test/p0" {
		t.Errorf("Pop(all ready) = %s, %v; want big.test/p0", l.URL, err)
	}
	if got := drain(t, f, nil); len(got) != 999 {
		t.Errorf("drained %d, want 999", len(got))
	}
}

// testNoStarvation: hosts take turns when each is busy after one fetch, as
// a politeness policy makes them; a host with many better links does not
// starve one with few worse ones.
func testNoStarvation(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{Window: 50})
	var links []crawl.Link
	for i := range 2000 {
		links = append(links, link("huge.test", i, 5))
	}
	for i := range 3 {
		links = append(links, link(fmt.Sprintf("tiny%d.test", i), 0, 0))
	}
	push(t, f, links...)
	busy := map[string]bool{}
	ready := func(h string) bool { return !busy[h] }
	seen := map[string]int{}
	for range 8 {
		l, err := f.Pop(context.Background(), ready)
		if errors.Is(err, frontier.ErrNotReady) {
			clear(busy)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		h := crawl.HostKey(l.URL)
		busy[h] = true
		seen[h]++
	}
	for i := range 3 {
		if h := fmt.Sprintf("tiny%d.test", i); seen[h] != 1 {
			t.Errorf("host %s popped %d times in 8 pops with busy hosts skipped, want 1 (pops by host: %v)", h, seen[h], seen)
		}
	}
}

func testNaN(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	push(t, f, link("a.test", 1, math.NaN()), link("a.test", 2, 1), link("a.test", 3, -5))
	got := drain(t, f, nil)
	want := "[http://a.test/p2 http://a.test/p3 http://a.test/p1]"
	if fmt.Sprint(got) != want {
		t.Errorf("order with a NaN priority = %v, want %s (NaN last)", got, want)
	}
}

func testConcurrent(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{})
	ctx := context.Background()
	const pushers, perPusher = 4, 300
	var wg sync.WaitGroup
	for p := range pushers {
		wg.Go(func() {
			for i := 0; i < perPusher; i += 10 {
				var batch []crawl.Link
				for j := i; j < i+10; j++ {
					// Pushers overlap: URL j of host j%5 is pushed by all of them.
					batch = append(batch, link(fmt.Sprintf("h%d.test", j%5), j, float64(p)))
				}
				if _, err := f.Push(ctx, batch); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	var mu sync.Mutex
	popped := map[string]int{}
	done := make(chan struct{})
	for range 3 {
		wg.Go(func() {
			for {
				l, err := f.Pop(ctx, nil)
				switch {
				case err == nil:
					mu.Lock()
					popped[l.URL]++
					mu.Unlock()
				case errors.Is(err, frontier.ErrEmpty):
					select {
					case <-done:
						return
					default:
					}
				default:
					t.Error(err)
					return
				}
			}
		})
	}
	// Wait for the pushers by polling Len and the popped count.
	waitAll(t, f, &mu, popped, perPusher, done)
	wg.Wait()
	for u, n := range popped {
		if n != 1 {
			t.Errorf("%s popped %d times", u, n)
		}
	}
}

func waitAll(t *testing.T, f frontier.Frontier, mu *sync.Mutex, popped map[string]int, want int, done chan struct{}) {
	defer close(done)
	for range 20000 {
		mu.Lock()
		n := len(popped)
		mu.Unlock()
		if n == want && f.Len() == 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Errorf("popped %d distinct links, want %d", len(popped), want)
}

func testClose(t *testing.T, newFrontier NewFunc) {
	f := newFrontier(t, frontier.Config{})
	push(t, f, link("a.test", 1, 1))
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := f.Push(context.Background(), []crawl.Link{link("a.test", 2, 1)}); !errors.Is(err, frontier.ErrClosed) {
		t.Errorf("Push after Close = %v, want ErrClosed", err)
	}
	if _, err := f.Pop(context.Background(), nil); !errors.Is(err, frontier.ErrClosed) {
		t.Errorf("Pop after Close = %v, want ErrClosed", err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
}

// testFocusMargin: with FocusMargin, a ready host's link is popped only
// when it is within the margin of the best queued link; Window 2 makes the
// SQLite backend look beyond its window for the low links.
func testFocusMargin(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{FocusMargin: 0.1, Window: 2})
	push(t, f, link("a.test", 1, 1.0), link("b.test", 1, 0.95), link("b.test", 2, 0.5), link("c.test", 1, 0.3))
	notA := func(h string) bool { return h != "a.test" }
	ctx := context.Background()
	got, err := f.Pop(ctx, notA)
	if err != nil || got.URL != "http://b.test/p1" {
		t.Fatalf("Pop without a.test = %s, %v; want b.test/p1 (0.95, within 0.1 of 1.0)", got.URL, err)
	}
	for range 3 {
		if got, err := f.Pop(ctx, notA); !errors.Is(err, frontier.ErrNotReady) {
			t.Fatalf("Pop without a.test = %s, %v; want ErrNotReady (best ready 0.5 < 1.0 - 0.1)", got.URL, err)
		}
	}
	want := []string{"http://a.test/p1", "http://b.test/p2", "http://c.test/p1"}
	if got := drain(t, f, nil); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("then all ready: %v, want %v (the best is always within the margin)", got, want)
	}
}

// testFocusWait: with FocusWait, the margin refuses worse links only for
// that long after its first refusal; past it worse links go until the best
// link is popped, which starts the bound again.
func testFocusWait(t *testing.T, newFrontier NewFunc) {
	const wait = time.Second
	var mu sync.Mutex // the clock the wait is measured by: it moves when the test says
	now := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	f := open(t, newFrontier, frontier.Config{FocusMargin: 0.1, FocusWait: wait, Window: 2, Clock: clock})
	push(t, f, link("a.test", 1, 1.0), link("a.test", 2, 0.9), link("b.test", 1, 0.5), link("b.test", 2, 0.4), link("c.test", 1, 0.3))
	notA := func(h string) bool { return h != "a.test" }
	ctx := context.Background()
	if got, err := f.Pop(ctx, notA); !errors.Is(err, frontier.ErrNotReady) {
		t.Fatalf("first Pop without a.test = %s, %v; want ErrNotReady (the wait starts)", got.URL, err)
	}
	if got, err := f.Pop(ctx, notA); !errors.Is(err, frontier.ErrNotReady) {
		t.Fatalf("Pop without a.test within the wait = %s, %v; want ErrNotReady", got.URL, err)
	}
	mu.Lock()
	now = now.Add(wait)
	mu.Unlock()
	for _, want := range []string{"http://b.test/p1", "http://b.test/p2"} {
		if got, err := f.Pop(ctx, notA); err != nil || got.URL != want {
			t.Fatalf("Pop without a.test past the wait = %s, %v; want %s", got.URL, err, want)
		}
	}
	if got, err := f.Pop(ctx, nil); err != nil || got.URL != "http://a.test/p1" {
		t.Fatalf("Pop with a.test ready = %s, %v; want a.test/p1", got.URL, err)
	}
	if got, err := f.Pop(ctx, notA); !errors.Is(err, frontier.ErrNotReady) {
		t.Fatalf("Pop without a.test after its best link went = %s, %v; want ErrNotReady (the wait starts again)", got.URL, err)
	}
}

// Novelty checks a backend's frontier.Novelty: a link is new until pushed
// (or popped), never when out of scope; Best is the best queued priority. Backends that implement the
// interface call it next to Run.
func Novelty(t *testing.T, newFrontier NewFunc) {
	f := open(t, newFrontier, frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"a.test"}}})
	nov, ok := f.(frontier.Novelty)
	if !ok {
		t.Fatalf("%T does not implement frontier.Novelty", f)
	}
	pushed, popped, fresh := link("a.test", 1, 1), link("a.test", 2, 2), link("a.test", 3, 1)
	if !nov.Queues(pushed) {
		t.Errorf("Queues(%s) = false before any push", pushed.URL)
	}
	if p, ok := nov.Best(); ok {
		t.Errorf("Best = %v, true with nothing queued", p)
	}
	push(t, f, pushed, popped)
	if p, ok := nov.Best(); !ok || p != 2 {
		t.Errorf("Best = %v, %v; want 2, true", p, ok)
	}
	if _, err := f.Pop(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if p, ok := nov.Best(); !ok || p != 1 {
		t.Errorf("Best after Pop = %v, %v; want 1, true (the popped link is not queued)", p, ok)
	}
	for _, c := range []struct {
		l    crawl.Link
		want bool
	}{
		{pushed, false},
		{popped, false},
		{fresh, true},
		{link("b.test", 1, 9), false}, // out of scope
	} {
		if got := nov.Queues(c.l); got != c.want {
			t.Errorf("Queues(%s) = %v, want %v", c.l.URL, got, c.want)
		}
	}
	if n := push(t, f, fresh); n != 1 {
		t.Errorf("Push(%s) after Queues added %d, want 1 (Queues must not mark it seen)", fresh.URL, n)
	}
}
