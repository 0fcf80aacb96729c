package redisfrontier_test

import (
	"context"
	"testing"

	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
)

// BenchmarkPushPopSettle: one page's worth of work on the shared
// frontier: push its 30 new out-links (real URLs and anchors), then pop
// and settle 30 links, as a process does per 30 pages.
//
//	go test ./frontier/redisfrontier -run '^$' -bench PushPopSettle
func BenchmarkPushPopSettle(b *testing.B) {
	srv := redistest.Start(b, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	links := syntheticLinks(realLinks(b), 300_000)
	f, err := redisfrontier.New(ctx, rdb, redisfrontier.Config{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	next := 0
	b.ReportAllocs()
	for b.Loop() {
		if next+30 > len(links) {
			b.Fatal("benchmark ran out of distinct links")
		}
		n, err := f.Push(ctx, links[next:next+30])
		if err != nil || n != 30 {
			b.Fatalf("Push = %d, %v", n, err)
		}
		next += 30
		var done []string
		for range 30 {
			l, err := f.Pop(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			done = append(done, l.URL)
		}
		if err := f.Settle(ctx, done, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*30), "ns/link")
}
