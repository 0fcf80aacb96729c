package crawler

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl/robots"
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

// TestRobotsPerOrigin: a robots.txt holds for the scheme, host and port it
// was fetched from (RFC 9309 §2.3), so http://example.com and
// https://example.com are asked each for their own, and the cache keeps
// both. Two loopback servers stand for the two origins, a plain one for
// port 80 and a TLS one (whose certificate names example.com) for 443.
func TestRobotsPerOrigin(t *testing.T) {
	var plainHits, tlsHits atomic.Int32
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plainHits.Add(1)
		fmt.Fprint(w, "User-agent: *\nDisallow: /http-only/\n")
	}))
	defer plain.Close()
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tlsHits.Add(1)
		fmt.Fprint(w, "User-agent: *\nDisallow: /https-only/\n")
	}))
	defer secure.Close()
	client := secure.Client()
	tr := client.Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		to := plain.Listener.Addr().String()
		if strings.HasSuffix(addr, ":443") {
			to = secure.Listener.Addr().String()
		}
		return (&net.Dialer{}).DialContext(ctx, network, to)
	}
	client.Transport = tr
	c := newRobotsCache(client, 8, time.Hour, time.Minute, time.Now)
	ctx := context.Background()
	var gated []string
	gate := func(host string) (func(), error) { gated = append(gated, host); return func() {}, nil }

	p := c.policy(ctx, "http", "example.com", gate)
	s := c.policy(ctx, "https", "example.com", gate)
	if p.allowed("http://example.com/http-only/x", "crawl") || !p.allowed("http://example.com/https-only/x", "crawl") {
		t.Error("http://example.com does not have its own robots.txt's rules")
	}
	if s.allowed("https://example.com/https-only/x", "crawl") || !s.allowed("https://example.com/http-only/x", "crawl") {
		t.Error("https://example.com does not have its own robots.txt's rules")
	}
	c.policy(ctx, "http", "example.com", gate)
	c.policy(ctx, "https", "example.com", gate)
	if plainHits.Load() != 1 || tlsHits.Load() != 1 {
		t.Errorf("robots.txt fetched %d times over http and %d over https, want once each (cached per origin)", plainHits.Load(), tlsHits.Load())
	}
	if !slices.Equal(gated, []string{"example.com", "example.com"}) {
		t.Errorf("politeness asked for %q, want the host key twice (one host, two origins)", gated)
	}
}

// TestHostStatsOfTwoOrigins: a host crawled over http and https has two
// cached robots.txt; its HostStats shows the more pressing state of the
// two (fetching, then unavailable, then ok) and the longer Crawl-delay.
func TestHostStatsOfTwoOrigins(t *testing.T) {
	ready := func(r *robots.Robots) *robotsEntry {
		e := &robotsEntry{host: "a.test", ready: make(chan struct{}), policy: &robotsPolicy{rules: r}}
		close(e.ready)
		return e
	}
	slow := ready(robots.FromResponse("http://a.test/robots.txt", 200, []byte("User-agent: *\nCrawl-delay: 4\n")))
	fast := ready(robots.FromResponse("https://a.test/robots.txt", 200, []byte("User-agent: *\nCrawl-delay: 1\n")))
	down := ready(robots.Unreachable())
	pending := &robotsEntry{host: "a.test", ready: make(chan struct{})}
	for _, c := range []struct {
		entries []*robotsEntry
		robots  string
		delay   time.Duration
	}{
		{[]*robotsEntry{fast, slow}, "ok", 4 * time.Second},
		{[]*robotsEntry{slow, fast}, "ok", 4 * time.Second},
		{[]*robotsEntry{down, fast}, "unavailable", time.Second},
		{[]*robotsEntry{fast, down}, "unavailable", time.Second},
		{[]*robotsEntry{pending, down}, "fetching", 0},
		{[]*robotsEntry{down, pending}, "fetching", 0},
	} {
		var s HostStats
		for _, e := range c.entries {
			s.addRobots(e, "crawl")
		}
		if s.Robots != c.robots || s.CrawlDelay != c.delay {
			t.Errorf("%d origins: robots %q, Crawl-delay %v; want %q, %v", len(c.entries), s.Robots, s.CrawlDelay, c.robots, c.delay)
		}
	}
}
