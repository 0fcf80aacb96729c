package crawler

import (
	"context"
	"errors"
	"math"
	"net/http"
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
		if c.waitResume() {
			continue // paused: fetches in flight finish, none starts
		}
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
		if c.Paused() { // paused while waiting for a worker
			<-sem
			continue
		}
		// idle is read before Pop: with nothing pending then, no result
		// can push links while Pop runs, so ErrEmpty means dry. Read
		// after, a commit could push its out-links and finish in between.
		// The same holds for background work (sitemaps being read).
		idle := w.pending.Load() == 0 && c.background.Load() == 0
		link, err := c.nextLink(ctx)
		var rf refusal
		if errors.As(err, &rf) { // the frontier refused it by its own rule
			l, rule := rf.RefusedLink()
			<-sem
			w.pending.Add(1)
			w.results <- refusedResult(l, rule)
			continue
		}
		if err == nil {
			if r, refused := c.refuseQueued(link); refused {
				<-sem // queued before its rule applied: closed, not fetched
				w.pending.Add(1)
				w.results <- r
				continue
			}
		}
		if err == nil {
			c.dispatched.Store(math.Float64bits(link.Priority))
			w.pending.Add(1)
			c.hosts.claim(crawl.HostKey(link.URL))
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
			if idle && c.held.waiting() == 0 {
				c.stop("frontier-empty")
				break loop
			}
		case errors.As(err, new(stopper)):
			var s stopper
			errors.As(err, &s)
			c.stop(s.StopReason()) // the frontier stopped the crawl for all its processes
			break loop
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

// stopper is an error of a shared frontier saying the crawl was stopped
// for all its processes (redisfrontier.StopError: its page budget is spent).
type stopper interface{ StopReason() string }

// nextLink returns a held link whose host's robots.txt may be asked again
// and whose host is ready, else the frontier's best ready link.
func (c *Crawler) nextLink(ctx context.Context) (crawl.Link, error) {
	if l, ok := c.held.due(c.now(), c.ready); ok {
		return l, nil
	}
	return c.fr.Pop(ctx, c.ready)
}

// refuseQueued checks a popped link against the rules that can apply
// after it was queued: its pattern became a duplicate maze, its host
// served the files of its extension as other than HTML (fileKinds), or
// its host spent its quota (which counts the link when it passes).
func (c *Crawler) refuseQueued(link crawl.Link) (result, bool) {
	rule := ""
	switch {
	case c.dups.blocked(link.URL):
		rule = RuleDuplicatePattern
	case c.files.refuses(link.URL):
		rule = RuleNotHTMLFiles
	case !c.quota.take(crawl.HostKey(link.URL)):
		rule = RuleMaxPagesPerHost
	default:
		return result{}, false
	}
	return refusedResult(link, rule), true
}

// waitEvent waits for a fetch to finish, a poll tick or a stop.
func (c *Crawler) waitEvent(tick <-chan time.Time) {
	select {
	case <-c.wake:
	case <-tick:
	case <-c.stopping:
	}
}

// result is the outcome of processing one link.
type result struct {
	link    crawl.Link
	page    *crawl.Page  // nil on failure or not-modified
	failure *FetchError  // set on failure
	push    []crawl.Link // out-links accepted by the OnURL hooks
	notMod  bool         // a re-visit answered 304 Not Modified
	header  http.Header  // response header of a 304
	stopped bool         // abandoned because the crawl is stopping: stays queued
	// heldUntil is set when the host's robots.txt was unavailable: the
	// link waits in Crawler.held until then, and is not stored.
	heldUntil time.Time
	dup       *duplicate         // the page duplicates an earlier one: stored as a failure of kind "duplicate"
	fp        *crawl.Fingerprint // the page's fingerprint, stored with it (nil without dedup)
	refused   string             // a limit rule refused the link unfetched (failure set too)
	hookErrs  int
}
