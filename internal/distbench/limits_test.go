package distbench_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/internal/distbench"
	"github.com/crawl-project/crawl/internal/redistest"
)

// TestHostQuotaAcrossProcesses: with max_pages_per_host 25, four
// processes fetch 25 pages of each of 8 hosts between them, not 25 each:
// the quota is leased and settled in Redis. Over-admission (page requests
// to a host beyond the quota, from the server's log) must be 0.
func TestHostQuotaAcrossProcesses(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	site := distbench.NewSite(8, 200, 5*time.Millisecond)
	defer site.Close()
	const quota = 25
	c := distbench.NewCluster(t, crawlBin, t.TempDir(), distbench.Options{
		Redis: srv.URL(0), Name: "quota", Seeds: site.Roots(), Workers: 4, PerHost: 2, Lease: 5 * time.Second,
		MaxPagesPerHost: quota,
	})
	for i := range 4 {
		c.Start(i)
	}
	c.Wait(3 * time.Minute)
	perHost := map[string]int{}
	for _, r := range pageRequests(site.Log()) {
		perHost[r.Host]++
	}
	over, short := 0, 0
	for _, root := range site.Roots() {
		h := strings.TrimSuffix(strings.TrimPrefix(root, "http://"), "/p/0")
		over += max(perHost[h]-quota, 0)
		short += max(quota-perHost[h], 0)
	}
	stored, err := distbench.StoredPages(context.Background(), dbs(c, 4))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("4 processes, max_pages_per_host %d, 8 hosts: page requests per host %v; %d pages stored; over-admission %d", quota, perHost, len(stored), over)
	if over > 0 || short > 0 || len(stored) != 8*quota {
		t.Errorf("%d page requests over the quota, %d under it, %d pages stored; want 0, 0 and %d", over, short, len(stored), 8*quota)
	}
}

// TestDedupAcrossProcesses: on a site whose odd hosts mirror the text of
// the even ones, four processes with duplicate detection store one page
// of each mirrored pair: a copy fetched by one process is recognised as a
// duplicate of the page another process kept (the shared log dd:log).
func TestDedupAcrossProcesses(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	site := distbench.NewSite(8, 60, 5*time.Millisecond)
	site.Mirror = true
	defer site.Close()
	c := distbench.NewCluster(t, crawlBin, t.TempDir(), distbench.Options{
		Redis: srv.URL(0), Name: "dedup", Seeds: site.Roots(), Workers: 4, PerHost: 2, Lease: 5 * time.Second,
		Dedup: true,
	})
	for i := range 4 {
		c.Start(i)
	}
	c.Wait(3 * time.Minute)
	stored, err := distbench.StoredPages(context.Background(), dbs(c, 4))
	if err != nil {
		t.Fatal(err)
	}
	urls := site.URLs()
	pairs, twice := 0, 0
	for h := 0; h+1 < site.Hosts; h += 2 {
		for n := range site.Pages {
			a, b := stored[urls[h*site.Pages+n]], stored[urls[(h+1)*site.Pages+n]]
			if a+b > 0 {
				pairs++
			}
			if a+b > 1 {
				twice++
			}
		}
	}
	ctx := context.Background()
	entries, _ := srv.Client().LLen(ctx, "crawl:{dedup}:dd:log").Result()
	mem, _ := srv.Client().MemoryUsage(ctx, "crawl:{dedup}:dd:log").Result()
	t.Logf("4 processes, %d mirrored pairs stored: %d stored twice (duplicates kept); shared log %d entries, %d bytes (%.1f B an entry)",
		pairs, twice, entries, mem, float64(mem)/float64(max(entries, 1)))
	if pairs < 100 || twice > 0 {
		t.Errorf("%d mirrored pairs stored, %d of them twice; want ≥ 100 and 0", pairs, twice)
	}
}
