package crawler

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawl-project/crawl/frontier"
)

// Stats is a snapshot of a running crawl.
type Stats struct {
	Elapsed     time.Duration
	Fetched     int64            // pages fetched and parsed this run
	Stored      int64            // pages stored this run
	Failed      int64            // URLs that failed for good this run
	Errors      map[string]int64 // failures by kind, plus "hook" for hook errors
	NotModified int64            // re-visits answered 304
	Relevant    int64            // pages marked relevant by the topic hooks
	Queued      int              // links waiting in the frontier
	Held        int              // URLs waiting for their host's robots.txt (5xx or unreachable), asked again every Config.RobotsRetry
	InFlight    int64            // HTTP requests sent and not yet answered
	Bytes       int64            // body bytes received
	Batches     int64
	Records     int64
	// BatchWait is how long storing waited for the OnBatch hooks because
	// their queue was full (backpressure); 0 when they kept up.
	BatchWait   time.Duration
	Duplicates  int64            // pages found to duplicate an earlier page of the run (links not followed)
	LinksCapped int64            // pages whose out-links were cut at Config.MaxLinksPerPage
	LinksCut    int64            // links dropped by that cap
	Refused     map[string]int64 // links refused by each limit rule (per host, per URL pattern)
	Sitemaps    int64            // sitemap files read
	SitemapURLs int64            // new URLs they queued
	// SitemapProblems counts sitemap files that failed and entries skipped
	// or whose lastmod was ignored.
	SitemapProblems int64
	// Paused is true while the crawl is paused (Crawler.Pause): no link is
	// taken from the frontier, fetches in flight finish.
	Paused bool
	// Stopping is why the crawl stopped taking links (a Summary.Reason);
	// "" while it takes them. Fetches in flight may still be finishing.
	Stopping string
	// Ended is true once Run has done its work (its last commit made):
	// the run is over, whatever the program does before it exits.
	Ended bool
}

// PagesPerSecond is the fetch rate over the run so far.
func (s Stats) PagesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Fetched) / s.Elapsed.Seconds()
}

// Harvest is relevant pages / fetched pages (0 with no pages).
func (s Stats) Harvest() float64 {
	if s.Fetched == 0 {
		return 0
	}
	return float64(s.Relevant) / float64(s.Fetched)
}

// ErrorSummary formats Errors as "kind=n, …" in a stable order.
func (s Stats) ErrorSummary() string {
	if len(s.Errors) == 0 {
		return "none"
	}
	kinds := make([]string, 0, len(s.Errors))
	for k := range s.Errors {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s=%d", k, s.Errors[k])
	}
	return strings.Join(parts, ", ")
}

type stats struct {
	start           time.Time
	fetched         atomic.Int64
	stored          atomic.Int64 // includes pages stored by earlier runs (for MaxPages)
	storedStart     atomic.Int64 // Stats may be called before Run has read the store
	failed          atomic.Int64
	notMod          atomic.Int64
	relevant        atomic.Int64
	bytes           atomic.Int64
	batches         atomic.Int64
	records         atomic.Int64
	hookErrors      atomic.Int64
	batchWait       atomic.Int64 // nanoseconds
	abandoned       atomic.Int64 // fetches abandoned by a stop: their URLs stay queued
	dups            atomic.Int64
	sitemaps        atomic.Int64
	sitemapURLs     atomic.Int64
	sitemapProblems atomic.Int64
	linksCapped     atomic.Int64
	linksDropped    atomic.Int64

	mu      sync.Mutex
	errors  map[string]int64
	refused map[string]int64
}

func (s *stats) init(now time.Time) {
	s.start = now
	s.errors = make(map[string]int64)
	s.refused = make(map[string]int64)
}

func (s *stats) refuse(rule string, n int64) {
	if n == 0 {
		return
	}
	s.mu.Lock()
	s.refused[rule] += n
	s.mu.Unlock()
}

func (s *stats) record(r result) {
	s.hookErrors.Add(int64(r.hookErrs))
	switch {
	case r.page != nil:
		s.fetched.Add(1)
		s.bytes.Add(int64(r.page.Size))
		if r.page.Relevant {
			s.relevant.Add(1)
		}
	case r.notMod:
		s.notMod.Add(1)
	case r.dup != nil:
		s.dups.Add(1)
	case r.refused != "":
		s.refuse(r.refused, 1)
	case r.failure != nil:
		s.failed.Add(1)
		s.mu.Lock()
		s.errors[r.failure.Kind]++
		s.mu.Unlock()
	}
}

func (c *Crawler) snapshot() Stats {
	s := &c.stats
	s.mu.Lock()
	errs := maps.Clone(s.errors)
	refused := maps.Clone(s.refused)
	s.mu.Unlock()
	if r, ok := c.fr.(frontier.Refuser); ok {
		for k, v := range r.Refused() {
			refused[k] += v
		}
	}
	if h := s.hookErrors.Load(); h > 0 {
		errs["hook"] = h
	}
	return Stats{
		Elapsed: c.now().Sub(s.start), Fetched: s.fetched.Load(),
		Stored: s.stored.Load() - s.storedStart.Load(), Failed: s.failed.Load(), Errors: errs,
		NotModified: s.notMod.Load(), Relevant: s.relevant.Load(), Queued: c.fr.Len(), Held: c.held.len(),
		Bytes: s.bytes.Load(), Batches: s.batches.Load(), Records: s.records.Load(),
		BatchWait:  time.Duration(s.batchWait.Load()),
		Duplicates: s.dups.Load(), LinksCapped: s.linksCapped.Load(), LinksCut: s.linksDropped.Load(),
		Refused: refused, Sitemaps: s.sitemaps.Load(), SitemapURLs: s.sitemapURLs.Load(),
		SitemapProblems: s.sitemapProblems.Load(), Paused: c.Paused(),
		Stopping: c.stoppingReason(), Ended: c.ended.Load(),
	}
}

// stoppingReason is why the crawl stopped taking links; "" before it did.
func (c *Crawler) stoppingReason() string {
	r, _ := c.stopReason.Load().(string)
	return r
}

// Stats returns the current statistics; safe to call while Run runs.
func (c *Crawler) Stats() Stats { return c.snapshot() }

func (c *Crawler) startProgress() (stop func()) {
	if c.progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(c.cfg.ProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				c.progress(c.snapshot())
			case <-done:
				return
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		c.progress(c.snapshot())
	}
}

// Summary is how a crawl ended.
type Summary struct {
	Stats
	Reason        string // frontier-empty, max-pages, hook-stop, interrupted, error
	TotalPages    int    // pages in the store over all runs
	TotalFailures int
	Clusters      int
	TotalRecords  int
	Queued        int // links left in the frontier, fetches abandoned by a stop included
	// Held is how many URLs were left waiting for their host's robots.txt
	// (5xx or unreachable): not stored as failures, they stay queued in a
	// persisted frontier and are fetched by the next run.
	Held int
}

// Interrupted reports whether the crawl was stopped by its context.
func (s Summary) Interrupted() bool { return s.Reason == "interrupted" }

func (c *Crawler) summary(ctx context.Context) (Summary, error) {
	sum := Summary{Stats: c.snapshot()}
	sum.Reason = sum.Stopping
	counts, err := c.st.Counts(ctx)
	if err != nil {
		return sum, fmt.Errorf("crawler: summary: %w", err)
	}
	sum.TotalPages = int(counts.Pages)
	sum.TotalFailures = int(counts.Failures)
	sum.Clusters = int(counts.Clusters)
	sum.TotalRecords = int(counts.Records)
	sum.Queued = c.fr.Len() + int(c.stats.abandoned.Load())
	sum.Held = c.held.len()
	return sum, nil
}
