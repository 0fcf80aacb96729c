package crawler

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/robots"
)

// maxRobotsRedirects is how many redirects of a robots.txt are followed
// (RFC 9309 §2.3.1.2: at least five); past it the file is unavailable,
// which allows everything.
const maxRobotsRedirects = 5

// robotsPolicy is one origin's robots.txt as the crawler caches it.
type robotsPolicy struct {
	rules   *robots.Robots
	expires time.Time
}

// allowed reports whether target (an absolute URL) may be fetched by agent.
func (p *robotsPolicy) allowed(target, agent string) bool {
	return p.rules.Allowed(agent, target)
}

// robotsCache fetches robots.txt once per origin — scheme and host key
// (crawl.HostKey), since a robots.txt holds for the scheme, host and port
// it was fetched from (RFC 9309 §2.3): http://a.test and https://a.test
// have one each — and keeps at most size origins, evicting the least
// recently used. Concurrent lookups of one origin share a single fetch.
// The status rules are RFC 9309's (robots.FromResponse): 2xx is parsed,
// 4xx allows all, 429, 5xx or an unreachable host disallow all for
// retryAfter, after which it is fetched again.
type robotsCache struct {
	client     *http.Client // sends the crawl's identity (ownClient)
	size       int
	ttl        time.Duration // how long a good answer is kept
	retryAfter time.Duration // how long a 5xx/unreachable disallow-all is kept
	now        func() time.Time

	found func(*robotsPolicy) // called with each policy fetched (sitemap discovery); may be nil
	share RobotsShare         // robots.txt answers shared with other processes; may be nil

	mu      sync.Mutex
	entries map[string]*list.Element // origin ("http://a.test") → element holding *robotsEntry
	lru     list.List
}

type robotsEntry struct {
	origin string        // scheme://host
	host   string        // the host key
	ready  chan struct{} // closed when policy is set
	policy *robotsPolicy
}

// gateFunc waits until a request to host may be sent and returns the
// function to call when its answer is in.
type gateFunc func(host string) (func(), error)

func newRobotsCache(client *http.Client, size int, ttl, retryAfter time.Duration, now func() time.Time) *robotsCache {
	c := *client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &robotsCache{
		client: &c, size: size, ttl: ttl, retryAfter: retryAfter,
		now: now, entries: make(map[string]*list.Element),
	}
}

// policy returns the robots policy of the origin scheme://host (host a
// crawl.HostKey, scheme lower-case), fetching its robots.txt (each request
// through gate) when it is not cached or has expired.
func (c *robotsCache) policy(ctx context.Context, scheme, host string, gate gateFunc) *robotsPolicy {
	origin := scheme + "://" + host
	c.mu.Lock()
	if el, ok := c.entries[origin]; ok {
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
			delete(c.entries, origin)
		default:
			c.mu.Unlock()
			return c.wait(ctx, e)
		}
	}
	e := &robotsEntry{origin: origin, host: host, ready: make(chan struct{})}
	c.entries[origin] = c.lru.PushFront(e)
	for c.lru.Len() > c.size {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.entries, old.Value.(*robotsEntry).origin)
	}
	c.mu.Unlock()

	e.policy = c.fetch(ctx, origin, gate)
	close(e.ready)
	if c.found != nil {
		c.found(e.policy)
	}
	return e.policy
}

// known returns the robots policy of the origin scheme://host when it is
// cached, fetched and not expired, and nil otherwise: it neither fetches
// nor waits (markRefused asks it once for each origin of a page's new
// links).
func (c *robotsCache) known(scheme, host string) *robotsPolicy {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[scheme+"://"+host]
	if !ok {
		return nil
	}
	e := el.Value.(*robotsEntry)
	select {
	case <-e.ready:
		if c.now().Before(e.policy.expires) {
			return e.policy
		}
	default:
	}
	return nil
}

func (c *robotsCache) wait(ctx context.Context, e *robotsEntry) *robotsPolicy {
	select {
	case <-e.ready:
		return e.policy
	case <-ctx.Done():
		return &robotsPolicy{rules: robots.Unreachable(), expires: c.now()}
	}
}

func (c *robotsCache) fetch(ctx context.Context, origin string, gate gateFunc) *robotsPolicy {
	target := origin + "/robots.txt"
	status, body, shared := 0, []byte(nil), false
	if c.share != nil {
		status, body, shared = c.share.Get(ctx, target)
	}
	var err error
	if !shared {
		status, body, err = c.get(ctx, target, gate)
	}
	now := c.now()
	switch {
	case errors.Is(err, errStopped):
		return &robotsPolicy{rules: robots.Unreachable(), expires: now} // not an answer: not kept
	case err != nil:
		return &robotsPolicy{rules: robots.Unreachable(), expires: now.Add(c.retryAfter)}
	}
	p := &robotsPolicy{rules: robots.FromResponse(target, status, body), expires: now.Add(c.ttl)}
	if p.rules.Unavailable() {
		p.expires = now.Add(c.retryAfter)
	}
	if c.share != nil && !shared {
		c.share.Put(ctx, target, status, body, p.expires.Sub(now))
	}
	return p
}

// get fetches a robots.txt, following up to maxRobotsRedirects redirects
// (to any host), each request through gate. It returns the last status and
// at most robots.MaxSize+1 bytes of body; a redirect too many is returned
// as its 3xx status, which robots.FromResponse reads as unavailable.
func (c *robotsCache) get(ctx context.Context, target string, gate gateFunc) (int, []byte, error) {
	for hop := 0; ; hop++ {
		status, loc, body, err := c.once(ctx, target, gate)
		if err != nil || !isRedirect(status) || loc == "" || hop == maxRobotsRedirects {
			return status, body, err
		}
		base, _ := url.Parse(target)
		next, err := base.Parse(loc)
		if err != nil || (next.Scheme != "http" && next.Scheme != "https") {
			return status, nil, nil
		}
		target = next.String()
	}
}

func (c *robotsCache) once(ctx context.Context, target string, gate gateFunc) (int, string, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return 0, "", nil, fmt.Errorf("robots request: %w", err)
	}
	done, err := gate(crawl.HostKey(target)) // the crawl's key for the host, however a redirect spells it
	if err != nil {
		return 0, "", nil, err
	}
	defer done()
	resp, err := c.client.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, robots.MaxSize+1))
	if err != nil {
		return 0, "", nil, err
	}
	return resp.StatusCode, resp.Header.Get("Location"), body, nil
}
