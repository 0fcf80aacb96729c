package fuzzy

import (
	"cmp"
	"context"
	"sync"

	"github.com/crawl-project/crawl"
)

// Hook is the crawl's topic grouping as a hooks.BatchHook. Each batch adds
// its pages' weighted feature words (title, keywords, description; pages
// are identified by Page.Seq, a re-run batch replaces its pages). On the
// final batch it clusters every page seen and sets Page.Topic on the pages
// of that batch; the topics of earlier batches' pages are in Assignments,
// for the caller to persist (store.SaveTopics). Memory is linear in the
// number of distinct (page, word) pairs plus each page's raw title (its
// site's template is only known at the end); no other page text is kept.
//
// Pages are tagged with their host (crawl.HostKey of the final URL) for the site
// corrections (site.go). Topic IDs are numbered 1, 2, … in the order of
// each topic's first page; they are not stable between runs over different
// page sets. Unless Config.Paper, a page alone in its topic is unclustered:
// its topic is 0 and it is not counted as a topic (Result.Grouped).
type Hook struct {
	cfg Config
	tok Tokenizer

	mu     sync.Mutex
	c      *corpus
	result *Result
}

// NewHook returns a Hook for cfg (see Config for the defaults).
func NewHook(cfg Config, opts ...Option) (*Hook, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	o, err := buildOptions(opts)
	if err != nil {
		return nil, err
	}
	return &Hook{cfg: cfg, tok: o.tok, c: newCorpus(cfg, o.tok)}, nil
}

// Add adds pages that are not coming through OnBatch, such as the pages
// already stored by an earlier, interrupted run being continued. A page
// with an ID seen before replaces it.
func (h *Hook) Add(docs ...Doc) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, d := range docs {
		h.c.put(d)
	}
}

// OnBatch implements hooks.BatchHook.
func (h *Hook) OnBatch(ctx context.Context, b *crawl.Batch) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range b.Pages {
		h.c.put(Doc{ID: p.Seq, Host: crawl.HostKey(cmp.Or(p.FinalURL, p.URL)), Title: p.Title, Keywords: p.Keywords, Description: p.Description})
	}
	if !b.Final {
		return nil
	}
	r, err := h.clusterLocked(ctx)
	if err != nil {
		return err
	}
	topic := r.Assignments()
	for _, p := range b.Pages {
		p.Topic = topic[p.Seq]
	}
	return nil
}

// Cluster clusters every page seen so far, without waiting for the final
// batch (for a crawl that ended without one), and keeps the result for
// Result, Assignments and TopWords.
func (h *Hook) Cluster(ctx context.Context) (*Result, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.clusterLocked(ctx)
}

func (h *Hook) clusterLocked(ctx context.Context) (*Result, error) {
	r, err := h.c.cluster(ctx, h.cfg)
	if err != nil {
		return nil, err
	}
	h.result = r
	return r, nil
}

// Result returns the latest clustering (of the final batch or Cluster), or
// nil before it.
func (h *Hook) Result() *Result {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.result
}

// Assignments returns the topic of every page clustered (page Seq → topic
// ID) by the latest clustering, or nil before it.
func (h *Hook) Assignments() map[int64]int64 {
	if r := h.Result(); r != nil {
		return r.Assignments()
	}
	return nil
}

// TopWords returns the describing words of every topic of the latest
// clustering, or nil before it.
func (h *Hook) TopWords() map[int64][]string {
	if r := h.Result(); r != nil {
		return r.TopWords()
	}
	return nil
}
