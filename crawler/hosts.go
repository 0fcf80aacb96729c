package crawler

import (
	"sync"
	"time"
)

// hostTable enforces per-host politeness on every request sent to a host
// (host:port): pages, redirect hops, retries and robots.txt alike. At most
// perHost requests are in flight to a host, and a request starts no sooner
// than the host's delay after the start of the one before and after the
// end of the one before, so that the host itself sees its requests at
// least the delay apart. The delay of a host is the configured
// PerHostDelay or its robots.txt Crawl-delay (capped), whichever is longer.
// Only requests actually sent take a slot: a URL refused by robots.txt
// costs its host nothing.
//
// The scheduler also claims a host for each link it dispatches there
// (claim/unclaim) so that it does not send more links to a host than the
// host may serve at once; ready reports whether a claim would be useful.
type hostTable struct {
	perHost int
	delay   time.Duration
	now     func() time.Time

	mu    sync.Mutex
	hosts map[string]*hostState
}

type hostState struct {
	claimed  int           // links dispatched to this host and not finished
	inflight int           // requests sent and not answered
	next     time.Time     // earliest start of the next request
	delay    time.Duration // this host's delay
	changed  chan struct{} // closed when a request ends; nil when nobody waits
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

// ready reports whether a link of host may be dispatched now.
func (t *hostTable) ready(host string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.hosts[host]
	return s == nil || (s.claimed < t.perHost && s.inflight < t.perHost && !t.now().Before(s.next))
}

// claim records that a link of host was dispatched.
func (t *hostTable) claim(host string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.state(host).claimed++
}

// unclaim records that a dispatched link of host is finished.
func (t *hostTable) unclaim(host string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.hosts[host]; s != nil && s.claimed > 0 {
		s.claimed--
		t.forget(host, s)
	}
}

// request waits until a request to host may start and takes its slot; the
// returned function must be called when the answer is in (or the request
// failed). It returns errStopped if stop is closed while waiting.
func (t *hostTable) request(stop <-chan struct{}, host string) (func(), error) {
	for {
		t.mu.Lock()
		s := t.state(host)
		now := t.now()
		if s.inflight < t.perHost && !now.Before(s.next) {
			s.inflight++
			s.next = now.Add(s.delay)
			t.mu.Unlock()
			return func() { t.done(host) }, nil
		}
		if s.changed == nil {
			s.changed = make(chan struct{})
		}
		changed, wait := s.changed, s.next.Sub(now)
		t.mu.Unlock()
		if !t.wait(stop, changed, wait) {
			return nil, errStopped
		}
	}
}

// wait waits for changed to close or wait to pass (wait ≤ 0: changed
// only); false when stop closed first.
func (t *hostTable) wait(stop, changed <-chan struct{}, wait time.Duration) bool {
	var timer <-chan time.Time
	if wait > 0 {
		tm := time.NewTimer(wait)
		defer tm.Stop()
		timer = tm.C
	}
	select {
	case <-changed:
	case <-timer:
	case <-stop:
		return false
	}
	return true
}

// done ends a request: the next one waits the delay from now.
func (t *hostTable) done(host string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.state(host)
	if s.inflight > 0 {
		s.inflight--
	}
	if end := t.now().Add(s.delay); end.After(s.next) {
		s.next = end
	}
	if s.changed != nil {
		close(s.changed)
		s.changed = nil
	}
	t.forget(host, s)
}

// forget drops an idle host so the table stays small.
func (t *hostTable) forget(host string, s *hostState) {
	if s.claimed == 0 && s.inflight == 0 && s.changed == nil && s.next.Before(t.now()) && len(t.hosts) > 4096 {
		delete(t.hosts, host)
	}
}

// delayOf returns host's delay (the configured one or its Crawl-delay).
func (t *hostTable) delayOf(host string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.hosts[host]; s != nil {
		return max(s.delay, 0)
	}
	return max(t.delay, 0)
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
