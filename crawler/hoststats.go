package crawler

import (
	"slices"
	"strings"
	"time"
)

// HostStats is one host's politeness state as a running crawl sees it.
type HostStats struct {
	Host     string        // host:port as in URLs
	InFlight int           // requests sent and not yet answered
	Delay    time.Duration // current delay between request starts (Crawl-delay aware)
	// Robots is the state of the host's cached robots.txt: "ok" (parsed or
	// 4xx: rules apply), "unavailable" (5xx, 429 or unreachable: nothing may
	// be fetched until it is asked again), "fetching", or "" when it is not
	// in the cache.
	Robots     string
	CrawlDelay time.Duration // robots.txt Crawl-delay for the crawler's agent; 0 when none
}

// Hosts returns the state of every host the crawl is working on or holds
// robots.txt for, by host name; safe to call while Run runs.
func (c *Crawler) Hosts() []HostStats {
	byHost := map[string]*HostStats{}
	get := func(h string) *HostStats {
		s := byHost[h]
		if s == nil {
			s = &HostStats{Host: h, Delay: c.hosts.delay}
			byHost[h] = s
		}
		return s
	}
	c.hosts.mu.Lock()
	for h, st := range c.hosts.hosts {
		s := get(h)
		s.InFlight, s.Delay = st.inflight, st.delay
	}
	c.hosts.mu.Unlock()
	c.robots.mu.Lock()
	for h, el := range c.robots.entries {
		e := el.Value.(*robotsEntry)
		s := get(h)
		select {
		case <-e.ready:
			s.Robots = "ok"
			if e.policy.rules.Unavailable() {
				s.Robots = "unavailable"
			}
			if d, ok := e.policy.rules.CrawlDelay(c.cfg.RobotsAgent); ok {
				s.CrawlDelay = d
			}
		default:
			s.Robots = "fetching"
		}
	}
	c.robots.mu.Unlock()
	out := make([]HostStats, 0, len(byHost))
	for _, s := range byHost {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b HostStats) int { return strings.Compare(a.Host, b.Host) })
	return out
}
