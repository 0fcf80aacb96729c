package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
)

// linkHeavyPage is one page of about 6 MB holding n links to distinct
// pages of its own host.
func linkHeavyPage(n int) []byte {
	var b strings.Builder
	b.WriteString("<html><head><title>links</title></head><body><ul>\n")
	for i := range n {
		fmt.Fprintf(&b, "<li><a href=\"/item/%07d\">item %07d</a></li>\n", i, i)
	}
	b.WriteString("</ul></body></html>")
	return []byte(b.String())
}

// heapPeak samples the heap every millisecond until stop is called and
// returns the largest value seen.
func heapPeak() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); <-finished; return peak.Load() }
}

// BenchmarkLinkHeavyPage crawls one 6 MB page with 200,000 links (SQLite
// store and frontier, MaxPages 1) with the default out-link cap (10,000)
// and without it (the engine before the cap), and reports allocated bytes
// per crawl and the peak heap seen while it ran.
//
//	go test ./crawler -run '^$' -bench LinkHeavyPage -benchtime 3x -cpu 2
func BenchmarkLinkHeavyPage(b *testing.B) {
	const links = 200_000
	body := linkHeavyPage(links)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(body)
	}))
	defer srv.Close()
	for _, bc := range []struct {
		name   string
		cap    int
		queued int
	}{{"cap=10000", 0, 10_000}, {"nocap", -1, links}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			var peak uint64
			for b.Loop() {
				st, fr := env(b, b.TempDir())
				cfg := crawler.Config{Workers: 4, PerHostDelay: -1, MaxPages: 1, MaxBodySize: 16 << 20, MaxLinksPerPage: bc.cap}
				c, err := crawler.New(cfg, fr, st)
				if err != nil {
					b.Fatal(err)
				}
				stop := heapPeak()
				sum, err := c.Run(context.Background(), []string{srv.URL + "/"})
				peak = max(peak, stop())
				if err != nil || sum.Fetched != 1 {
					b.Fatalf("fetched %d, err %v", sum.Fetched, err)
				}
				if q := fr.Len(); q != bc.queued {
					b.Fatalf("%d links queued, want %d", q, bc.queued)
				}
				if bc.cap == 0 && (sum.LinksCapped != 1 || sum.LinksCut != links-10_000) {
					b.Fatalf("capped %d pages, cut %d links; want 1 and %d", sum.LinksCapped, sum.LinksCut, links-10_000)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}
