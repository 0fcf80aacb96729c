package frontier

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// escapeHosts is how many hosts one starvation escape looks at, and
// escapeRows how many rows it loads per ready host.
const (
	escapeHosts = 256
	escapeRows  = 4
)

// Pop implements Frontier.
func (f *SQLite) Pop(ctx context.Context, ready func(host string) bool) (crawl.Link, error) {
	if err := ctx.Err(); err != nil {
		return crawl.Link{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return crawl.Link{}, ErrClosed
	}
	if f.spill && f.q.len() < f.window/2+1 {
		if err := f.refill(ctx); err != nil {
			return crawl.Link{}, err
		}
	}
	if f.q.len() == 0 {
		return crawl.Link{}, ErrEmpty
	}
	e, ok := f.q.pop(ready)
	if !ok && f.spill {
		// Every host in the window is busy, but hosts outside it may be
		// ready: one host with a million links must not starve the rest.
		if err := f.escape(ctx, ready); err != nil {
			return crawl.Link{}, err
		}
		e, ok = f.q.pop(ready)
	}
	if !ok {
		return crawl.Link{}, ErrNotReady
	}
	delete(f.resident, e.seq)
	f.inflight[e.seq] = e.link.URL
	f.queued--
	if len(f.inflight) >= f.purgeAt {
		if err := f.purge(ctx); err != nil {
			return crawl.Link{}, err
		}
	}
	return e.link, nil
}

// escape loads the best few queued rows of ready hosts that have nothing
// in the window, scanning hosts round-robin. f.mu held.
func (f *SQLite) escape(ctx context.Context, ready func(string) bool) error {
	hosts, err := f.st.FrontierHosts(ctx, f.hostScan, escapeHosts)
	if err != nil {
		return fmt.Errorf("frontier: escape: %w", err)
	}
	if len(hosts) < escapeHosts {
		f.hostScan = ""
	} else {
		f.hostScan = hosts[len(hosts)-1]
	}
	for _, h := range hosts {
		if _, inWindow := f.q.hosts[h]; inWindow || (ready != nil && !ready(h)) {
			continue
		}
		if err := f.loadHost(ctx, h); err != nil {
			return err
		}
	}
	return nil
}

// loadHost loads up to escapeRows queued rows of host that are neither in
// the window nor in flight. f.mu held.
func (f *SQLite) loadHost(ctx context.Context, host string) error {
	cur, loaded := store.FrontierCursor{}, 0
	for loaded < escapeRows {
		rows, err := f.st.FrontierQueued(ctx, host, cur, escapeRows)
		if err != nil {
			return fmt.Errorf("frontier: escape: %w", err)
		}
		for _, r := range rows {
			_, res := f.resident[r.Seq]
			_, fly := f.inflight[r.Seq]
			if !res && !fly {
				f.resident[r.Seq] = struct{}{}
				f.q.push(&entry{link: r.Link, host: r.Host, seq: r.Seq})
				loaded++
			}
		}
		if len(rows) < escapeRows {
			return nil
		}
		last := rows[len(rows)-1]
		cur = store.FrontierCursor{Priority: last.Link.Priority, Seq: last.Seq}
	}
	return nil
}

// purge forgets the in-flight links whose rows are no longer queued
// (saved as done or failed), keeping the in-flight set as small as the
// work really in flight. f.mu held.
func (f *SQLite) purge(ctx context.Context) error {
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

// Len implements Frontier: queued links, in memory or in SQLite.
func (f *SQLite) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.queued
}

// Close implements Frontier. It does not close the store.
func (f *SQLite) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	f.q = newQueues()
	f.resident = map[int64]struct{}{}
	f.inflight = map[int64]string{}
	return nil
}
