package crawler

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRobotsCacheBoundAndStatusRules(t *testing.T) {
	var hits atomic.Int32
	status := http.StatusServiceUnavailable
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		mu.Lock()
		defer mu.Unlock()
		w.WriteHeader(status)
		fmt.Fprint(w, "User-agent: *\nDisallow: /no/\nCrawl-delay: 3\n")
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	c := newRobotsCache(srv.Client(), 2, time.Hour, 10*time.Minute, clock)
	ctx := context.Background()

	if p := c.policy(ctx, "http", u.Host, openGate); p.allowed("/yes", "crawl") {
		t.Error("5xx robots.txt: allowed, want disallow all")
	}
	c.policy(ctx, "http", u.Host, openGate)
	if hits.Load() != 1 {
		t.Errorf("robots fetched %d times, want 1 (cached)", hits.Load())
	}
	// After retryAfter the 5xx answer expires and robots.txt is fetched again.
	mu.Lock()
	status = http.StatusOK
	mu.Unlock()
	now = now.Add(11 * time.Minute)
	p := c.policy(ctx, "http", u.Host, openGate)
	delay, _ := p.rules.CrawlDelay("crawl")
	if !p.allowed("/yes", "crawl") || p.allowed("/no/x", "crawl") || delay != 3*time.Second {
		t.Errorf("2xx robots: allowed(/yes)=%v allowed(/no/x)=%v delay=%v", p.allowed("/yes", "crawl"), p.allowed("/no/x", "crawl"), delay)
	}
	// The cache keeps at most 2 hosts: two more evict the first.
	c.policy(ctx, "http", "127.0.0.1:1", openGate) // unreachable: disallow, cached
	c.policy(ctx, "http", "127.0.0.1:2", openGate)
	before := hits.Load()
	c.policy(ctx, "http", u.Host, openGate)
	if hits.Load() != before+1 {
		t.Errorf("evicted host not fetched again (hits %d → %d)", before, hits.Load())
	}
	if len(c.entries) > 2 {
		t.Errorf("cache holds %d hosts, bound is 2", len(c.entries))
	}
}

// openGate lets every request go at once.
func openGate(string) (func(), error) { return func() {}, nil }

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"120", 2 * time.Minute, true},
		{"0", 0, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{"soon", 0, false},
		{"-5", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseRetryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
