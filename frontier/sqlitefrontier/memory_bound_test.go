package sqlitefrontier_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

var (
	boundURLs   = flag.Int("frontier.urls", 50_000, "URLs pushed by TestSQLiteBoundedMemory (try 1000000)")
	boundWindow = flag.Int("frontier.window", 1000, "window of TestSQLiteBoundedMemory")
)

func heapMB() float64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// TestSQLiteBoundedMemory pushes -frontier.urls URLs over 1,000 hosts into
// the SQLite backend, then pops and saves half of them, measuring the Go
// heap: it must not grow with the number of URLs, only with the window
// (SQLite's own page cache, a few MB of C memory, is not in the Go heap).
func TestSQLiteBoundedMemory(t *testing.T) {
	n, window := *boundURLs, *boundWindow
	if testing.Short() {
		n = min(n, 20_000)
	}
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	base := heapMB()
	f := newSQLite(t, st, frontier.Config{Window: window, ExpectedURLs: uint(n)})
	withBloom := heapMB()
	rng := rand.New(rand.NewPCG(3, 4))
	start := time.Now()
	batch := make([]crawl.Link, 0, 1000)
	for i := 0; i < n; i++ {
		batch = append(batch, crawl.Link{
			URL:    fmt.Sprintf("http://host%d.example.com/section/%d/article-%d.html", i%1000, i%97, i),
			Parent: "http://example.com/", Anchor: "an anchor text of some length",
			Priority: float64(rng.IntN(1000)) / 10, Depth: 3,
		})
		if len(batch) == cap(batch) {
			if _, err := f.Push(ctx, batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if _, err := f.Push(ctx, batch); err != nil {
		t.Fatal(err)
	}
	pushed := time.Since(start)
	queued := heapMB()
	if f.Len() != n {
		t.Fatalf("Len = %d, want %d", f.Len(), n)
	}
	start = time.Now()
	var fails []crawl.Failure
	for i := 0; i < n/2; i++ {
		l, err := f.Pop(ctx, nil)
		if err != nil {
			t.Fatalf("Pop %d: %v", i, err)
		}
		fails = append(fails, crawl.Failure{URL: l.URL, Kind: "test", At: time.Now()})
		if len(fails) == 500 {
			if err := st.SaveResults(ctx, nil, fails); err != nil {
				t.Fatal(err)
			}
			fails = fails[:0]
		}
	}
	popped := time.Since(start)
	half := heapMB()
	t.Logf("%d URLs, window %d: heap %.1f MB empty store, %.1f MB with Bloom filter, %.1f MB with all queued, %.1f MB after popping half",
		n, window, base, withBloom, queued, half)
	t.Logf("push %.0f URLs/s, pop+save %.0f URLs/s", float64(n)/pushed.Seconds(), float64(n/2)/popped.Seconds())
	budget := withBloom + float64(window)*2048/(1<<20) + 16
	if queued > budget || half > budget {
		t.Errorf("heap %.1f MB queued, %.1f MB after popping; want under %.1f MB (Bloom + window + 16 MB)", queued, half, budget)
	}
	if _, err := f.Pop(ctx, nil); errors.Is(err, frontier.ErrEmpty) {
		t.Errorf("frontier empty after popping half")
	}
}

// BenchmarkPushPop pushes 100 new links over 10 hosts and pops 100, per
// backend.
func BenchmarkPushPop(b *testing.B) {
	backends := map[string]func(b *testing.B) frontier.Frontier{
		"Memory": func(b *testing.B) frontier.Frontier {
			f, err := frontier.NewMemory(frontier.Config{})
			if err != nil {
				b.Fatal(err)
			}
			return f
		},
		"SQLite": func(b *testing.B) frontier.Frontier {
			return newSQLite(b, openStore(b, b.TempDir()), frontier.Config{ExpectedURLs: 1_000_000})
		},
	}
	for _, name := range []string{"Memory", "SQLite"} {
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			f := backends[name](b)
			defer f.Close()
			links := make([]crawl.Link, 100)
			i := 0
			for b.Loop() {
				for j := range links {
					links[j] = crawl.Link{URL: fmt.Sprintf("http://h%d.test/page/%d", i%10, i), Priority: float64(i % 7)}
					i++
				}
				if n, err := f.Push(ctx, links); err != nil || n != len(links) {
					b.Fatalf("Push = %d, %v", n, err)
				}
				for range links {
					if _, err := f.Pop(ctx, nil); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportAllocs()
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "links/s")
		})
	}
}
