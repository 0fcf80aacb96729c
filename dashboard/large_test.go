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
// queued URLs and 1,000 clusters comes back paginated for under 200 ms of
// CPU (the median of 5). CPU time, the process's own (the server and the
// client are this test), is what the answer costs whatever the load of the
// machine; the wall-clock time, which a loaded machine stretches, is
// logged beside it.
func TestLargeStoreResponsive(t *testing.T) {
	path := genStore(t, largeShape)
	ts := newServer(t, path, dashboard.Config{})
	for _, r := range largeRoutes {
		var cpus, walls []time.Duration
		for range 5 {
			cpu0, start := cpuTime(t), time.Now()
			code, body := get(t, ts.Client(), ts.URL+r)
			walls = append(walls, time.Since(start))
			cpus = append(cpus, cpuTime(t)-cpu0)
			if code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", r, code, body)
			}
			if len(body) > 1<<20 {
				t.Errorf("GET %s: %d bytes: not paginated", r, len(body))
			}
		}
		slices.Sort(cpus)
		slices.Sort(walls)
		t.Logf("%-40s CPU median %v, most %v; wall median %v", r, cpus[2], cpus[4], walls[2])
		if cpus[2] > 200*time.Millisecond {
			t.Errorf("GET %s: median CPU %v, want < 200ms", r, cpus[2])
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
