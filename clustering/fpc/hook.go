package fpc

import (
	"context"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
)

// Hook is the OnBatch adapter: it extracts the features of the batch's
// pages (those with a DOM), merges them into the clusters and sets
// page.Cluster. The clusters it changed are collected for the caller to
// store with the batch (Rows).
type Hook struct {
	c    *Clusterer
	rows []Row
}

// NewHook returns the batch hook of c.
func NewHook(c *Clusterer) *Hook { return &Hook{c: c} }

// OnBatch implements hooks.BatchHook.
func (h *Hook) OnBatch(ctx context.Context, b *crawl.Batch) error {
	var pages []*crawl.Page
	for _, p := range b.Pages {
		if p.Doc != nil {
			pages = append(pages, p)
		}
	}
	docs := make([]*html.Node, len(pages))
	for i, p := range pages {
		docs[i] = p.Doc
	}
	feats := ExtractAll(docs)
	for i, id := range h.c.AddBatch(feats) {
		pages[i].Cluster = id
	}
	rows, err := h.c.Changed()
	h.rows = append(h.rows, rows...)
	return err
}

// Rows returns and forgets the cluster rows changed by the batches since
// the last call.
func (h *Hook) Rows() []Row {
	r := h.rows
	h.rows = nil
	return r
}
