package frontier_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/crawl-project/crawl"

	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/frontiertest"
)

func newMemory(t *testing.T, cfg frontier.Config) frontier.Frontier {
	f, err := frontier.NewMemory(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestMemoryConformance(t *testing.T) { frontiertest.Run(t, newMemory) }

func TestMemoryNovelty(t *testing.T) { frontiertest.Novelty(t, newMemory) }

// BenchmarkPopBusyHosts pops with 2,000 hosts queued of which only 20 are
// ready, as under per-host politeness: Pop has to skip the busy ones.
func BenchmarkPopBusyHosts(b *testing.B) {
	ctx := context.Background()
	f, err := frontier.NewMemory(frontier.Config{})
	if err != nil {
		b.Fatal(err)
	}
	const hosts = 2000
	push := func(round int) {
		links := make([]crawl.Link, 0, hosts)
		for h := range hosts {
			links = append(links, crawl.Link{URL: fmt.Sprintf("http://h%d.test/%d", h, round), Priority: float64(h % 13)})
		}
		if _, err := f.Push(ctx, links); err != nil {
			b.Fatal(err)
		}
	}
	round := 0
	push(round)
	ready := func(h string) bool { return len(h) == len("h1999.test") && h[4] == '0' } // h1..0, h2..0: 20 hosts
	popped := 0
	for b.Loop() {
		l, err := f.Pop(ctx, ready)
		if errors.Is(err, frontier.ErrNotReady) {
			round++
			push(round)
			continue
		}
		if err != nil || !ready(crawl.HostKey(l.URL)) {
			b.Fatalf("Pop = %s, %v", l.URL, err)
		}
		popped++
	}
	b.ReportAllocs()
	b.ReportMetric(float64(popped)/b.Elapsed().Seconds(), "pops/s")
}
