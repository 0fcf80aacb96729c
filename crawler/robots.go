package crawler

import (
	"container/list"
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/temoto/robotstxt"
)

// robotsPolicy is what the crawler needs to know from one host's robots.txt.
type robotsPolicy struct {
	data       *robotstxt.RobotsData // nil means allow all
	disallow   bool                  // temporary full disallow (5xx or unreachable)
	crawlDelay time.Duration         // Crawl-delay for our agent, uncapped
	expires    time.Time
}

// allowed reports whether path (with query) may be fetched by agent.
func (p *robotsPolicy) allowed(path, agent string) bool {
	if p.disallow {
		return false
	}
	if p.data == nil {
		return true
	}
	return p.data.TestAgent(path, agent)
}

// robotsCache fetches robots.txt once per host and keeps at most size hosts,
// evicting the least recently used. Concurrent lookups of one host share a
// single fetch. Per the robots exclusion protocol (RFC 9309): 2xx is parsed
// (garbage parses as allow-all), 4xx means allow all, 5xx or an unreachable
// host means disallow all for retryAfter, after which it is fetched again.
type robotsCache struct {
	client     *http.Client
	agent      string
	size       int
	ttl        time.Duration // how long a good answer is kept
	retryAfter time.Duration // how long a 5xx/unreachable disallow-all is kept
	maxBody    int64
	now        func() time.Time

	found func(*robotsPolicy) // called with each policy fetched (sitemap discovery); may be nil

	mu      sync.Mutex
	entries map[string]*list.Element // host → element holding *robotsEntry
	lru     list.List
}

type robotsEntry struct {
	host   string
	ready  chan struct{} // closed when policy is set
	policy *robotsPolicy
}

func newRobotsCache(client *http.Client, agent string, size int, ttl, retryAfter time.Duration, now func() time.Time) *robotsCache {
	return &robotsCache{
		client: client, agent: agent, size: size, ttl: ttl, retryAfter: retryAfter,
		maxBody: 512 << 10, now: now, entries: make(map[string]*list.Element),
	}
}

// policy returns the robots policy of the host of base (scheme://host[:port]).
func (c *robotsCache) policy(ctx context.Context, scheme, host string) *robotsPolicy {
	c.mu.Lock()
	if el, ok := c.entries[host]; ok {
		e := el.Value.(*robotsEntry)
		select {
		case <-e.ready:
			if c.now().Before(e.policy.expires) {
				c.lru.MoveToFront(el)
				c.mu.Unlock()
				return e.policy
			}
			// Expired: fetch again below.
			c.lru.Remove(el)
			delete(c.entries, host)
		default:
			c.mu.Unlock()
			return c.wait(ctx, e)
		}
	}
	e := &robotsEntry{host: host, ready: make(chan struct{})}
	c.entries[host] = c.lru.PushFront(e)
	for c.lru.Len() > c.size {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.entries, old.Value.(*robotsEntry).host)
	}
	c.mu.Unlock()

	e.policy = c.fetch(ctx, scheme, host)
	close(e.ready)
	if c.found != nil {
		c.found(e.policy)
	}
	return e.policy
}

func (c *robotsCache) wait(ctx context.Context, e *robotsEntry) *robotsPolicy {
	select {
	case <-e.ready:
		return e.policy
	case <-ctx.Done():
		return &robotsPolicy{disallow: true, expires: c.now()}
	}
}

func (c *robotsCache) fetch(ctx context.Context, scheme, host string) *robotsPolicy {
	now := c.now()
	status, body, err := c.get(ctx, scheme+"://"+host+"/robots.txt")
	if err != nil {
		return &robotsPolicy{disallow: true, expires: now.Add(c.retryAfter)}
	}
	p := &robotsPolicy{expires: now.Add(c.ttl)}
	switch {
	case status >= 200 && status < 300:
		data, err := robotstxt.FromBytes(body)
		if err != nil {
			return p // unparseable: no valid rules, allow all
		}
		p.data = data
		if g := data.FindGroup(c.agent); g != nil {
			p.crawlDelay = g.CrawlDelay
		}
	case status >= 500:
		p.disallow = true
		p.expires = now.Add(c.retryAfter)
	}
	// 3xx that could not be followed and 4xx: allow all.
	return p
}

func (c *robotsCache) get(ctx context.Context, url string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, fmt.Errorf("robots request: %w", err)
	}
	req.Header.Set("User-Agent", c.agent)
	resp, err := c.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody))
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, body, nil
}
