package crawler

import (
	"sync"
	"time"
)

// hostTable enforces per-host politeness: at most perHost fetches in flight
// per host (host:port) and at least the host's delay between request
// starts. The delay of a host is the configured PerHostDelay or its
// robots.txt Crawl-delay (capped), whichever is longer.
type hostTable struct {
	perHost int
	delay   time.Duration
	now     func() time.Time

	mu    sync.Mutex
	hosts map[string]*hostState
}

type hostState struct {
	inflight int
	next     time.Time     // earliest start of the next request
	delay    time.Duration // this host's delay
}

func newHostTable(perHost int, delay time.Duration, now func() time.Time) *hostTable {
	return &hostTable{perHost: perHost, delay: delay, now: now, hosts: make(map[string]*hostState)}
}

func (t *hostTable) state(host string) *hostState {
	s := t.hosts[host]
	if s == nil {
		s = &hostState{delay: t.delay}
		t.hosts[host] = s
	}
	return s
}

// ready reports whether a request to host may start now.
func (t *hostTable) ready(host string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.hosts[host]
	return s == nil || (s.inflight < t.perHost && !t.now().Before(s.next))
}

// acquire records the start of a request to host.
func (t *hostTable) acquire(host string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.state(host)
	s.inflight++
	now := t.now()
	if s.next.Before(now) {
		s.next = now
	}
	s.next = s.next.Add(s.delay)
}

// release records the end of a request to host.
func (t *hostTable) release(host string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.hosts[host]; s != nil && s.inflight > 0 {
		s.inflight--
		if s.inflight == 0 && s.next.Before(t.now()) && len(t.hosts) > 4096 {
			delete(t.hosts, host) // idle: forget it so the table stays small
		}
	}
}

// setCrawlDelay raises host's delay to d (already capped by the caller).
func (t *hostTable) setCrawlDelay(host string, d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.state(host)
	if d > s.delay {
		s.next = s.next.Add(d - s.delay)
		s.delay = d
	}
}
