package crawler

import "sync"

// pauseGate holds the scheduler back while the crawl is paused: ch is open
// while paused and closed by Resume.
type pauseGate struct {
	mu sync.Mutex
	ch chan struct{}
}

// wait returns the channel closed on resume, nil when not paused.
func (g *pauseGate) wait() <-chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ch
}

// Pause makes the crawl stop taking links from the frontier: fetches in
// flight finish and are stored, batches run, nothing new is fetched until
// Resume. A stop (context cancelled, MaxPages, hook) still ends a paused
// crawl as usual. Safe to call at any time, also before Run; pausing a
// paused crawl does nothing.
func (c *Crawler) Pause() {
	c.pause.mu.Lock()
	defer c.pause.mu.Unlock()
	if c.pause.ch == nil {
		c.pause.ch = make(chan struct{})
	}
}

// Resume lets a paused crawl take links again; resuming a running crawl
// does nothing.
func (c *Crawler) Resume() {
	c.pause.mu.Lock()
	defer c.pause.mu.Unlock()
	if c.pause.ch != nil {
		close(c.pause.ch)
		c.pause.ch = nil
	}
	c.signal()
}

// Paused reports whether the crawl is paused.
func (c *Crawler) Paused() bool { return c.pause.wait() != nil }

// waitResume parks the scheduler while the crawl is paused, until Resume or
// a stop; it reports whether it waited.
func (c *Crawler) waitResume() bool {
	ch := c.pause.wait()
	if ch == nil {
		return false
	}
	select {
	case <-ch:
	case <-c.stopping:
	}
	return true
}
