package extraction

import (
	"context"
	"errors"
	"log/slog"
	"runtime"

	"github.com/crawl-project/crawl"
)

// Hook is record extraction as an OnBatch hook (the built-in's and a user
// program's alike): for every page of a batch with a DOM it appends the
// page's records to batch.Records, keyed by page.URL. Pages of a template
// cluster (page.Cluster != 0, so the clustering hook must run before this
// one) share the cluster's learned region and schema; pages with Cluster 0
// are extracted on their own with Cluster 0, since an unclustered list page
// still has records (pages without repeated structure yield none). The
// pages are analysed on GOMAXPROCS goroutines (ExtractBatch).
//
// A page whose extraction fails (too large, a panic, no document) is
// logged and counted by kind (HookStats.Failed) and the other pages go on;
// only a cancelled ctx ends OnBatch with an error. The engine never
// overlaps OnBatch calls, and Stats must not be called during one; ce may
// still be shared with other goroutines since it locks per cluster.
//
// With WithPageAnalysis the hook is a page hook too: OnPage analyses the
// page in the fetch worker (ClusterExtractor.Prepare) and keeps the result
// with the page (crawl.Page.Keep), OnBatch only names the records along
// their clusters' columns (Finish), and the hook needs no DOM in OnBatch
// (NeedsDOM), so the engine lets each page's DOM go right after OnPage.
//
// With WithPageFilter only the pages the filter accepts are extracted; the
// others are counted in HookStats.Skipped.
type Hook struct {
	ce     *ClusterExtractor
	log    *slog.Logger
	stats  HookStats
	onPage bool                   // WithPageAnalysis
	keep   func(*crawl.Page) bool // WithPageFilter; nil: every page
}

// preparedKey is the crawl.Page.Keep key of a page's Prepared, or of
// skipped{} when the filter turned the page down in OnPage.
type preparedKey struct{}

// skipped marks a page OnPage did not analyse (WithPageFilter), so that
// OnBatch counts it by OnPage's decision even if a later hook changed the
// fields the filter reads.
type skipped struct{}

// HookStats counts what a Hook did over all its batches.
type HookStats struct {
	Lists   int            // pages with records
	None    int            // pages without (not lists of records)
	Records int            // records extracted
	Skipped int            // pages the filter turned down (WithPageFilter)
	Failed  map[string]int // failed pages by FailureKind
}

// HookOption configures NewHook.
type HookOption func(*Hook)

// WithHookLogger sets where failed pages are logged (default slog.Default()).
func WithHookLogger(l *slog.Logger) HookOption { return func(h *Hook) { h.log = l } }

// WithPageAnalysis makes the hook analyse each page in OnPage (it must
// then be added to the crawl as a page hook as well as a batch hook). Its
// records are those of the page on its own (paper 004's per-page path):
// the region a cluster learned is not tried first as ExtractBatch does,
// since a page's cluster is known only in OnBatch; columns are still named
// per cluster.
func WithPageAnalysis() HookOption { return func(h *Hook) { h.onPage = true } }

// WithPageFilter extracts only the pages keep returns true for (the
// crawl's built-in passes the topic's judgement, crawl.Page.Relevant, in
// a focused crawl); the others yield no records and are counted in
// HookStats.Skipped. keep reads the page as the hooks before this one left
// it: with WithPageAnalysis in OnPage, else in OnBatch.
func WithPageFilter(keep func(*crawl.Page) bool) HookOption {
	return func(h *Hook) { h.keep = keep }
}

// NewHook returns the batch hook of ce.
func NewHook(ce *ClusterExtractor, opts ...HookOption) *Hook {
	h := &Hook{ce: ce, log: slog.Default(), stats: HookStats{Failed: map[string]int{}}}
	for _, o := range opts {
		o(h)
	}
	return h
}

// FailureKind names the kind of a page's extraction error: "too-large",
// "panic" or "error".
func FailureKind(err error) string {
	switch {
	case errors.Is(err, ErrTooLarge):
		return "too-large"
	case errors.Is(err, ErrPanic):
		return "panic"
	}
	return "error"
}

// OnPage implements hooks.PageHook: with WithPageAnalysis it keeps the
// analysis of the page's DOM with the page for OnBatch. A page whose
// extraction fails is counted in OnBatch; OnPage itself never fails.
func (h *Hook) OnPage(ctx context.Context, p *crawl.Page) error {
	switch {
	case !h.onPage || p.Doc == nil:
	case h.keep != nil && !h.keep(p):
		p.Keep(preparedKey{}, skipped{})
	default:
		p.Keep(preparedKey{}, h.ce.Prepare(ctx, p.URL, p.Doc))
	}
	return nil
}

// NeedsDOM reports whether OnBatch reads the pages' DOM: unless
// WithPageAnalysis (an engine's hooks.NeedsDeclarer answers with it).
func (h *Hook) NeedsDOM() bool { return !h.onPage }

// OnBatch implements hooks.BatchHook. Pages analysed in OnPage are named
// in batch order; the others with a DOM are extracted by ExtractBatch
// after them.
func (h *Hook) OnBatch(ctx context.Context, b *crawl.Batch) error {
	var pages []Page
	for _, p := range b.Pages {
		if p == nil {
			continue
		}
		switch pr := p.Kept(preparedKey{}).(type) {
		case *Prepared:
			recs, err := h.ce.Finish(p.Cluster, p.URL, pr)
			h.count(b, p.URL, recs, err)
		case skipped:
			h.stats.Skipped++
		default:
			switch {
			case p.Doc == nil:
			case h.keep != nil && !h.keep(p):
				h.stats.Skipped++
			default:
				pages = append(pages, Page{Cluster: p.Cluster, URL: p.URL, Doc: p.Doc})
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(pages) == 0 {
		return nil
	}
	recs, errs := h.ce.ExtractBatch(ctx, pages, runtime.GOMAXPROCS(0))
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, err := range errs {
		h.count(b, pages[i].URL, recs[i], err)
	}
	return nil
}

// count adds a page's records to the batch and to the stats, or logs and
// counts its failure.
func (h *Hook) count(b *crawl.Batch, url string, recs []crawl.Record, err error) {
	if err != nil {
		kind := FailureKind(err)
		h.stats.Failed[kind]++
		h.log.Warn("record extraction failed", "url", url, "kind", kind, "err", err)
		return
	}
	if len(recs) == 0 {
		h.stats.None++
	} else {
		h.stats.Lists++
		h.stats.Records += len(recs)
	}
	b.Records = append(b.Records, recs...)
}

// Stats returns what the hook did so far (Failed is a copy).
func (h *Hook) Stats() HookStats {
	s := h.stats
	s.Failed = make(map[string]int, len(h.stats.Failed))
	for k, v := range h.stats.Failed {
		s.Failed[k] = v
	}
	return s
}
