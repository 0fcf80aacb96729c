package sqlitefrontier

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/bits-and-blooms/bloom/v3"
	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/internal/queue"
	"github.com/crawl-project/crawl/store"
)

// Frontier is the persisted backend (a frontier.Frontier). Every pushed link is a frontier row in
// the store when Push returns; the row stays queued until
// store.SaveResults marks its URL done or failed, so after a crash every
// link popped but not saved is popped again by the next run.
//
// Memory stays bounded however large the frontier grows: only a window of
// about frontier.Config.Window of the best queued links is held in memory (refilled
// from SQLite, best first, when it runs low), plus the links in flight and
// a Bloom filter of seen URLs whose positives are confirmed in SQLite.
type Frontier struct {
	st     *store.Store
	rules  *frontier.Rules
	limit  *frontier.Limiter
	window int
	since  int64 // frontier.Config.Since: queued rows at or below it are not this run's

	mu       sync.Mutex
	q        *queue.Queues        // the window, per-host back queues
	resident map[int64]struct{}   // seqs in q
	inflight map[int64]string     // popped, maybe not saved yet: seq → URL
	purgeAt  int                  // in-flight size that triggers a purge
	spill    bool                 // queued rows may exist in SQLite that are not in q
	cut      store.FrontierCursor // when spill: every queued row not in q nor in flight comes after cut
	queued   int                  // queued links, popped ones excluded
	hostScan string               // where the starvation escape continues its host scan
	idleTill time.Time            // no escape before this: the last one found no ready host
	closed   bool
	rescored bool // Rescore changed window priorities: they no longer match the stored ones

	bmu    sync.Mutex
	seen   *bloom.BloomFilter
	recent *queue.Recent // guarded by bmu
}

// New opens the frontier persisted in st: it loads the seen filter
// saved by the last Close (or rebuilds it from every frontier row after a
// crash) and the best queued rows. The caller keeps ownership of st; Close
// does not close it.
func New(ctx context.Context, st *store.Store, cfg frontier.Config) (*Frontier, error) {
	cfg = withDefaults(cfg)
	rules, err := cfg.Scope.Compile()
	if err != nil {
		return nil, err
	}
	queued, total, err := st.FrontierStats(ctx, cfg.Since)
	if err != nil {
		return nil, fmt.Errorf("frontier: open: %w", err)
	}
	n := max(cfg.ExpectedURLs, 2*uint(total))
	seen, err := loadSeen(ctx, st, total, n, cfg.FalsePositiveRate)
	if err != nil {
		return nil, err
	}
	f := &Frontier{
		st: st, rules: rules, limit: frontier.NewLimiter(cfg.Limits), window: cfg.Window, since: cfg.Since,
		q: queue.New(cfg.FocusMargin, cfg.FocusWait, cfg.Clock), resident: map[int64]struct{}{}, inflight: map[int64]string{},
		purgeAt: max(4096, cfg.Window), spill: true, queued: int(queued),
		seen: seen, recent: queue.NewRecent(queue.DefaultRecent),
	}
	if err := f.recount(ctx, total, cfg.Limits); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.refill(ctx); err != nil {
		return nil, err
	}
	return f, nil
}

// after reports whether e comes after c in best-first order.
func after(e *queue.Entry, c store.FrontierCursor) bool {
	if c.Seq == 0 {
		return true
	}
	if e.Link.Priority != c.Priority {
		return e.Link.Priority < c.Priority
	}
	return e.Seq > c.Seq
}

// Push implements frontier.Frontier. The new links are in SQLite when it returns.
func (f *Frontier) Push(ctx context.Context, links []crawl.Link) (int, error) {
	return f.PushWith(ctx, links, func(entries []crawl.FrontierEntry) (int, error) {
		if len(entries) == 0 {
			return 0, nil
		}
		return f.st.AddFrontier(ctx, entries)
	})
}

// PushWith is Push with the insertion of the new rows left to save, which
// must insert them as store.AddFrontier does (setting each queue.Entry's Seq) and
// is called exactly once, with no entries when every link was seen before.
// The engine uses it to store the links in the same transaction as the
// pages they were found on (store.SaveFetched).
func (f *Frontier) PushWith(ctx context.Context, links []crawl.Link, save func([]crawl.FrontierEntry) (int, error)) (int, error) {
	f.mu.Lock()
	closed := f.closed
	f.mu.Unlock()
	if closed {
		return 0, frontier.ErrClosed
	}
	cands := f.candidates(links)
	if len(cands) > 0 {
		if err := f.dropKnown(ctx, &cands); err != nil {
			return 0, err
		}
		cands = f.limited(cands)
	}
	added, err := save(cands)
	if err != nil {
		return 0, fmt.Errorf("frontier: push: %w", err)
	}
	if len(cands) == 0 {
		return 0, nil
	}
	f.bmu.Lock()
	for _, c := range cands {
		f.seen.AddString(c.Link.URL)
		f.recent.Add(c.Link.URL)
	}
	f.bmu.Unlock()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return added, nil
	}
	if added > 0 {
		f.idleTill = time.Time{} // new hosts may be ready
	}
	for _, c := range cands {
		if c.Seq == 0 {
			continue
		}
		f.queued++
		f.admit(&queue.Entry{Link: c.Link, Host: c.Host, Seq: c.Seq})
	}
	if f.q.Len() > 2*f.window {
		f.trim()
	}
	return added, nil
}

// candidates returns the links in scope, once each, marked by the Bloom
// filter: Seq -1 means "maybe seen", to be checked in SQLite.
func (f *Frontier) candidates(links []crawl.Link) []crawl.FrontierEntry {
	out := make([]crawl.FrontierEntry, 0, len(links))
	batch := make(map[string]struct{}, len(links))
	f.bmu.Lock()
	defer f.bmu.Unlock()
	for _, l := range links {
		if !f.rules.Allows(l) {
			continue
		}
		if _, dup := batch[l.URL]; dup {
			continue
		}
		batch[l.URL] = struct{}{}
		l.Priority = queue.CleanPriority(l.Priority)
		l.Tags = append([]string(nil), l.Tags...)
		e := crawl.FrontierEntry{Host: crawl.HostKey(l.URL), Link: l}
		if f.seen.TestString(l.URL) {
			if f.recent.Has(l.URL) {
				continue // confirmed seen not long ago
			}
			e.Seq = -1
		}
		out = append(out, e)
	}
	return out
}

// dropKnown removes the Bloom positives that SQLite confirms as seen.
func (f *Frontier) dropKnown(ctx context.Context, cands *[]crawl.FrontierEntry) error {
	var maybe []string
	for _, c := range *cands {
		if c.Seq == -1 {
			maybe = append(maybe, c.Link.URL)
		}
	}
	if len(maybe) == 0 {
		return nil
	}
	known, err := f.st.FrontierKnown(ctx, maybe)
	if err != nil {
		return fmt.Errorf("frontier: push: %w", err)
	}
	keep := (*cands)[:0]
	i := 0
	f.bmu.Lock()
	defer f.bmu.Unlock()
	for _, c := range *cands {
		if c.Seq == -1 {
			k := known[i]
			i++
			if k {
				f.recent.Add(c.Link.URL)
				continue
			}
		}
		c.Seq = 0
		keep = append(keep, c)
	}
	*cands = keep
	return nil
}

// recount counts every frontier row (every URL an earlier run admitted)
// in the Limits' sketches, so that a resumed crawl (killed or stopped)
// keeps its counts: without it each run could admit the caps again.
func (f *Frontier) recount(ctx context.Context, rows int64, l frontier.Limits) error {
	if rows == 0 || (l.MaxQueryVariants <= 0 && l.MaxURLsPerPattern <= 0) {
		return nil
	}
	err := f.st.FrontierURLs(ctx, func(u string) error {
		f.limit.Count(u)
		return nil
	})
	if err != nil {
		return fmt.Errorf("frontier: open: count limits: %w", err)
	}
	return nil
}

// limited removes the new links the Limits refuse.
func (f *Frontier) limited(cands []crawl.FrontierEntry) []crawl.FrontierEntry {
	keep := cands[:0]
	for _, c := range cands {
		if f.limit.Admit(c.Link.URL) {
			keep = append(keep, c)
		}
	}
	return keep
}

// Queues implements frontier.Novelty: in scope and not in the seen filter
// (whose false positives say no to a link never seen).
func (f *Frontier) Queues(l crawl.Link) bool {
	f.bmu.Lock()
	seen := f.seen.TestString(l.URL)
	f.bmu.Unlock()
	return !seen && f.rules.Allows(l) // the filter first: it is the cheaper test
}

// Drops implements frontier.Dropper from memory, as Push's first look
// does: a link is dropped when the scope refuses it, or when the seen
// filter holds its URL and that URL was confirmed seen not long ago
// (pushed, or found in SQLite, by a recent Push); a filter positive not
// confirmed lately is reported not dropped (Push would ask SQLite), which
// is never wrong, only less useful.
func (f *Frontier) Drops(ctx context.Context, links []crawl.Link, drops []bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.mu.Lock()
	closed := f.closed
	f.mu.Unlock()
	if closed {
		return frontier.ErrClosed
	}
	f.bmu.Lock()
	defer f.bmu.Unlock()
	for i := range links {
		u := links[i].URL // the map first: the filter hashes k times
		drops[i] = f.recent.Has(u) && f.seen.TestString(u) || !f.rules.Allows(links[i])
	}
	return nil
}

// Best implements frontier.Novelty: the best priority of the window,
// which holds the best queued rows (those after the cut are worse).
func (f *Frontier) Best() (float64, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.q.Best()
}

// Refused implements Refuser.
func (f *Frontier) Refused() map[string]int64 { return f.limit.Refused() }

// admit puts a queued queue.Entry into the window when it belongs there: always
// when nothing spilled, else only when it sorts before the cut. f.mu held.
func (f *Frontier) admit(e *queue.Entry) {
	if _, ok := f.resident[e.Seq]; ok {
		return
	}
	if _, ok := f.inflight[e.Seq]; ok {
		return
	}
	if f.spill && after(e, f.cut) {
		return
	}
	f.resident[e.Seq] = struct{}{}
	f.q.Push(e)
}

// trim shrinks the window to its best f.window entries; the others stay
// queued in SQLite, after the new cut. f.mu held.
func (f *Frontier) trim() {
	all := f.q.Drain()
	keep := all[:f.window]
	for _, e := range all[f.window:] {
		delete(f.resident, e.Seq)
	}
	last := keep[len(keep)-1]
	f.cut = store.FrontierCursor{Priority: last.Link.Priority, Seq: last.Seq}
	if f.rescored {
		// The dropped entries' stored priorities are not the ones they
		// were sorted by: only the start of the stored order is a safe cut.
		f.cut = store.FrontierCursor{}
	}
	f.spill = true
	for _, e := range keep {
		f.q.Push(e)
	}
}

// refill loads the best queued rows after the cut until the window is at
// least half full or nothing is left after the cut. f.mu held.
func (f *Frontier) refill(ctx context.Context) error {
	for f.spill && f.q.Len() <= f.window/2 {
		if err := f.loadAfterCut(ctx, f.window-f.q.Len()); err != nil {
			return err
		}
	}
	return nil
}

// loadAfterCut loads the next limit queued rows after the cut into the
// window and advances the cut past them. Rows in flight are skipped (they
// stay queued in SQLite until saved). f.mu held.
func (f *Frontier) loadAfterCut(ctx context.Context, limit int) error {
	rows, err := f.st.FrontierQueued(ctx, "", f.cut, limit, f.since)
	if err != nil {
		return fmt.Errorf("frontier: refill: %w", err)
	}
	for _, r := range rows {
		_, res := f.resident[r.Seq]
		_, fly := f.inflight[r.Seq]
		if !res && !fly {
			f.resident[r.Seq] = struct{}{}
			f.q.Push(&queue.Entry{Link: r.Link, Host: r.Host, Seq: r.Seq})
		}
	}
	if len(rows) < limit {
		f.spill = false
		f.cut = store.FrontierCursor{}
		return nil
	}
	last := rows[len(rows)-1]
	f.cut = store.FrontierCursor{Priority: last.Link.Priority, Seq: last.Seq}
	return nil
}

// withDefaults fills the zero fields of c this backend reads.
func withDefaults(c frontier.Config) frontier.Config {
	if c.Window <= 0 {
		c.Window = frontier.DefaultWindow
	}
	if c.ExpectedURLs == 0 {
		c.ExpectedURLs = frontier.DefaultExpectedURLs
	}
	if c.FalsePositiveRate <= 0 || c.FalsePositiveRate >= 1 {
		c.FalsePositiveRate = frontier.DefaultFalsePositiveRate
	}
	return c
}
