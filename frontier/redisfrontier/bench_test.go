package redisfrontier_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// BenchmarkPushPopSettle: one page's worth of work on the shared
// frontier: push its 30 new out-links (real URLs and anchors), then pop
// and settle 30 links, as a process does per 30 pages.
//
//	go test ./frontier/redisfrontier -run '^$' -bench PushPopSettle
//
// "limits" is the same with the defaults' Limits (their sketches checked
// and counted in the push script) and a per-host quota no host reaches.
func BenchmarkPushPopSettle(b *testing.B) {
	srv := redistest.Start(b, redistest.Options{})
	rdb := srv.Client()
	links := syntheticLinks(realLinks(b), 300_000)
	for _, bc := range []struct {
		name string
		cfg  redisfrontier.Config
	}{
		{"plain", redisfrontier.Config{Name: "bench"}},
		{"limits", redisfrontier.Config{Name: "benchlim", MaxPagesPerHost: 1 << 30,
			Frontier: frontier.Config{Limits: frontier.Limits{MaxQueryVariants: 1000, MaxURLsPerPattern: 10000}}}},
	} {
		b.Run(bc.name, func(b *testing.B) { pushPopSettle(b, rdb, bc.cfg, links) })
	}
}

func pushPopSettle(b *testing.B, rdb redis.UniversalClient, cfg redisfrontier.Config, links []crawl.Link) {
	ctx := context.Background()
	cfg.Name = fmt.Sprintf("%s%d", cfg.Name, crawlN.Add(1)) // a fresh crawl: every link new
	f, err := redisfrontier.New(ctx, rdb, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	next, queued := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		if next+30 > len(links) {
			b.Fatal("benchmark ran out of distinct links")
		}
		n, err := f.Push(ctx, links[next:next+30])
		if err != nil || n == 0 {
			b.Fatalf("Push = %d, %v", n, err)
		}
		next += 30
		queued += n
		var done []string
		for range n {
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
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(queued), "ns/link")
}
