package fuzzy

import (
	"errors"
	"fmt"
	"math"
)

// Defaults for the zero fields of Config.
const (
	// DefaultTitleWeight is c for the title tag (the paper's value).
	DefaultTitleWeight = 10
	// DefaultKeywordsWeight is c for meta keywords: 4, the value behind the
	// paper's worked numbers (ln 4 = 1.386); its text says 5 (ln 5 = 1.609
	// appears nowhere in its numbers).
	DefaultKeywordsWeight = 4
	// DefaultDescriptionWeight is c for meta description (the paper's value).
	DefaultDescriptionWeight = 2
	// DefaultThreshold is the cut level r the paper discusses as its
	// preferred grouping of the worked example.
	DefaultThreshold = 0.24
	// DefaultTopWords is how many words describe a topic.
	DefaultTopWords = 5
	// DefaultSiteMinPages is how many pages a host needs for its word
	// frequencies to be taken as they are; a smaller host is a small
	// sample and only a word on nearly all its pages is weighed down
	// (commonRamp, site.go). Until 2026-12-07 smaller hosts got no site
	// correction at all, and on a first crawl of 15 pages "chapter" (on 12
	// titles of Debian Reference) made one topic of 10 (README.md).
	DefaultSiteMinPages = 20
	// DefaultTemplateShare is the share of a host's titles a first or last
	// segment must start or end to be the host's title template.
	DefaultTemplateShare = 0.3
	// DefaultCommonFrom and DefaultCommonTo bound the in-site document
	// frequency weighting: a word on up to CommonFrom of a host's pages
	// keeps its weight, one on CommonTo of them or more weighs nothing
	// (fitted on the git and PostgreSQL documentation, README.md).
	DefaultCommonFrom = 0.1
	DefaultCommonTo   = 0.4
	// DefaultMaxTopicShare is the largest share of the pages one topic may
	// hold unless its pages are cohesive (Config.MaxTopicShare).
	DefaultMaxTopicShare = 0.25
	// DefaultCohesive is the similarity at which pages always stay in one
	// topic, whatever its size (0.5 until 2026-12-06: hierarchical module
	// names linking two by two at 0.5–0.6, "GHC.IO" and "GHC.IO.Buffer",
	// chained GHC's Haddock docs into one topic of 38%; README.md).
	DefaultCohesive = 0.6
)

// Config is plain data; every zero value stands for a documented default.
type Config struct {
	// TitleWeight, KeywordsWeight and DescriptionWeight are the tag
	// importance coefficients c_k. A word's weight in a page is the sum of
	// ln c_k over the tags it occurs in (tf is 1: a word counts once per
	// tag). Zero means the default (10, 4, 2). Values must be ≥ 1; 1
	// (ln 1 = 0) ignores a tag.
	TitleWeight       float64
	KeywordsWeight    float64
	DescriptionWeight float64

	// Threshold is the cut level r: maximum-spanning-tree edges with
	// similarity < r are broken, an edge equal to r is kept. Zero means
	// DefaultThreshold (0.24). Any negative value cuts at 0, which keeps
	// every edge: the topics are then the groups of pages connected by
	// shared words. Values above 1 are an error.
	Threshold float64

	// TopWords is how many words (highest summed weight) describe a topic.
	// Zero means DefaultTopWords (5); negative is an error.
	TopWords int

	// Paper, when true, is the paper's method exactly: every page weighed
	// alone, no title templates, no in-site document frequency, and every
	// topic counted, singletons included. When false (the default) the
	// pages with a host (Doc.Host) get the site corrections of site.go,
	// and Grouped reports single pages apart.
	Paper bool

	// SiteMinPages, TemplateShare, CommonFrom and CommonTo tune the site
	// corrections (site.go): on a host of at least SiteMinPages pages a
	// word keeps its weight on up to CommonFrom of them and weighs nothing
	// on CommonTo or more; a smaller host's bounds move up (commonRamp).
	// Zero means DefaultSiteMinPages (20), DefaultTemplateShare (0.3),
	// DefaultCommonFrom (0.1), DefaultCommonTo (0.4). Shares are in
	// (0, 1]; CommonFrom < CommonTo.
	SiteMinPages  int
	TemplateShare float64
	CommonFrom    float64
	CommonTo      float64

	// MaxTopicShare caps a topic at this share of the pages (at least
	// SiteMinPages of them) unless Config.Paper: the cut's single linkage
	// chains pages of a site through words they share two by two into one
	// topic, and Dendrogram.CutCapped breaks such a chain at its weakest
	// links; links of similarity ≥ Cohesive are never broken (a site that
	// really is about one thing stays one topic). Zero means
	// DefaultMaxTopicShare (0.25) and DefaultCohesive (0.6); values in (0, 1].
	MaxTopicShare float64
	Cohesive      float64

	// Workers is how many goroutines score similarities in Span. Zero
	// means 1: at 10,000 pages one Prim step is 10–70 µs of scoring, about
	// what waking a second goroutine costs, and on the 2-core test machine
	// 2 workers measured no faster (see BenchmarkSpan10k). Larger corpora
	// with long postings may gain from 2 or more.
	Workers int
}

// ErrConfig is wrapped by every configuration error.
var ErrConfig = errors.New("fuzzy: bad config")

// withDefaults returns c with zero fields replaced by their defaults, or an
// error naming the first bad field.
func (c Config) withDefaults() (Config, error) {
	for _, f := range []struct {
		name string
		v    *float64
		def  float64
	}{
		{"TitleWeight", &c.TitleWeight, DefaultTitleWeight},
		{"KeywordsWeight", &c.KeywordsWeight, DefaultKeywordsWeight},
		{"DescriptionWeight", &c.DescriptionWeight, DefaultDescriptionWeight},
	} {
		if *f.v == 0 {
			*f.v = f.def
		}
		if math.IsNaN(*f.v) || math.IsInf(*f.v, 0) || *f.v < 1 {
			return c, fmt.Errorf("%w: %s = %v, want a finite value ≥ 1", ErrConfig, f.name, *f.v)
		}
	}
	switch {
	case math.IsNaN(c.Threshold) || c.Threshold > 1:
		return c, fmt.Errorf("%w: Threshold = %v, want ≤ 1", ErrConfig, c.Threshold)
	case c.Threshold == 0:
		c.Threshold = DefaultThreshold
	case c.Threshold < 0:
		c.Threshold = 0
	}
	switch {
	case c.TopWords < 0:
		return c, fmt.Errorf("%w: TopWords = %d, want ≥ 0", ErrConfig, c.TopWords)
	case c.TopWords == 0:
		c.TopWords = DefaultTopWords
	}
	if c.SiteMinPages < 0 {
		return c, fmt.Errorf("%w: SiteMinPages = %d, want ≥ 0", ErrConfig, c.SiteMinPages)
	}
	if c.SiteMinPages == 0 {
		c.SiteMinPages = DefaultSiteMinPages
	}
	for _, f := range []struct {
		name string
		v    *float64
		def  float64
	}{
		{"TemplateShare", &c.TemplateShare, DefaultTemplateShare},
		{"CommonFrom", &c.CommonFrom, DefaultCommonFrom},
		{"CommonTo", &c.CommonTo, DefaultCommonTo},
		{"MaxTopicShare", &c.MaxTopicShare, DefaultMaxTopicShare},
		{"Cohesive", &c.Cohesive, DefaultCohesive},
	} {
		if *f.v == 0 {
			*f.v = f.def
		}
		if !(*f.v > 0 && *f.v <= 1) {
			return c, fmt.Errorf("%w: %s = %v, want a share in (0, 1]", ErrConfig, f.name, *f.v)
		}
	}
	if c.CommonFrom >= c.CommonTo {
		return c, fmt.Errorf("%w: CommonFrom = %v ≥ CommonTo = %v", ErrConfig, c.CommonFrom, c.CommonTo)
	}
	switch {
	case c.Workers < 0:
		return c, fmt.Errorf("%w: Workers = %d, want ≥ 0", ErrConfig, c.Workers)
	case c.Workers == 0:
		c.Workers = 1
	}
	return c, nil
}

// Validate reports the first bad field of c, or nil.
func (c Config) Validate() error {
	_, err := c.withDefaults()
	return err
}

// Tags is the set of tags a word occurs in.
type Tags uint8

// The three tags feature words come from.
const (
	InTitle Tags = 1 << iota
	InKeywords
	InDescription
)

// Weight returns Σ ln c_k over the tags in t, with c's coefficients
// (zero coefficients stand for their defaults). It returns 0 for a bad
// Config; Validate reports why.
func (c Config) Weight(t Tags) float64 {
	c, err := c.withDefaults()
	if err != nil {
		return 0
	}
	return c.weights()[t&7]
}

// weights returns the weight of each of the 8 tag sets; c must have its
// defaults filled in. Terms are added in a fixed order (title, keywords,
// description) so equal sets always give bit-identical weights.
func (c Config) weights() [8]float64 {
	var w [8]float64
	for t := range Tags(8) {
		if t&InTitle != 0 {
			w[t] += math.Log(c.TitleWeight)
		}
		if t&InKeywords != 0 {
			w[t] += math.Log(c.KeywordsWeight)
		}
		if t&InDescription != 0 {
			w[t] += math.Log(c.DescriptionWeight)
		}
	}
	return w
}
