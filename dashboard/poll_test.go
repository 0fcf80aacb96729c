package dashboard_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/dashboard"
)

// pollCycle is what one open browser tab asks of a live crawl's dashboard
// in 3 seconds at most: the overview every second and, if it shows the
// focus view instead, the focus answer every 3 seconds (both counted, the
// worse case).
var pollCycle = []string{"/api/overview", "/api/overview", "/api/overview", "/api/focus?size=25"}

// pollServer is a live-mode server (engine statistics from a stub) over
// a generated store of sh.
func pollServer(tb testing.TB, sh shape) http.Handler {
	tb.Helper()
	path := genStore(tb, sh)
	db, err := dashboard.OpenDB(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	stats := func() crawler.Stats { return crawler.Stats{Fetched: int64(sh.pages), Queued: sh.queued} }
	s, err := dashboard.New(dashboard.Config{}, db, dashboard.WithCrawl(stats))
	if err != nil {
		tb.Fatal(err)
	}
	return s.Handler()
}

// servePoll runs one poll cycle through h (no network: the server's own
// work) and fails on any answer but 200.
func servePoll(tb testing.TB, h http.Handler) {
	for _, p := range pollCycle {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusOK {
			tb.Fatalf("GET %s: %d %s", p, rec.Code, rec.Body)
		}
	}
}

// BenchmarkPoll is the server's cost of one tab's poll cycle (3 seconds of
// an open overview, plus a focus answer) on stores of growing size.
func BenchmarkPoll(b *testing.B) {
	for _, sh := range []shape{
		{pages: 1500, queued: 3000, clusters: 20, hosts: 5, recordsPer: 5, topics: 10},
		{pages: 20000, queued: 100000, clusters: 1000, hosts: 300, recordsPer: 5, topics: 40},
		{pages: 100000, queued: 100000, clusters: 1000, hosts: 300, recordsPer: 5, topics: 40},
	} {
		b.Run(fmt.Sprintf("pages=%d,queued=%d", sh.pages, sh.queued), func(b *testing.B) {
			h := pollServer(b, sh)
			b.ReportAllocs()
			cpu0 := cpuTime(b)
			n := 0
			for b.Loop() {
				servePoll(b, h)
				n++
			}
			b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/1e3/float64(n), "cpu-ms/cycle")
		})
	}
}
