package fuzzy

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
)

// Option injects a collaborator into Cluster or NewHook.
type Option func(*options)

type options struct {
	tok Tokenizer
}

// WithTokenizer sets the tokeniser for titles, keyword phrases and
// descriptions. Without it the shared text tokeniser (language "auto", no
// stemming) is used.
func WithTokenizer(t Tokenizer) Option { return func(o *options) { o.tok = t } }

func buildOptions(opts []Option) (options, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	if o.tok == nil {
		t, err := defaultTokenizer()
		if err != nil {
			return o, fmt.Errorf("fuzzy: default tokenizer: %w", err)
		}
		o.tok = t
	}
	return o, nil
}

// ErrDuplicateID is returned when two pages share an ID.
var ErrDuplicateID = errors.New("fuzzy: duplicate page id")

// Topic is one cluster at the cut level.
type Topic struct {
	ID    int64    // 1, 2, … in the order of the topic's first page
	Pages []int64  // page IDs, in input order
	Words []string // the words with the highest summed weight over the pages
}

// Result is a clustering: the weight matrix, its dendrogram and the topics
// at the configured level. It is immutable and safe for concurrent use.
type Result struct {
	Matrix     *Matrix
	Dendrogram *Dendrogram
	Threshold  float64 // the cut level r of Topics
	ids        []int64
	words      []string // word of each matrix column
	topN       int
	topics     []Topic
}

// Cluster extracts the feature words of docs, weighs them by tag, builds
// the maximum spanning forest of their max-min similarities and cuts it at
// cfg.Threshold. Pages are identified by Doc.ID, which must be unique.
func Cluster(ctx context.Context, docs []Doc, cfg Config, opts ...Option) (*Result, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	o, err := buildOptions(opts)
	if err != nil {
		return nil, err
	}
	c := newCorpus(cfg)
	seen := make(map[int64]bool, len(docs))
	for _, d := range docs {
		if seen[d.ID] {
			return nil, fmt.Errorf("%w: %d", ErrDuplicateID, d.ID)
		}
		seen[d.ID] = true
		c.put(d.ID, Extract(o.tok, d))
	}
	return c.cluster(ctx, cfg)
}

// corpus accumulates pages' weighted feature words with interned words.
type corpus struct {
	w     [8]float64
	vocab map[string]int32
	words []string
	ids   []int64
	index map[int64]int // id → row
	rows  [][]Entry     // sorted by column
}

func newCorpus(cfg Config) *corpus {
	return &corpus{w: cfg.weights(), vocab: map[string]int32{}, index: map[int64]int{}}
}

// put adds page id with its tag words, replacing an earlier page with the
// same id.
func (c *corpus) put(id int64, tw TagWords) {
	fs := features(tw, c.w)
	row := make([]Entry, len(fs))
	for k, f := range fs {
		col, ok := c.vocab[f.Word]
		if !ok {
			col = int32(len(c.words))
			c.vocab[f.Word] = col
			c.words = append(c.words, f.Word)
		}
		row[k] = Entry{Col: col, Weight: f.Weight}
	}
	slices.SortFunc(row, func(a, b Entry) int { return cmp.Compare(a.Col, b.Col) })
	if i, ok := c.index[id]; ok {
		c.rows[i] = row
		return
	}
	c.index[id] = len(c.ids)
	c.ids = append(c.ids, id)
	c.rows = append(c.rows, row)
}

func (c *corpus) cluster(ctx context.Context, cfg Config) (*Result, error) {
	m := &Matrix{ptr: make([]int, 1, len(c.rows)+1)}
	for _, row := range c.rows {
		m.appendRow(row)
	}
	d, err := Span(ctx, m, cfg.Workers)
	if err != nil {
		return nil, err
	}
	r := &Result{Matrix: m, Dendrogram: d, Threshold: cfg.Threshold,
		ids: slices.Clone(c.ids), words: slices.Clone(c.words), topN: cfg.TopWords}
	r.topics = r.At(cfg.Threshold)
	return r, nil
}

// IDs returns the page IDs in matrix row order (the input order).
func (r *Result) IDs() []int64 { return slices.Clone(r.ids) }

// Word returns the word of matrix column col.
func (r *Result) Word(col int32) string { return r.words[col] }

// Topics returns the topics at r.Threshold.
func (r *Result) Topics() []Topic { return r.topics }

// At returns the topics when the dendrogram is cut at level threshold
// instead, numbered and described the same way.
func (r *Result) At(threshold float64) []Topic {
	clusters := r.Dendrogram.Cut(threshold)
	topics := make([]Topic, len(clusters))
	scratch := make([]float64, len(r.words))
	for k, rows := range clusters {
		t := Topic{ID: int64(k + 1), Pages: make([]int64, len(rows))}
		for i, row := range rows {
			t.Pages[i] = r.ids[row]
		}
		t.Words = r.topWords(rows, scratch)
		topics[k] = t
	}
	return topics
}

// topWords returns the r.topN words with the highest weight summed over
// rows, ties by word; scratch has one zero entry per column and is left zero.
func (r *Result) topWords(rows []int, scratch []float64) []string {
	var cols []int32
	for _, row := range rows {
		cs, ws := r.Matrix.Row(row)
		for k, c := range cs {
			if scratch[c] == 0 {
				cols = append(cols, c)
			}
			scratch[c] += ws[k]
		}
	}
	slices.SortFunc(cols, func(a, b int32) int {
		if c := cmp.Compare(scratch[b], scratch[a]); c != 0 {
			return c
		}
		return cmp.Compare(r.words[a], r.words[b])
	})
	out := make([]string, 0, min(r.topN, len(cols)))
	for _, c := range cols[:min(r.topN, len(cols))] {
		out = append(out, r.words[c])
	}
	for _, c := range cols {
		scratch[c] = 0
	}
	return out
}

// Assignments returns the topic ID of every page ID at r.Threshold.
func (r *Result) Assignments() map[int64]int64 {
	out := make(map[int64]int64, len(r.ids))
	for _, t := range r.topics {
		for _, id := range t.Pages {
			out[id] = t.ID
		}
	}
	return out
}

// TopWords returns the describing words of every topic ID at r.Threshold.
func (r *Result) TopWords() map[int64][]string {
	out := make(map[int64][]string, len(r.topics))
	for _, t := range r.topics {
		out[t.ID] = t.Words
	}
	return out
}
