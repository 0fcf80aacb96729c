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
type Hook struct {
	ce    *ClusterExtractor
	log   *slog.Logger
	stats HookStats
}

// HookStats counts what a Hook did over all its batches.
type HookStats struct {
	Lists   int            // pages with records
	None    int            // pages without (not lists of records)
	Records int            // records extracted
	Failed  map[string]int // failed pages by FailureKind
}

// HookOption configures NewHook.
type HookOption func(*Hook)

// WithHookLogger sets where failed pages are logged (default slog.Default()).
func WithHookLogger(l *slog.Logger) HookOption { return func(h *Hook) { h.log = l } }

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

// OnBatch implements hooks.BatchHook.
func (h *Hook) OnBatch(ctx context.Context, b *crawl.Batch) error {
	var pages []Page
	for _, p := range b.Pages {
		if p != nil && p.Doc != nil {
			pages = append(pages, Page{Cluster: p.Cluster, URL: p.URL, Doc: p.Doc})
		}
	}
	recs, errs := h.ce.ExtractBatch(ctx, pages, runtime.GOMAXPROCS(0))
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, err := range errs {
		if err != nil {
			kind := FailureKind(err)
			h.stats.Failed[kind]++
			h.log.Warn("record extraction failed", "url", pages[i].URL, "kind", kind, "err", err)
			continue
		}
		if len(recs[i]) == 0 {
			h.stats.None++
		} else {
			h.stats.Lists++
			h.stats.Records += len(recs[i])
		}
		b.Records = append(b.Records, recs[i]...)
	}
	return nil
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
