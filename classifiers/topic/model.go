package topic

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
)

// Strategies of a focused crawl.
const (
	StrategyBFS       = "bfs"        // breadth-first: every link priority 0, so the frontier is FIFO
	StrategyBestFirst = "best-first" // static centroid (seed pages, or trained from a corpus)
	StrategyAdaptive  = "adaptive"   // the paper's adaptive centroid
	// StrategyLearned is our extension, the default: an online link model
	// trained during the crawl on the pages it fetched (see Hook), with the
	// adaptive centroid as its cold start.
	StrategyLearned = "learned"
)

// Config tunes a topic model and its hooks. The zero Config is valid: every
// zero field takes the default given in its comment.
type Config struct {
	Strategy string // bfs, best-first, adaptive (the paper's) or learned (our extension); default learned
	// Terms is how many feature terms are kept: the most frequent terms of
	// the seed pages after stop-word removal (or, for a corpus, the terms
	// most associated with the topic). Default 300.
	Terms int
	// Relevance, when set, is the cosine to the seed centroid from which a
	// page counts as relevant (harvest rate, and the label the learned link
	// model trains on): an explicit override of the calibration. 0 (the
	// default): calibrated from the seed pages, see Calibration.
	Relevance float64
	// Calibration sets the relevance threshold when Relevance is 0:
	// relevance is then the cosine over every word of a page, TF-IDF with
	// the IDF over the pages seen, to the seed pages' mean (relevance.go),
	// and the threshold is Calibration × the mean of the median over the
	// seed pages of each one's cosine to the mean of the others
	// (leave-one-out) in that space and the valley of a two-component
	// mixture fitted to the pages seen (mixture.go). Default
	// DefaultCalibration.
	Calibration float64
	// ThresholdRule is how the threshold is calibrated when Relevance is
	// 0 (dominance.go): ThresholdSeedsMixture (the default: the mean of the
	// seeds' median leave-one-out cosine and the pages seen's mixture
	// valley) or ThresholdTopical (the same, lowered to the lower tail of
	// the pages seen in a crawl that is the topic).
	ThresholdRule string
	// Update is the cosine to some seed page above which a fetched page is
	// folded into the centroid (adaptive). Default 0.4 (chosen with
	// DriftFloor on the demo site's business, tech, politics and
	// entertainment topics; see internal/harvest).
	Update float64
	// DriftFloor is the drift guard: an update is rejected when it would
	// bring the cosine between the current centroid and the seed centroid
	// below DriftFloor. Default 0.9; a negative value disables the guard.
	DriftFloor float64
	Language   string // tokeniser language (text.Config.Language); default auto
	Stem       bool   // Snowball English stemming
	// MinSeedPages: a feature term must occur in at least this many seed
	// pages. Default 2 when there are 3 seed pages or more, else 1.
	MinSeedPages int
	// LinkContext is the weight of a link's own context in its priority,
	// an extension over the paper (Pant and Srinivasan's link-context
	// focused crawling): priority = (1−LinkContext)·(the page's score) +
	// LinkContext·(cosine of the link's context to the same centroid),
	// where the context is the anchor text (and, with URLWords, the words
	// of the link's URL path). 0 (the default) is the paper's priority: every out-link of a page
	// gets the page's score. Ignored by bfs.
	LinkContext float64
	// URLWords, an extension over the paper, makes the words of a page's
	// URL path part of its text, for the seed pages (so the section words
	// of the seed URLs can become features) and for every fetched page
	// alike, and puts the link URL's path words in the link context. Off
	// by default (the paper reads the page content only).
	URLWords bool
	// Retrain is how many fetched pages pass between two trainings of the
	// learned strategy's link model, until a tenth of the pages seen is
	// more: then a training waits for a tenth more pages (as the relevance
	// space's refresh, every 10 pages first). Default DefaultRetrain.
	Retrain int
	// FixedRefresh keeps the relevance space's refresh every 10 pages and
	// the link model's training every Retrain pages for the whole crawl
	// (the method before README's Session 8, whose refreshes, each over
	// every page seen, cost the square of the crawl's pages).
	FixedRefresh bool
	// LinkLabels is what the learned strategy learns from the pages it
	// fetches (our extension): LabelsBinary (the fourth round's method of
	// internal/linkgraph: a page reached through a link is a positive or
	// negative example by the relevance threshold) or LabelsSoft (the
	// example's label is the page's relevance share, continuous, and a
	// link's priority also counts its anchor and URL words by how often
	// the fetched pages holding them were relevant: wordevidence.go).
	// Default DefaultLinkLabels.
	LinkLabels string
	// ContentBytes is how much of a page's content the model reads: its
	// first ContentBytes bytes (contentPrefix: the walk of the page stops
	// there, the hub-like test is made on what was walked), for the seed
	// pages and the fetched pages alike. Default DefaultContentBytes; a
	// negative value reads the whole content, the paper's extract_content
	// (the method before README's Session 9).
	ContentBytes int
}

// DefaultContentBytes is Config.ContentBytes' default: the text the link
// graphs of internal/linkgraph keep of a documentation page, on which
// the method was tuned (README, Session 9).
const DefaultContentBytes = 3000

// Link labels of the learned strategy (Config.LinkLabels).
const (
	LabelsBinary = "binary"
	LabelsSoft   = "soft"
	// DefaultLinkLabels is Config.LinkLabels' default.
	DefaultLinkLabels = LabelsBinary
)

func (c *Config) fill() {
	if c.Strategy == "" {
		c.Strategy = StrategyLearned
	}
	if c.Retrain == 0 {
		c.Retrain = DefaultRetrain
	}
	if c.LinkLabels == "" {
		c.LinkLabels = DefaultLinkLabels
	}
	if c.Terms == 0 {
		c.Terms = 300
	}
	if c.Calibration == 0 {
		c.Calibration = DefaultCalibration
	}
	if c.ThresholdRule == "" {
		c.ThresholdRule = DefaultThresholdRule
	}
	if c.Update == 0 {
		c.Update = 0.4
	}
	if c.DriftFloor == 0 {
		c.DriftFloor = 0.9
	}
	if c.Language == "" {
		c.Language = text.LangAuto
	}
	if c.ContentBytes == 0 {
		c.ContentBytes = DefaultContentBytes
	}
}

// Validate reports the fields of c (defaults filled in) that cannot be used.
func (c Config) Validate() error {
	c.fill()
	var errs []error
	if !slices.Contains([]string{StrategyBFS, StrategyBestFirst, StrategyAdaptive, StrategyLearned}, c.Strategy) {
		errs = append(errs, fmt.Errorf("topic: Strategy %q is unknown (want bfs, best-first, adaptive or learned)", c.Strategy))
	}
	if c.LinkLabels != LabelsBinary && c.LinkLabels != LabelsSoft {
		errs = append(errs, fmt.Errorf("topic: LinkLabels %q is unknown (want binary or soft)", c.LinkLabels))
	}
	if c.Retrain < 0 {
		errs = append(errs, fmt.Errorf("topic: Retrain %d is negative", c.Retrain))
	}
	if c.Terms < 0 {
		errs = append(errs, fmt.Errorf("topic: Terms %d is negative", c.Terms))
	}
	unit := func(name string, v float64) {
		if v < 0 || v > 1 {
			errs = append(errs, fmt.Errorf("topic: %s %v is outside [0, 1]", name, v))
		}
	}
	unit("Relevance", c.Relevance)
	if !slices.Contains(ThresholdRules(), c.ThresholdRule) {
		errs = append(errs, fmt.Errorf("topic: ThresholdRule %q is unknown (want one of %v)", c.ThresholdRule, ThresholdRules()))
	}
	if c.Calibration < 0 || c.Calibration > 2 {
		errs = append(errs, fmt.Errorf("topic: Calibration %v is outside [0, 2]", c.Calibration))
	}
	unit("Update", c.Update)
	unit("LinkContext", c.LinkContext)
	if c.DriftFloor > 1 {
		errs = append(errs, fmt.Errorf("topic: DriftFloor %v is above 1", c.DriftFloor))
	}
	return errors.Join(errs...)
}

// SeedPage is one fetched seed page handed to NewFromPages.
type SeedPage struct {
	URL  string     // the seed's URL (final URL after redirects, if any)
	Doc  *html.Node // the parsed page; its content is ExtractContent(Doc)
	Text string     // the content to use when Doc is nil
}

// Model is a topic centroid in a feature space of a few hundred terms.
// It keeps the seed centroid fixed (for relevance and as the drift anchor)
// and a current centroid that Update moves. A Model is safe for concurrent
// use: scoring is lock-free, updates are serialised.
type Model struct {
	cfg   Config
	tok   *text.Tokenizer
	scan  *text.Tokenizer // tok keeping stop words: they are never features, so scoring skips that lookup
	stops *termTable      // tok's stop words (isStopWord)
	terms []string
	idf   []float64 // nil for TF weights
	pool  sync.Pool // *scratch

	seedURLs map[string]bool
	seeds    [][]float64 // dense unit vectors of the seed pages
	anchor   []float64   // the seed (or trained) centroid
	anchorN  float64     // its norm

	threshold float64   // TF relevance threshold (calibrate); scales the link priorities
	loo       []float64 // the seed pages' leave-one-out cosines
	seedWords []bag     // the seed pages' words, hashed (relevance)
	seedOwn   []bag     // each seed page's own words (seedown.go), empty when all are its own
	halves    []bag     // one seed page: its words' first and second halves (splitHalf), else none
	seedIdx   seedIndex // where they sit among each other (relevance.go)
	bg        background
	rel       atomic.Pointer[relSpace]

	mu       sync.Mutex // serialises updates
	cur      atomic.Pointer[centroid]
	rejected atomic.Int64

	share    StatsSharer     // ShareStatsWith (sharestats.go); nil: this process alone
	relShare RelevanceSharer // share's, when it shares relevance (sharerel.go)
	hist     RelHist         // with relShare: the crawl's pages seen's relevance
}

// centroid is an immutable snapshot of the current centroid.
type centroid struct {
	c       []float64
	norm    float64
	updates int
}

// ErrNoSeedText is NewFromPages' error when none of the seed pages has
// any text to make a topic of.
var ErrNoSeedText = errors.New("topic: no seed page text")

// NewFromPages builds the paper's topic model from the seed pages: the
// content of each page (ExtractContent; its first Config.ContentBytes) is tokenised, the Terms most
// frequent terms over all seed pages (among those found in at least
// MinSeedPages of them) become the features, each page becomes a TF vector
// over them, normalised to unit length so that a long page does not
// outweigh a short one, and their mean is the centroid.
// Pages without any term are ignored; at least one must remain
// (ErrNoSeedText otherwise).
func NewFromPages(cfg Config, pages []SeedPage) (*Model, error) {
	m, err := newModel(cfg)
	if err != nil {
		return nil, err
	}
	if len(pages) == 0 {
		return nil, errors.New("topic: no seed pages")
	}
	docs := make([][]string, 0, len(pages))
	var words [][]string // each page's words, stop words kept (relevance)
	for _, p := range pages {
		content := contentPrefix(p.Doc, p.Text, m.cfg.ContentBytes)
		if m.cfg.URLWords {
			content = withURLWords(content, p.URL)
		}
		if toks := m.tok.Tokens(content); len(toks) > 0 {
			docs = append(docs, toks)
			words = append(words, m.scan.Tokens(content))
			m.seedURLs[p.URL] = true
		}
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("%w: none of the %d seed pages has any", ErrNoSeedText, len(pages))
	}
	m.setFeatures(seedFeatures(docs, m.cfg.Terms, m.cfg.MinSeedPages))
	sum := make([]float64, len(m.terms))
	own := ownWords(words)
	for k, d := range docs {
		v := m.vectorOfTokens(d)
		m.seedWords = append(m.seedWords, bagOf(wordIDs(words[k])))
		m.seedOwn = append(m.seedOwn, bagOf(wordIDs(own[k])))
		if v.Len() == 0 {
			continue
		}
		dv := v.dense(len(m.terms))
		m.seeds = append(m.seeds, dv)
		for i, x := range dv {
			sum[i] += x
		}
	}
	for i := range sum {
		sum[i] /= float64(len(m.seeds))
	}
	if len(words) == 1 && len(words[0]) >= 2 {
		half := len(words[0]) / 2
		m.halves = []bag{bagOf(wordIDs(words[0][:half])), bagOf(wordIDs(words[0][half:]))}
	}
	m.setAnchor(sum)
	m.calibrate()
	m.initRelevance()
	return m, nil
}

func newModel(cfg Config) (*Model, error) {
	cfg.fill()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	tcfg := text.Config{Language: cfg.Language, Stem: cfg.Stem}
	tok, err := text.New(tcfg)
	if err != nil {
		return nil, fmt.Errorf("topic: %w", err)
	}
	tcfg.KeepStopWords = true
	scan, err := text.New(tcfg)
	if err != nil {
		return nil, fmt.Errorf("topic: %w", err)
	}
	stops, err := text.StopWords(cfg.Language)
	if err != nil {
		return nil, fmt.Errorf("topic: %w", err)
	}
	return &Model{cfg: cfg, tok: tok, scan: scan, stops: newTermTable(stops), seedURLs: map[string]bool{}}, nil
}

// isStopWord is tok.IsStopWord(t) (linkText's test of every word of a
// new link): a probe of a table keyed by the term's wordHash, which for
// most terms finds an empty slot, where the stop-word map hashed and
// compared the term in a map lookup.
func (m *Model) isStopWord(t string) bool {
	_, ok := m.stops.find(t, wordHash(t))
	return ok
}

// setFeatures fixes the feature terms.
func (m *Model) setFeatures(terms []string) {
	m.terms = terms
	table := newTermTable(terms)
	m.pool.New = func() any { return newScratch(table) }
}

// setAnchor fixes the seed centroid and starts the current one there.
func (m *Model) setAnchor(c []float64) {
	m.anchor, m.anchorN = c, norm(c)
	m.cur.Store(&centroid{c: c, norm: m.anchorN})
}

// seedFeatures selects the k terms of highest total TF over the seed
// pages among those found in at least minPages of them (default: 2 when
// there are 3 pages or more).
func seedFeatures(docs [][]string, k, minPages int) []string {
	if minPages == 0 {
		minPages = 1
		if len(docs) >= 3 {
			minPages = 2
		}
	}
	tf, df := map[string]float64{}, map[string]int{}
	for _, d := range docs {
		for _, t := range d {
			tf[t]++
		}
		for _, t := range uniq(d) {
			df[t]++
		}
	}
	for t, n := range df {
		if n < minPages {
			delete(tf, t)
		}
	}
	return topTerms(tf, k)
}

// topTerms returns the k terms of highest weight, ties broken by term.
func topTerms(w map[string]float64, k int) []string {
	terms := make([]string, 0, len(w))
	for t := range w {
		terms = append(terms, t)
	}
	slices.SortFunc(terms, func(a, b string) int {
		if c := cmp.Compare(w[b], w[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return terms[:min(k, len(terms))]
}

// vectorOfTokens is vector for already tokenised text.
func (m *Model) vectorOfTokens(toks []string) Vector {
	sc := m.pool.Get().(*scratch)
	for _, t := range toks {
		sc.add(t)
	}
	v := m.gather(sc)
	m.pool.Put(sc)
	return v
}

// Config returns the model's configuration with defaults filled in.
func (m *Model) Config() Config { return m.cfg }

// Terms returns the feature terms, most important first.
func (m *Model) Terms() []string { return slices.Clone(m.terms) }

// Tokenizer returns the tokeniser the model uses.
func (m *Model) Tokenizer() *text.Tokenizer { return m.tok }

// Vector returns the vector of a content text (see ExtractContent).
func (m *Model) Vector(content string) Vector {
	return m.vector(content, m.vectorWords())
}

// vectorWords reports whether the vectors of page contents carry their
// words (relevance over every word).
func (m *Model) vectorWords() bool { return m.cfg.Relevance == 0 && len(m.seeds) > 0 }

// IsSeed reports whether u is the URL of one of the seed pages.
func (m *Model) IsSeed(u string) bool { return m.seedURLs[u] }

// Seeds returns how many seed pages make up the seed centroid (0 for a
// model trained from a corpus).
func (m *Model) Seeds() int { return len(m.seeds) }

// Score is the cosine of v to the current centroid: the priority of the
// links of v's page.
func (m *Model) Score(v Vector) float64 {
	c := m.cur.Load()
	if c.norm == 0 {
		return 0
	}
	return dot(v, c.c) / c.norm
}

// SeedScore is the cosine of v to the seed centroid: the relevance of v's
// page for the harvest rate.
func (m *Model) SeedScore(v Vector) float64 {
	if m.anchorN == 0 {
		return 0
	}
	return dot(v, m.anchor) / m.anchorN
}

// MaxSeedPageScore is the highest cosine of v to a single seed page.
func (m *Model) MaxSeedPageScore(v Vector) float64 {
	best := 0.0
	for _, s := range m.seeds {
		best = max(best, dot(v, s))
	}
	return best
}

// Updates returns how many pages were folded into the centroid, and how
// many were refused by the drift guard.
func (m *Model) Updates() (accepted, rejected int) {
	return m.cur.Load().updates, int(m.rejected.Load())
}

// Drift is the cosine between the current and the seed centroid (1 before
// any update).
func (m *Model) Drift() float64 { return cosDense(m.cur.Load().c, m.anchor) }
