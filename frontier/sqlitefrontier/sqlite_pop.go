package sqlitefrontier

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/internal/queue"
	"github.com/crawl-project/crawl/store"
)

// escapeHosts is how many hosts one starvation escape looks at, and
// escapeIdle how long Pop waits before another escape after one found no
// ready host (a few hundred SQLite seeks each; hosts become ready at the
// pace of politeness delays anyway). A Push that adds links ends the wait.
const (
	escapeHosts = 256
	escapeIdle  = 50 * time.Millisecond
	widenStep   = 1024 // rows loaded per widening step
)

// Pop implements frontier.Frontier. The window holds the best queued links, so the
// best ready link in it is the best ready link overall. When no host in
// the window is ready, Pop first widens the window up to twice its size,
// then looks in SQLite at the best link of each ready host outside it
// (escape), so a host with a million links cannot starve the others; with
// up to escapeHosts queued hosts that is exact, beyond it hosts are
// visited round-robin, escapeHosts per Pop.
func (f *Frontier) Pop(ctx context.Context, ready func(host string) bool) (crawl.Link, error) {
	if err := ctx.Err(); err != nil {
		return crawl.Link{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return crawl.Link{}, frontier.ErrClosed
	}
	if err := f.refill(ctx); err != nil {
		return crawl.Link{}, err
	}
	if f.q.Len() == 0 {
		return crawl.Link{}, frontier.ErrEmpty
	}
	e, ok := f.q.Pop(ready)
	if ok {
		delete(f.resident, e.Seq)
	} else if f.spill && !time.Now().Before(f.idleTill) {
		var err error
		if e, err = f.search(ctx, ready); err != nil {
			return crawl.Link{}, err
		}
		ok = e != nil
		if !ok {
			f.idleTill = time.Now().Add(escapeIdle)
		}
	}
	if !ok {
		return crawl.Link{}, frontier.ErrNotReady
	}
	f.inflight[e.Seq] = e.Link.URL
	f.queued--
	if len(f.inflight) >= f.purgeAt {
		if err := f.purge(ctx); err != nil {
			return crawl.Link{}, err
		}
	}
	return e.Link, nil
}

// search looks beyond the window when no host in it is ready: first it
// widens the window, best first, up to twice its size, then it escapes.
// f.mu held.
func (f *Frontier) search(ctx context.Context, ready func(string) bool) (*queue.Entry, error) {
	step := min(f.window, widenStep)
	for f.spill && f.q.Len() < 2*f.window {
		if err := f.loadAfterCut(ctx, step); err != nil {
			return nil, err
		}
		if e, ok := f.q.Pop(ready); ok {
			delete(f.resident, e.Seq)
			return e, nil
		}
	}
	if !f.spill {
		return nil, nil
	}
	return f.escape(ctx, ready)
}

// escape returns the best queued link, outside the window and not in
// flight, among ready hosts that have nothing in the window; nil when there
// is none. f.mu held.
func (f *Frontier) escape(ctx context.Context, ready func(string) bool) (*queue.Entry, error) {
	hosts, err := f.st.FrontierHosts(ctx, f.hostScan, escapeHosts, f.since)
	if err != nil {
		return nil, fmt.Errorf("frontier: escape: %w", err)
	}
	if len(hosts) < escapeHosts {
		f.hostScan = ""
	} else {
		f.hostScan = hosts[len(hosts)-1]
	}
	var best *queue.Entry
	for _, h := range hosts {
		if inWindow := f.q.HasHost(h); inWindow || (ready != nil && !ready(h)) {
			continue
		}
		e, err := f.hostHead(ctx, h)
		if err != nil {
			return nil, err
		}
		if e != nil && (best == nil || queue.Better(e, best)) {
			best = e
		}
	}
	if best != nil && !f.q.WithinMargin(best.Link.Priority) {
		return nil, nil
	}
	return best, nil
}

// hostHead returns the best queued row of host that is neither in the
// window nor in flight, or nil. Every queued row up to the cut is in one
// of the two, so the search starts at the cut. f.mu held.
func (f *Frontier) hostHead(ctx context.Context, host string) (*queue.Entry, error) {
	const page = 8
	cur := f.cut
	for {
		rows, err := f.st.FrontierQueued(ctx, host, cur, page, f.since)
		if err != nil {
			return nil, fmt.Errorf("frontier: escape: %w", err)
		}
		for _, r := range rows {
			_, res := f.resident[r.Seq]
			_, fly := f.inflight[r.Seq]
			if !res && !fly {
				return &queue.Entry{Link: r.Link, Host: r.Host, Seq: r.Seq}, nil
			}
		}
		if len(rows) < page {
			return nil, nil
		}
		last := rows[len(rows)-1]
		cur = store.FrontierCursor{Priority: last.Link.Priority, Seq: last.Seq}
	}
}

// purge forgets the in-flight links whose rows are no longer queued
// (saved as done or failed), keeping the in-flight set as small as the
// work really in flight. f.mu held.
func (f *Frontier) purge(ctx context.Context) error {
	urls := make([]string, 0, len(f.inflight))
	for _, u := range f.inflight {
		urls = append(urls, u)
	}
	still, err := f.st.FrontierQueuedAmong(ctx, urls)
	if err != nil {
		return fmt.Errorf("frontier: purge in-flight: %w", err)
	}
	for seq, u := range f.inflight {
		if !still[u] {
			delete(f.inflight, seq)
		}
	}
	f.purgeAt = max(4096, f.window, 2*len(f.inflight))
	return nil
}

// Len implements frontier.Frontier: queued links, in memory or in SQLite.
func (f *Frontier) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.queued
}

// Close implements frontier.Frontier. It saves the seen filter in the
// store, so the next open need not rebuild it, and the priorities Rescore
// gave the links in memory, so the next run resumes in the rescored order
// (after a crash the stored priorities are the ones the links were pushed
// with); it does not close the store: close the frontier first.
func (f *Frontier) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil
	}
	f.closed = true
	var errs []error
	if f.rescored {
		if err := f.saveRescored(context.Background()); err != nil {
			errs = append(errs, fmt.Errorf("frontier: close: save rescored priorities: %w", err))
		}
	}
	f.bmu.Lock()
	if err := saveSeen(context.Background(), f.st, f.seen); err != nil {
		errs = append(errs, fmt.Errorf("frontier: close: save seen filter: %w", err))
	}
	f.bmu.Unlock()
	f.q = queue.New(0, 0, nil)
	f.resident = map[int64]struct{}{}
	f.inflight = map[int64]string{}
	return errors.Join(errs...)
}

// saveRescored writes the priorities of the links in memory to their
// rows. f.mu held.
func (f *Frontier) saveRescored(ctx context.Context) error {
	seqs := make([]int64, 0, f.q.Len())
	prios := make([]float64, 0, f.q.Len())
	f.q.Each(func(e *queue.Entry) {
		seqs = append(seqs, e.Seq)
		prios = append(prios, e.Link.Priority)
	})
	return f.st.SetFrontierPriorities(ctx, seqs, prios)
}
