package crawler

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// writer is the single goroutine that stores results. For each group of
// results it first pushes the accepted out-links (durable in the frontier),
// then stores the pages and failures and marks their URLs done, in one
// transaction. A crash between the two steps only means the group's pages
// are fetched again on resume; no stored page is lost or stored twice.
// Stored pages are collected into batches for the OnBatch hooks, which run
// on a second goroutine so fetching goes on meanwhile (one batch at a time,
// Config.BatchQueue more waiting; only a full queue holds storing back).
type writer struct {
	c       *Crawler
	results chan result
	pending atomic.Int64 // links popped whose results are not stored yet

	batchSeq   int64
	batch      []*crawl.Page
	batchBytes int64 // bodies of batch, as received (Page.Size)
	batches    chan *crawl.Batch
	done       chan struct{}
	batchWG    sync.WaitGroup

	errMu sync.Mutex
	err   error
}

// newWriter sizes the result stream to hold a commit group (at least two
// results a worker): the workers go on fetching while the writer waits for
// the store's write connection (a batch being stored, a hook's write) and
// wait only when that much is waiting.
func (c *Crawler) newWriter(lastBatch int64, unbatched []*crawl.Page) *writer {
	return &writer{
		c: c, results: make(chan result, max(c.cfg.Workers*2, c.cfg.CommitEvery)),
		batchSeq: lastBatch, batch: unbatched,
		batches: make(chan *crawl.Batch, c.cfg.BatchQueue), done: make(chan struct{}),
	}
}

func (w *writer) fail(err error) {
	w.errMu.Lock()
	w.err = errors.Join(w.err, err)
	w.errMu.Unlock()
}

func (w *writer) start(ctx context.Context) {
	w.batchWG.Add(1)
	go w.runBatches(ctx)
	go w.run(ctx)
}

// finish closes the result stream, waits for the last commit and the last
// batch (marked Final), and returns the first store error.
func (w *writer) finish(ctx context.Context) error {
	close(w.results)
	<-w.done
	w.batchWG.Wait()
	w.errMu.Lock()
	defer w.errMu.Unlock()
	return w.err
}

func (w *writer) run(ctx context.Context) {
	defer close(w.done)
	group := make([]result, 0, w.c.cfg.CommitEvery)
	open := true
	for open {
		r, ok := <-w.results
		if !ok {
			break
		}
		group = append(group[:0], r)
		group, open = w.gather(group)
		w.commit(ctx, group)
	}
	if f := w.c.pagesStored; f != nil && w.ok() {
		f()
	}
	w.emitBatch(true)
	close(w.batches)
}

// ok reports whether no store write has failed so far.
func (w *writer) ok() bool {
	w.errMu.Lock()
	defer w.errMu.Unlock()
	return w.err == nil
}

// gather adds results to group until it holds CommitEvery, CommitWait has
// passed, the scheduler is starving for links, or the group holds a new
// out-link that would be dispatched before the queued ones (better; then
// the group is stored at once, with the results already waiting (ready),
// so its out-links reach the frontier: in a best-first crawl, holding them
// back would send the workers to worse links). Bigger groups mean fewer,
// cheaper transactions: a commit costs the store about 1.5 ms of CPU
// however few its pages (the pages of every table and index it touches
// are written again). It reports false when the stream has ended.
func (w *writer) gather(group []result) ([]result, bool) {
	select {
	case <-w.c.hungry: // a stale signal must not cut this group short
	default:
	}
	if len(group) > 0 && w.better(group[len(group)-1]) {
		return w.ready(group)
	}
	wait := time.NewTimer(w.c.cfg.CommitWait)
	defer wait.Stop()
	for len(group) < w.c.cfg.CommitEvery {
		select {
		case r, ok := <-w.results:
			if !ok {
				return group, false
			}
			group = append(group, r)
			if w.better(r) {
				return w.ready(group)
			}
		case <-w.c.hungry:
			return group, true
		case <-wait.C:
			return group, true
		}
	}
	return group, true
}

// ready adds to group the results already waiting, up to CommitEvery,
// without waiting for more: they cost the commit little and a commit of
// their own later. It reports false when the stream has ended.
func (w *writer) ready(group []result) ([]result, bool) {
	for len(group) < w.c.cfg.CommitEvery {
		select {
		case r, ok := <-w.results:
			if !ok {
				return group, false
			}
			group = append(group, r)
		default:
			return group, true
		}
	}
	return group, true
}

// better reports whether r brings a link the frontier would queue (new,
// in scope) of higher priority than the link the scheduler dispatched last
// or than the best link still queued (which goes next): such a link would
// be dispatched before what is queued, so the group is stored at once. A
// link the frontier has seen (or would drop as out of scope) changes
// nothing it serves; counting it, as the rule did first, made nearly every
// page a commit of its own on sites whose every page links the same
// high-priority pages (navigation, a topic's seed pages). A frontier that
// does not say (no frontier.Novelty) has every link above the one
// dispatched last count, but those it said it drops
// (crawl.Link.FrontierDrops, whose priority the hooks may not have
// computed). A link the crawler refuses unfetched (crawl.Link.Refused)
// never counts: dispatched first, it would only be refused. README.md has
// the figures.
func (w *writer) better(r result) bool {
	bar := math.Float64frombits(w.c.dispatched.Load())
	nov, _ := w.c.fr.(frontier.Novelty)
	if nov == nil {
		for i := range r.push {
			if !r.push[i].FrontierDrops && !r.push[i].Refused && r.push[i].Priority > bar {
				return true
			}
		}
		return false
	}
	if best, ok := nov.Best(); !ok {
		bar = math.Inf(-1) // nothing queued: any new link goes next
	} else if best < bar {
		bar = best
	}
	for i := range r.push {
		l := &r.push[i] // Queues says no to a link the frontier drops
		if !l.FrontierDrops && !l.Refused && l.Priority > bar && nov.Queues(*l) {
			return true
		}
	}
	return false
}

// commit stores one group of results.
func (w *writer) commit(ctx context.Context, group []result) {
	defer func() {
		w.pending.Add(-int64(len(group)))
		w.c.signal()
	}()
	var push []crawl.Link
	var pages, revisited []*crawl.Page
	var failures []crawl.Failure
	var notMod []result
	for _, r := range group {
		switch {
		case r.stopped:
			w.c.stats.abandoned.Add(1) // still queued in the store
			w.c.quota.giveBack(crawl.HostKey(r.link.URL))
			continue
		case !r.heldUntil.IsZero():
			w.c.held.add(r.link, r.heldUntil)
			w.c.quota.giveBack(crawl.HostKey(r.link.URL)) // taken again when dispatched again
			continue
		case r.page != nil && w.c.isRevisit(r.page.URL):
			revisited = append(revisited, r.page)
			push = append(push, r.push...)
		case r.notMod:
			notMod = append(notMod, r)
		case r.page != nil:
			r.page.Seq = w.c.seq.Add(1)
			pages = append(pages, r.page)
			push = append(push, r.push...)
		case r.dup != nil:
			failures = append(failures, crawl.Failure{
				URL: r.link.URL, Parent: r.link.Parent, Depth: r.link.Depth,
				Kind: "duplicate", Status: http.StatusOK, Message: r.dup.Error(), At: w.c.now(),
			})
		case r.failure != nil:
			failures = append(failures, crawl.Failure{
				URL: r.link.URL, Parent: r.link.Parent, Depth: r.link.Depth,
				Kind: r.failure.Kind, Status: r.failure.Status, Message: r.failure.Error(), At: w.c.now(),
				Attempts: r.failure.Attempts,
			})
		}
		w.c.stats.record(r)
	}
	push, n := w.c.dups.filter(push)
	w.c.stats.refuse(RuleDuplicatePattern, int64(n))
	push, n = w.c.quota.filter(push)
	w.c.stats.refuse(RuleMaxPagesPerHost, int64(n))
	if err := w.store(ctx, push, pages, failures); err != nil {
		w.storeFailed(err)
		return
	}
	w.c.stats.stored.Add(int64(len(pages)))
	if err := w.saveFingerprints(ctx, group); err != nil {
		w.storeFailed(err)
		return
	}
	if err := w.saveRevisits(ctx, revisited, notMod); err != nil {
		w.storeFailed(err)
		return
	}
	if err := w.settle(ctx, group); err != nil {
		w.storeFailed(err)
		return
	}
	for _, p := range append(pages, revisited...) {
		if !w.c.keepHTML {
			p.HTML = nil // stored; no batch hook needs it
		}
		w.batch = append(w.batch, p)
		w.batchBytes += int64(p.Size)
		if len(w.batch) >= w.c.cfg.BatchSize || w.batchBytes >= w.c.cfg.BatchBytes {
			w.emitBatch(false)
		}
	}
}

// txPusher is a frontier that can leave the insertion of its new rows to
// the store write of the results (sqlitefrontier.Frontier), and fetchedSaver a
// store that writes both in one transaction (store.Store): one commit per
// group instead of two. Other backends take the two-step path.
type txPusher interface {
	PushWith(ctx context.Context, links []crawl.Link, save func([]crawl.FrontierEntry) (int, error)) (int, error)
}

type fetchedSaver interface {
	SaveFetched(ctx context.Context, entries []crawl.FrontierEntry, pages []*crawl.Page, failures []crawl.Failure) (int, error)
}

// store pushes the out-links and stores the results: links first, so a
// crash in between only means the pages are fetched again.
func (w *writer) store(ctx context.Context, push []crawl.Link, pages []*crawl.Page, failures []crawl.Failure) error {
	tp, ok1 := w.c.fr.(txPusher)
	fs, ok2 := w.c.st.(fetchedSaver)
	if ok1 && ok2 {
		_, err := tp.PushWith(ctx, push, func(e []crawl.FrontierEntry) (int, error) {
			return fs.SaveFetched(ctx, e, pages, failures)
		})
		if err != nil {
			return fmt.Errorf("crawler: store results: %w", err)
		}
		return nil
	}
	if len(push) > 0 {
		if _, err := w.c.fr.Push(ctx, push); err != nil {
			return fmt.Errorf("crawler: push links: %w", err)
		}
	}
	if err := w.c.st.SaveResults(ctx, pages, failures); err != nil {
		return fmt.Errorf("crawler: store results: %w", err)
	}
	return nil
}

// settler is a frontier whose popped links stay leased until their results
// are stored (redisfrontier.Frontier, shared by many processes): the writer
// settles them after each commit, so a process that dies before a commit
// loses only the fetches, whose links are re-issued.
type settler interface {
	Settle(ctx context.Context, pages, failures []string) error
}

// settle ends the leases of the group's stored results: pages, and
// failures of any kind (held and abandoned links stay leased; the frontier
// gives them back when it is closed).
func (w *writer) settle(ctx context.Context, group []result) error {
	s, ok := w.c.fr.(settler)
	if !ok {
		return nil
	}
	var pages, failures []string
	for _, r := range group {
		switch {
		case r.stopped || !r.heldUntil.IsZero():
		case r.page != nil && !w.c.isRevisit(r.link.URL): // a re-visit stores no new page
			pages = append(pages, r.link.URL)
		default:
			failures = append(failures, r.link.URL)
		}
	}
	if err := s.Settle(ctx, pages, failures); err != nil {
		return fmt.Errorf("crawler: %w", err)
	}
	return nil
}

// saveFingerprints stores the fingerprints of the group's new pages, after
// the pages (a crash in between only means a duplicate of them in a later
// run is not recognised).
func (w *writer) saveFingerprints(ctx context.Context, group []result) error {
	fs, ok := w.c.st.(fingerprintStore)
	if !ok {
		return nil
	}
	var fps []crawl.Fingerprint
	for _, r := range group {
		if r.page != nil && r.fp != nil && !r.stopped {
			fps = append(fps, *r.fp)
		}
	}
	if err := fs.SaveFingerprints(ctx, fps); err != nil {
		return fmt.Errorf("crawler: %w", err)
	}
	return nil
}

// saveRevisits stores re-fetched pages in place (they keep their seq and
// go through the batch hooks again) and the validators of 304 answers.
func (w *writer) saveRevisits(ctx context.Context, pages []*crawl.Page, notMod []result) error {
	for _, p := range pages {
		if err := w.c.st.UpdatePage(ctx, p); err != nil {
			return fmt.Errorf("crawler: store re-visit of %s: %w", p.URL, err)
		}
	}
	for _, r := range notMod {
		old := w.c.revisits[r.link.URL]
		etag, lm := r.header.Get("ETag"), r.header.Get("Last-Modified")
		if etag == "" {
			etag = old.ETag
		}
		if lm == "" {
			lm = old.LastModified
		}
		if err := w.c.st.SetValidators(ctx, r.link.URL, etag, lm); err != nil {
			return fmt.Errorf("crawler: store 304 of %s: %w", r.link.URL, err)
		}
	}
	return nil
}

// storeFailed records a store error and stops the crawl: without the store
// nothing fetched can be kept.
func (w *writer) storeFailed(err error) {
	w.c.log.Error("store failed; stopping", "err", err)
	w.fail(err)
	w.c.stop("error")
}

func (w *writer) emitBatch(final bool) {
	if len(w.batch) == 0 && !final {
		return
	}
	w.batchSeq++
	b := &crawl.Batch{Seq: w.batchSeq, Pages: w.batch, Final: final}
	w.batch, w.batchBytes = nil, 0
	select {
	case w.batches <- b:
	default: // the queue is full: backpressure, counted
		start := time.Now()
		w.batches <- b
		w.c.stats.batchWait.Add(int64(time.Since(start)))
	}
}

// runBatches runs the batch hooks and stores each batch, one at a time.
func (w *writer) runBatches(ctx context.Context) {
	defer w.batchWG.Done()
	for b := range w.batches {
		if err := w.c.chain.RunBatch(ctx, b); err != nil {
			w.c.stats.hookErrors.Add(int64(w.c.hookError("OnBatch", fmt.Sprintf("batch %d", b.Seq), err)))
		}
		if err := w.c.saveBatch(ctx, b); err != nil {
			w.storeFailed(fmt.Errorf("crawler: store batch %d: %w", b.Seq, err))
			continue
		}
		w.c.stats.batches.Add(1)
		w.c.stats.records.Add(int64(len(b.Records)))
		for _, p := range b.Pages {
			p.Doc, p.HTML = nil, nil // let the DOM go: the batch is stored
		}
	}
}
