package crawler

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/url"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// schedule pops links and starts fetches until the crawl has to stop, then
// waits for the fetches in flight. A link counts as pending from its Pop
// until the writer has stored its result and pushed its out-links, so the
// frontier is only "dry" when it is empty and nothing is pending.
func (c *Crawler) schedule(ctx context.Context, w *writer) {
	sem := make(chan struct{}, c.cfg.Workers)
	poll := time.NewTicker(20 * time.Millisecond)
	defer poll.Stop()
loop:
	for !c.stopped() {
		if c.cfg.MaxPages > 0 && int(c.stats.stored.Load()+w.pending.Load()) >= c.cfg.MaxPages {
			if w.pending.Load() == 0 {
				c.stop("max-pages")
				break
			}
			c.waitEvent(poll.C)
			continue
		}
		select {
		case sem <- struct{}{}:
		case <-c.stopping:
			continue
		}
		// Read pending before Pop: a result stored between an empty Pop
		// and a later read would bring links the Pop did not see, and the
		// crawl would end with them queued.
		idle := w.pending.Load() == 0
		link, err := c.fr.Pop(ctx, c.hosts.ready)
		if err == nil {
			c.dispatched.Store(math.Float64bits(link.Priority))
			w.pending.Add(1)
			c.hosts.acquire(hostOf(link.URL))
			go func() {
				defer func() { <-sem }()
				w.results <- c.process(ctx, link)
			}()
			continue
		}
		<-sem
		if w.pending.Load() > 0 {
			select { // out-links of pending pages may be what the frontier lacks
			case c.hungry <- struct{}{}:
			default:
			}
		}
		switch {
		case errors.Is(err, frontier.ErrNotReady):
		case errors.Is(err, frontier.ErrEmpty):
			if idle {
				c.stop("frontier-empty")
				break loop
			}
		default:
			c.log.Error("frontier pop failed", "err", err)
			w.fail(err)
			c.stop("error")
			break loop
		}
		c.waitEvent(poll.C)
	}
	// Wait for every fetch in flight to hand its result to the writer.
	for i := 0; i < cap(sem); i++ {
		sem <- struct{}{}
	}
}

// waitEvent waits for a fetch to finish, a poll tick or a stop.
func (c *Crawler) waitEvent(tick <-chan time.Time) {
	select {
	case <-c.wake:
	case <-tick:
	case <-c.stopping:
	}
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}

// result is the outcome of processing one link.
type result struct {
	link     crawl.Link
	page     *crawl.Page  // nil on failure or not-modified
	failure  *FetchError  // set on failure
	push     []crawl.Link // out-links accepted by the OnURL hooks
	notMod   bool         // a re-visit answered 304 Not Modified
	header   http.Header  // response header of a 304
	stopped  bool         // abandoned because the crawl is stopping: stays queued
	hookErrs int
}
