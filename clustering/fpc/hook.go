package fpc

import (
	"context"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/hooks"
)

// Hook is the OnBatch adapter: it extracts the features of the batch's
// pages (those with a DOM), merges them into the clusters and sets
// page.Cluster. The clusters it changed are collected for the caller to
// store with the batch (Rows).
//
// With WithFinalPass, the hook keeps every page's features (a few KB a
// page) and the final batch reclusters all of them in canonical order
// (Clusterer.Recluster), so that the partition does not depend on the
// fetch order; the pages of earlier batches whose cluster changed are
// reported by Moves, the clusters dropped by Removed.
//
// With WithPageFeatures the hook is a page hook too: OnPage extracts the
// page's features in the fetch worker and keeps them with the page
// (crawl.Page.Keep), and OnBatch needs no DOM (BatchNeeds), so the engine
// lets each page's DOM go right after OnPage.
type Hook struct {
	c        *Clusterer
	rows     []Row
	final    int // batch size of the final pass; 0: no final pass
	maxPages int // the final pass keeps at most this many pages' features
	skipped  bool
	seen     []seenPage
	moves    map[int64]int64
	onPage   bool // WithPageFeatures
}

// featuresKey is the crawl.Page.Keep key of a page's features.
type featuresKey struct{}

// seenPage is a page the final pass will recluster.
type seenPage struct {
	seq     int64
	cluster int64
	f       *Features
}

// HookOption configures a Hook.
type HookOption func(*Hook)

// WithFinalPass turns on the canonical reclustering of every page at the
// final batch, in batches of batch pages (the crawl's batch size keeps the
// incremental algorithm's behaviour). Features take 4.5–9.3 KB a page
// (measured on the PostgreSQL and Python docs); beyond maxPages pages the
// hook drops them and skips the final pass (FinalPassSkipped), keeping the
// incremental partition.
func WithFinalPass(batch, maxPages int) HookOption {
	return func(h *Hook) { h.final, h.maxPages = max(1, batch), max(1, maxPages) }
}

// WithPageFeatures makes the hook extract each page's features in OnPage
// (it must then be added to the crawl as a page hook as well as a batch
// hook): OnBatch reads them from the page, not its DOM.
func WithPageFeatures() HookOption { return func(h *Hook) { h.onPage = true } }

// OnPage implements hooks.PageHook: it keeps the features of the page's
// DOM with the page for OnBatch.
func (h *Hook) OnPage(_ context.Context, p *crawl.Page) error {
	if p.Doc != nil {
		p.Keep(featuresKey{}, Extract(p.Doc))
	}
	return nil
}

// BatchNeeds implements hooks.NeedsDeclarer: the DOM, unless
// WithPageFeatures.
func (h *Hook) BatchNeeds() hooks.Needs { return hooks.Needs{DOM: !h.onPage} }

// FinalPassSkipped reports whether the final pass was given up because
// the crawl had more than its maxPages pages.
func (h *Hook) FinalPassSkipped() bool { return h.skipped }

// keep retains a page for the final pass, or gives the pass up past
// maxPages.
func (h *Hook) keep(p seenPage) {
	if h.final == 0 || h.skipped {
		return
	}
	if len(h.seen) >= h.maxPages {
		h.skipped, h.seen = true, nil
		return
	}
	h.seen = append(h.seen, p)
}

// NewHook returns the batch hook of c.
func NewHook(c *Clusterer, opts ...HookOption) *Hook {
	h := &Hook{c: c}
	for _, o := range opts {
		o(h)
	}
	return h
}

// Seed gives the final pass a page clustered by an earlier run (its store
// sequence number, stored cluster and features), before the first batch.
func (h *Hook) Seed(seq, cluster int64, f *Features) {
	h.keep(seenPage{seq: seq, cluster: cluster, f: f})
}

// OnBatch implements hooks.BatchHook.
func (h *Hook) OnBatch(ctx context.Context, b *crawl.Batch) error {
	var pages []*crawl.Page
	var feats []*Features
	var docs []*html.Node // pages without kept features
	var at []int
	for _, p := range b.Pages {
		f, _ := p.Kept(featuresKey{}).(*Features)
		if f == nil && p.Doc == nil {
			continue
		}
		if f == nil {
			docs, at = append(docs, p.Doc), append(at, len(feats))
		}
		pages, feats = append(pages, p), append(feats, f)
	}
	for i, f := range ExtractAll(docs) {
		feats[at[i]] = f
	}
	for i, id := range h.c.AddBatch(feats) {
		pages[i].Cluster = id
		h.keep(seenPage{seq: pages[i].Seq, cluster: id, f: feats[i]})
	}
	if b.Final && h.final > 0 && !h.skipped {
		h.recluster(pages)
	}
	rows, err := h.c.Changed()
	h.rows = append(h.rows, rows...)
	return err
}

// recluster is the final pass: the last len(batch) seen pages are the
// final batch's, which take their new cluster directly; earlier pages
// that change cluster are recorded as moves.
func (h *Hook) recluster(batch []*crawl.Page) {
	feats := make([]*Features, len(h.seen))
	prev := make([]int64, len(h.seen))
	for i, s := range h.seen {
		feats[i], prev[i] = s.f, s.cluster
	}
	ids := h.c.Recluster(feats, prev, h.final)
	first := len(h.seen) - len(batch)
	if h.moves == nil {
		h.moves = map[int64]int64{}
	}
	for i, id := range ids {
		if i >= first {
			batch[i-first].Cluster = id
		} else if id != prev[i] {
			h.moves[h.seen[i].seq] = id
		}
		h.seen[i].cluster = id
	}
}

// Rows returns and forgets the cluster rows changed by the batches since
// the last call.
func (h *Hook) Rows() []Row {
	r := h.rows
	h.rows = nil
	return r
}

// Moves returns and forgets the pages of earlier batches the final pass
// moved: store sequence number → new cluster.
func (h *Hook) Moves() map[int64]int64 {
	m := h.moves
	h.moves = nil
	return m
}

// Removed returns and forgets the clusters the final pass dropped (no page
// is in them any more).
func (h *Hook) Removed() []int64 { return h.c.Removed() }
