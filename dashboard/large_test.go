package dashboard_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/crawl-project/crawl/dashboard"
)

// largeRoutes are the API answers a view asks for, on a large store.
var largeRoutes = []string{
	"/api/overview", "/api/hosts", "/api/hosts?sort=host&page=3", "/api/clusters?size=50",
	"/api/clusters?page=20&size=50", "/api/clusters/500/records", "/api/topics", "/api/pages?page=100",
	"/api/pages/12345", "/api/focus", "/api/queue?page=1000&size=100", "/metrics",
}

// largeShape is the bound: 100,000 queued URLs, 1,000 clusters.
var largeShape = shape{pages: 20000, queued: 100000, clusters: 1000, hosts: 300, recordsPer: 5, topics: 40}

// TestLargeStoreResponsive checks every answer on a store with 100,000
// queued URLs and 1,000 clusters comes back paginated in under 200 ms (the
// median of 5, so one descheduling on a shared machine does not decide).
func TestLargeStoreResponsive(t *testing.T) {
	path := genStore(t, largeShape)
	ts := newServer(t, path, dashboard.Config{})
	for _, r := range largeRoutes {
		var times []time.Duration
		for range 5 {
			start := time.Now()
			code, body := get(t, ts.Client(), ts.URL+r)
			times = append(times, time.Since(start))
			if code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", r, code, body)
			}
			if len(body) > 1<<20 {
				t.Errorf("GET %s: %d bytes: not paginated", r, len(body))
			}
		}
		slices.Sort(times)
		t.Logf("%-40s median %v, slowest %v", r, times[2], times[4])
		if times[2] > 200*time.Millisecond {
			t.Errorf("GET %s: median %v, want < 200ms", r, times[2])
		}
	}
}

// BenchmarkLargeStore measures each answer on the large store.
func BenchmarkLargeStore(b *testing.B) {
	path := genStore(b, largeShape)
	ts := newServer(b, path, dashboard.Config{})
	for _, r := range largeRoutes {
		b.Run(r, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if code, body := get(b, ts.Client(), ts.URL+r); code != http.StatusOK {
					b.Fatalf("GET %s: %d %s", r, code, body)
				}
			}
		})
	}
}
