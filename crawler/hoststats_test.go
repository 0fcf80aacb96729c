package crawler_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
)

// TestHostsAndFetchObserver crawls a host with a Crawl-delay and checks
// what Hosts and the fetch observer report.
func TestHostsAndFetchObserver(t *testing.T) {
	a := newSite(t, map[string]http.HandlerFunc{
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("User-agent: *\nCrawl-delay: 0.05\n"))
		},
		"/":        html(`<a href="/a">a</a><a href="/missing">m</a>`),
		"/a":       html(`a`),
		"/missing": http.NotFound,
	})
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.MaxCrawlDelay = time.Second
	var mu sync.Mutex
	seen := map[string][]int{} // host → statuses observed
	obs := crawler.WithFetchObserver(func(host string, d time.Duration, status int, err error) {
		mu.Lock()
		defer mu.Unlock()
		if d <= 0 {
			t.Errorf("%s: duration %v", host, d)
		}
		seen[host] = append(seen[host], status)
	})
	c, err := crawler.New(cfg, fr, st, obs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Run(context.Background(), []string{a.URL + "/"}); err != nil {
		t.Fatal(err)
	}
	hostA := strings.TrimPrefix(a.URL, "http://")
	got := map[string]crawler.HostStats{}
	for _, h := range c.Hosts() {
		got[h.Host] = h
		if h.InFlight != 0 {
			t.Errorf("%s: %d in flight after the crawl", h.Host, h.InFlight)
		}
	}
	if h := got[hostA]; h.Robots != "ok" || h.CrawlDelay != 50*time.Millisecond {
		t.Errorf("host a: %+v; want robots ok, Crawl-delay 50ms", h)
	}
	mu.Lock()
	defer mu.Unlock()
	// Pages only: robots.txt requests are not observed.
	if sa := seen[hostA]; len(sa) != 3 || !containsAll(sa, 200, 200, 404) {
		t.Errorf("host a observed %v; want 200, 200, 404", sa)
	}
	if s := c.Stats(); s.InFlight != 0 {
		t.Errorf("Stats.InFlight %d after the crawl", s.InFlight)
	}
	// Run left the same state in the store for views after the crawl.
	raw, ok, err := st.Meta(context.Background(), crawler.HostsMetaKey)
	if err != nil || !ok {
		t.Fatalf("meta %s: %v, found %v", crawler.HostsMetaKey, err, ok)
	}
	var snap crawler.HostsSnapshot
	if err := json.Unmarshal([]byte(raw), &snap); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(snap.Hosts, c.Hosts()) || snap.At.IsZero() {
		t.Errorf("stored hosts %+v at %v; want %+v", snap.Hosts, snap.At, c.Hosts())
	}
}

func containsAll(got []int, want ...int) bool {
	n := map[int]int{}
	for _, g := range got {
		n[g]++
	}
	for _, w := range want {
		n[w]--
	}
	for _, v := range n {
		if v != 0 {
			return false
		}
	}
	return true
}
