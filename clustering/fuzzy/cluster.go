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
	paper      bool    // Config.Paper: Assignments and TopWords count singletons as topics
	maxPages   int     // unless paper: the topic size cap of CutCapped (0: none)
	cohesive   float64 // Config.Cohesive
	ids        []int64
	words      []string // word of each matrix column
	topN       int
	topics     []Topic
}

// Cluster extracts the feature words of docs, weighs them by tag (and,
// unless cfg.Paper, corrects them per site: site.go), builds the maximum
// spanning forest of their max-min similarities and cuts it at
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
	c := newCorpus(cfg, o.tok)
	seen := make(map[int64]bool, len(docs))
	for _, d := range docs {
		if seen[d.ID] {
			return nil, fmt.Errorf("%w: %d", ErrDuplicateID, d.ID)
		}
		seen[d.ID] = true
		c.put(d)
	}
	return c.cluster(ctx, cfg)
}

// corpus accumulates pages: the raw title (its site's template is only
// known at the end), the keyword and description words interned.
type corpus struct {
	w     [8]float64
	tok   Tokenizer
	vocab map[string]int32
	words []string
	ids   []int64
	index map[int64]int // id → row
	pages []pageWords
	hosts map[string]int32
}

// pageWords is one page as the corpus keeps it.
type pageWords struct {
	host     int32 // -1: none
	title    string
	kw, desc []int32 // distinct word columns
}

func newCorpus(cfg Config, tok Tokenizer) *corpus {
	return &corpus{w: cfg.weights(), tok: tok, vocab: map[string]int32{}, index: map[int64]int{}, hosts: map[string]int32{}}
}

// intern returns the column of word, adding it.
func (c *corpus) intern(word string) int32 {
	col, ok := c.vocab[word]
	if !ok {
		col = int32(len(c.words))
		c.vocab[word] = col
		c.words = append(c.words, word)
	}
	return col
}

// put adds page d, replacing an earlier page with the same id.
func (c *corpus) put(d Doc) {
	tw := Extract(c.tok, Doc{Keywords: d.Keywords, Description: d.Description})
	p := pageWords{host: -1, title: d.Title}
	if d.Host != "" {
		h, ok := c.hosts[d.Host]
		if !ok {
			h = int32(len(c.hosts))
			c.hosts[d.Host] = h
		}
		p.host = h
	}
	for _, w := range tw.Keywords {
		p.kw = append(p.kw, c.intern(w))
	}
	for _, w := range tw.Description {
		p.desc = append(p.desc, c.intern(w))
	}
	if i, ok := c.index[d.ID]; ok {
		c.pages[i] = p
		return
	}
	c.index[d.ID] = len(c.ids)
	c.ids = append(c.ids, d.ID)
	c.pages = append(c.pages, p)
}

func (c *corpus) cluster(ctx context.Context, cfg Config) (*Result, error) {
	rows := c.rows(cfg)
	m := &Matrix{ptr: make([]int, 1, len(rows)+1)}
	for _, row := range rows {
		m.appendRow(row)
	}
	d, err := Span(ctx, m, cfg.Workers)
	if err != nil {
		return nil, err
	}
	r := &Result{Matrix: m, Dendrogram: d, Threshold: cfg.Threshold, paper: cfg.Paper, cohesive: cfg.Cohesive,
		ids: slices.Clone(c.ids), words: slices.Clone(c.words), topN: cfg.TopWords}
	if !cfg.Paper && len(rows) >= cfg.SiteMinPages {
		r.maxPages = int(cfg.MaxTopicShare * float64(len(rows)))
	}
	r.topics = r.At(cfg.Threshold)
	return r, nil
}

// rows returns each page's weighted words sorted by column: titles
// tokenised (without their site's template and kind words, siteTitles),
// tag weights, and the in-site document frequency correction of site.go
// unless cfg.Paper.
func (c *corpus) rows(cfg Config) [][]Entry {
	size := make([]int, len(c.hosts))
	for _, p := range c.pages {
		if p.host >= 0 {
			size[p.host]++
		}
	}
	site := func(h int32) bool { return !cfg.Paper && h >= 0 && size[h] >= minSitePages }
	titles := c.siteTitles(cfg, site)
	rows := make([][]Entry, len(c.pages))
	tags := map[int32]Tags{}
	kind := map[int32]bool{}
	for i, p := range c.pages {
		clear(tags)
		for _, w := range titles[i].words {
			tags[c.intern(w)] |= InTitle
		}
		clear(kind)
		for _, w := range titles[i].kind { // the page's kind, not its subject, in every tag
			if col, ok := c.vocab[w]; ok && tags[col] == 0 {
				kind[col] = true
			}
		}
		for _, col := range p.kw {
			if !kind[col] {
				tags[col] |= InKeywords
			}
		}
		for _, col := range p.desc {
			if !kind[col] {
				tags[col] |= InDescription
			}
		}
		row := make([]Entry, 0, len(tags))
		for col, t := range tags {
			if c.w[t] > 0 {
				row = append(row, Entry{Col: col, Weight: c.w[t]})
			}
		}
		slices.SortFunc(row, func(a, b Entry) int { return cmp.Compare(a.Col, b.Col) })
		rows[i] = row
	}
	if !cfg.Paper {
		c.weighDF(rows, size, site, cfg)
	}
	return rows
}

// weighDF scales each word of a site's pages by commonFactor of the share
// of that site's pages it occurs on, dropping words that reach zero.
func (c *corpus) weighDF(rows [][]Entry, size []int, site func(int32) bool, cfg Config) {
	df := make([]map[int32]int, len(size))
	for i, p := range c.pages {
		if !site(p.host) {
			continue
		}
		if df[p.host] == nil {
			df[p.host] = map[int32]int{}
		}
		for _, e := range rows[i] {
			df[p.host][e.Col]++
		}
	}
	for i, p := range c.pages {
		if !site(p.host) {
			continue
		}
		from, to := commonRamp(size[p.host], cfg)
		out := rows[i][:0]
		for _, e := range rows[i] {
			share := float64(df[p.host][e.Col]) / float64(size[p.host])
			if f := commonFactor(share, from, to); f > 0 {
				out = append(out, Entry{Col: e.Col, Weight: e.Weight * f})
			}
		}
		rows[i] = out
	}
}

// IDs returns the page IDs in matrix row order (the input order).
func (r *Result) IDs() []int64 { return slices.Clone(r.ids) }

// Word returns the word of matrix column col.
func (r *Result) Word(col int32) string { return r.words[col] }

// Topics returns the topics at r.Threshold.
func (r *Result) Topics() []Topic { return r.topics }

// At returns the topics when the dendrogram is cut at level threshold
// instead, numbered and described the same way (and capped as Topics are,
// see Config.MaxTopicShare).
func (r *Result) At(threshold float64) []Topic {
	clusters := r.Dendrogram.Cut(threshold)
	if r.maxPages > 0 {
		clusters = r.Dendrogram.CutCapped(threshold, r.maxPages, r.cohesive)
	}
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

// Grouped returns the topics of at least two pages at r.Threshold,
// numbered 1, 2, … in the order of their first page, and the pages left
// alone (unclustered), in input order.
func (r *Result) Grouped() (topics []Topic, unclustered []int64) {
	for _, t := range r.topics {
		if len(t.Pages) < 2 {
			unclustered = append(unclustered, t.Pages...)
			continue
		}
		t.ID = int64(len(topics) + 1)
		topics = append(topics, t)
	}
	return topics, unclustered
}

// reported is what Assignments and TopWords report: Topics with
// Config.Paper, else the Grouped topics (unclustered pages have none).
func (r *Result) reported() []Topic {
	if r.paper {
		return r.topics
	}
	t, _ := r.Grouped()
	return t
}

// Assignments returns the topic ID of every page ID at r.Threshold: with
// Config.Paper every page's topic as in Topics; otherwise the pages of the
// Grouped topics with those topics' IDs (unclustered pages are absent).
func (r *Result) Assignments() map[int64]int64 {
	out := make(map[int64]int64, len(r.ids))
	for _, t := range r.reported() {
		for _, id := range t.Pages {
			out[id] = t.ID
		}
	}
	return out
}

// TopWords returns the describing words of every topic ID of Assignments.
func (r *Result) TopWords() map[int64][]string {
	out := make(map[int64][]string, len(r.topics))
	for _, t := range r.reported() {
		out[t.ID] = t.Words
	}
	return out
}
