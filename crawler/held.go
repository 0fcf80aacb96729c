package crawler

import (
	"fmt"
	"sync"
	"time"

	"github.com/crawl-project/crawl"
)

// maxHolds is how many unavailable answers of its host's robots.txt one URL
// gets in a run before the run stops waiting for it: with the default
// RobotsRetry of 10 minutes, robots.txt is asked 3 times over 20 minutes. A URL past it is still retried
// while the crawl goes on for other hosts; when the run ends it is left
// queued, never stored as a failure, so the next run fetches it.
const maxHolds = 3

// heldError says that the robots.txt of host is unavailable until until.
type heldError struct {
	host  string
	until time.Time
}

func (e *heldError) Error() string {
	return fmt.Sprintf("robots.txt of %s unavailable; retry at %s", e.host, e.until.Format(time.RFC3339))
}

// heldLinks holds the links whose host's robots.txt answered 5xx or could
// not be reached (RFC 9309 §2.3.1.4: disallow all for now). They are
// dispatched again once the host's cached answer has expired, so its
// robots.txt is asked again. Safe for concurrent use.
type heldLinks struct {
	max   int
	mu    sync.Mutex
	links []heldLink
	holds map[string]int // URL → times held this run
}

type heldLink struct {
	link  crawl.Link
	until time.Time
}

func newHeldLinks(max int) *heldLinks {
	return &heldLinks{max: max, holds: map[string]int{}}
}

// add holds link until until.
func (h *heldLinks) add(link crawl.Link, until time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.holds[link.URL]++
	h.links = append(h.links, heldLink{link: link, until: until})
}

// due removes and returns the first held link whose time has come and
// whose host is ready.
func (h *heldLinks) due(now time.Time, ready func(string) bool) (crawl.Link, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, l := range h.links {
		if !now.Before(l.until) && ready(crawl.HostKey(l.link.URL)) {
			h.links = append(h.links[:i], h.links[i+1:]...)
			return l.link, true
		}
	}
	return crawl.Link{}, false
}

// waiting returns how many held links the run still waits for: those held
// fewer than max times.
func (h *heldLinks) waiting() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, l := range h.links {
		if h.holds[l.link.URL] < h.max {
			n++
		}
	}
	return n
}

// len returns how many links are held.
func (h *heldLinks) len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.links)
}
