package crawler

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// HostStats is one host's politeness state as a running crawl sees it.
type HostStats struct {
	Host     string        `json:"host"`      // host:port as in URLs
	InFlight int           `json:"in_flight"` // requests sent and not yet answered
	Delay    time.Duration `json:"delay"`     // current delay between request starts (Crawl-delay aware)
	// Robots is the state of the host's cached robots.txt: "ok" (parsed or
	// 4xx: rules apply), "unavailable" (5xx, 429 or unreachable: nothing may
	// be fetched until it is asked again), "fetching", or "" when it is not
	// in the cache. A host crawled over http and https has a robots.txt for
	// each (RFC 9309 §2.3); its state is then the first of fetching,
	// unavailable and ok that one of them is in.
	Robots     string        `json:"robots"`
	CrawlDelay time.Duration `json:"crawl_delay"` // robots.txt Crawl-delay for the crawler's agent (the longer of http's and https's); 0 when none
}

// HostsMetaKey is the store meta key under which Run leaves the hosts'
// politeness state at its end (a HostsSnapshot as JSON), so that views of
// the store after the crawl can show it.
const HostsMetaKey = "crawler.hosts"

// HostsSnapshot is the hosts' politeness state at the end of a run.
type HostsSnapshot struct {
	At    time.Time   `json:"at"`
	Hosts []HostStats `json:"hosts"`
}

// saveHosts stores the HostsSnapshot under HostsMetaKey when the store
// keeps metadata (store.Store does).
func (c *Crawler) saveHosts(ctx context.Context) error {
	ms, ok := c.st.(interface {
		SetMeta(ctx context.Context, key, value string) error
	})
	if !ok {
		return nil
	}
	b, err := json.Marshal(HostsSnapshot{At: c.now().UTC(), Hosts: c.Hosts()})
	if err != nil {
		return fmt.Errorf("crawler: save hosts: %w", err)
	}
	if err := ms.SetMeta(ctx, HostsMetaKey, string(b)); err != nil {
		return fmt.Errorf("crawler: save hosts: %w", err)
	}
	return nil
}

// addRobots adds the state of one of the host's cached robots.txt (one
// origin's) to s, for agent.
func (s *HostStats) addRobots(e *robotsEntry, agent string) {
	state := "fetching"
	select {
	case <-e.ready:
		state = "ok"
		if e.policy.rules.Unavailable() {
			state = "unavailable"
		}
		if d, ok := e.policy.rules.CrawlDelay(agent); ok {
			s.CrawlDelay = max(s.CrawlDelay, d)
		}
	default:
	}
	if robotsStateRank[state] > robotsStateRank[s.Robots] {
		s.Robots = state
	}
}

// robotsStateRank orders HostStats.Robots for a host with two origins.
var robotsStateRank = map[string]int{"": 0, "ok": 1, "unavailable": 2, "fetching": 3}

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
	for _, el := range c.robots.entries {
		e := el.Value.(*robotsEntry)
		get(e.host).addRobots(e, c.cfg.RobotsAgent)
	}
	c.robots.mu.Unlock()
	out := make([]HostStats, 0, len(byHost))
	for _, s := range byHost {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b HostStats) int { return strings.Compare(a.Host, b.Host) })
	return out
}
