package extraction

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// Config tunes extraction. The zero value uses the defaults given on each
// field (fitted on the tuning half of the records data, see the package doc
// of cmd/evalrecords).
type Config struct {
	// D0 is the average-link distance (1 - 2·STM/(|A|+|B|)) below which
	// sibling clusters merge. 0 means 0.55. (Paper 004 uses 0.15 on its own
	// normalisation; ours is re-fitted on the tune half, where F1 is flat
	// from 0.5 to 0.6 and 0.15 loses 2.2 points.)
	D0 float64
	// MinSimilarity is the mean similarity adjacent records must reach for a
	// region to count. 0 means 0.55 (fitted on the tune half: 0.6 loses 0.3
	// points of recall; 0.5 gains 0.3 more but yields records on 10 tune
	// article pages instead of 7).
	MinSimilarity float64
	// MinCoverage is the share of the page's visible text the records of
	// the main region must hold. 0 means 0.15; negative means no minimum.
	MinCoverage float64
	// MinRecords is the least number of records of a region. 0 means 2.
	MinRecords int
	// Candidates is how many regions of the heuristic ranking are
	// segmented. 0 means 20 (10 missed lists ranked below menus and
	// header blocks on the tune half; 30 gains little more).
	Candidates int
	// Weights of the fan-out, content-increase and tag-count heuristics.
	// All zero means {1, 1, 1}.
	Weights [3]float64
	// MoreRegions allows records from further regions on the main region's
	// tag.class path whose records resemble the main region's (similarity
	// at least MinSimilarity). 0 means 3; negative means the main region
	// only.
	MoreRegions int
	// Budget is the exact Simple Tree Matching work allowed per page, in
	// dynamic-programming cells (stm.Matcher.SetBudget); past it the page's
	// remaining matches are greedy, linear-time lower bounds. 0 means
	// 1,000,000 (a few milliseconds; fitted on the tune half: 1,000,000
	// and more find the same records there, 300,000 loses 22 of 2,618);
	// negative means no limit.
	Budget int64
	// MaxNodes is the most nodes (elements and text, once hidden and
	// dropped elements are left out) of a page extracted; larger pages
	// fail with ErrTooLarge. 0 means 500,000 (a 10 MB page of small
	// elements; the largest page of the Python 3.11 documentation has
	// 63,514, contents.html); negative means no limit.
	MaxNodes int
}

func (c Config) withDefaults() Config {
	if c.D0 == 0 {
		c.D0 = 0.55
	}
	if c.MinSimilarity == 0 {
		c.MinSimilarity = 0.55
	}
	if c.MinCoverage == 0 {
		c.MinCoverage = 0.15
	}
	if c.MinRecords == 0 {
		c.MinRecords = 2
	}
	if c.Candidates == 0 {
		c.Candidates = 20
	}
	if c.Weights == [3]float64{} {
		c.Weights = [3]float64{1, 1, 1}
	}
	if c.MoreRegions == 0 {
		c.MoreRegions = 3
	}
	if c.Budget == 0 {
		c.Budget = 1_000_000
	}
	if c.MaxNodes == 0 {
		c.MaxNodes = 500_000
	}
	return c
}

// region is one data region with its records.
type region struct {
	node    int
	kind    string // the entries' group (entries.go: "dl.py"), "" for a list region
	records [][]int32
	sim     float64
	quality float64
	cov     float64 // share of the page's content in the records
}

// recordsText is the text of records recs: the content their subtrees
// hold (a region's coverage, a group's weight).
func recordsText(p *page, recs [][]int32) int {
	n := 0
	for _, r := range recs {
		for _, i := range r {
			n += int(p.text[i])
		}
	}
	return n
}

// analysis is the extraction of one page before naming columns.
type analysis struct {
	p       *page
	regions []region // main region first
	entries bool     // the records are API entries (entries.go), not a list region
}

// analyze finds the main data region of p and its records, plus further
// regions whose records resemble the main ones.
func analyze(p *page, m *stm.Matcher, cfg Config) analysis {
	a := analysis{p: p}
	total := float64(p.text[0])
	if p.t.Len() == 0 || total == 0 {
		return a
	}
	found := candidates(p, m, cfg)
	best := -1
	for i, r := range found {
		if r.quality > 0 && (best < 0 || r.quality > found[best].quality) {
			best = i
		}
	}
	if best < 0 || article(p, found[best]) {
		// the page's entries, or the data tables of an article however
		// small a share of it they are (entries: region.cov)
		if r, ok := entries(p, cfg); ok {
			a.regions, a.entries = []region{r}, true
		}
		return a
	}
	if listings(p, found[best]) { // code examples: the page's API entries, when it has them, are its records
		// (a small table does not outweigh them: license.html's 19
		// licences, each with its text in a pre, over its 11 releases)
		if r, ok := entries(p, cfg); ok && r.cov >= cfg.MinCoverage {
			a.regions, a.entries = []region{r}, true
			return a
		}
	}
	main := found[best]
	if r, ok := groupedEntries(p, cfg, main); ok { // the page's sections, each a heading over a list of its entries
		a.regions, a.entries = []region{r}, true
		return a
	}
	if entryList(p, main) { // a list of API entries: all of the page's, when some are missed
		if r, ok := entries(p, cfg); ok && r.cov >= cfg.MinCoverage && moreEntries(r, main) {
			a.regions, a.entries = []region{r}, true
			return a
		}
	} else if definitionList(p.t, p.t.Children(main.node)) { // the groups of one of the page's definition lists
		if r, ok := entries(p, cfg); ok && r.cov >= cfg.MinCoverage && termGroups(p.t, main, r) {
			a.regions, a.entries = []region{r}, true
			return a
		}
	}
	a.regions = append(a.regions, main)
	a.regions = append(a.regions, moreRegions(p, m, cfg, main)...)
	a.regions = append(a.regions, strays(p, m, main, a.regions)...)
	return a
}

// candidates segments the top cfg.Candidates regions of the heuristic
// ranking and returns those that pass the guards, each with its quality
// (zero for a region taken for the page's sections).
func candidates(p *page, m *stm.Matcher, cfg Config) []region {
	all, own := float64(p.text[0]), p.own
	var found []region
	for _, c := range rankRegions(p, cfg.Weights, cfg.Candidates) {
		framed := p.framed[c.node]
		if framed && own < all {
			// the site's menus beside the page's own content, not its
			// records: weighing them (landmark) let the Erlang/OTP docs'
			// nav win wherever no list of the page's own passed the guards
			continue
		}
		// a region of the page's own content is measured against it, the
		// text of its landmarks left out; the navigation found outside
		// them (markBars, markSelfNav) is left in: measured without it, a
		// list inside one of Racket's API entries (4 items of 8
		// procedures in framework/Exit.html) passed MinCoverage, and
		// sections took the entries for the page's sections
		total := p.ownLandmarks
		if framed {
			total = all
		}
		if float64(p.text[c.node]) < cfg.MinCoverage*total {
			continue // its records cannot cover MinCoverage: not worth segmenting
		}
		seg := segmentNode(m, p, c.node, cfg)
		if !framed && own < all {
			seg.records = unframed(p, seg.records)
		}
		if len(seg.records) < cfg.MinRecords || seg.sim < cfg.MinSimilarity || notRecords(p, seg.records) {
			continue
		}
		cov := float64(recordsText(p, seg.records)) / total
		if cov < cfg.MinCoverage {
			continue
		}
		r := flatten(p, m, cfg, region{node: c.node, records: seg.records, sim: seg.sim, cov: cov})
		if prose(p, r.records) || sectioned(p, r.records) || runOn(p, r.records) {
			// an article's paragraphs, its sections, or a sentence's
			// pieces (a region flattened into a paragraph's children)
			continue
		}
		r.quality = r.sim * cov * math.Log(float64(len(r.records))) * richness(p, r.records)
		if framed {
			r.quality *= landmark
		}
		found = append(found, r)
	}
	sections(p.t, found)
	return found
}

// ExtractPage extracts the data records of one page on its own: the main
// data region, its records and their aligned fields (columns named by
// role, see MinFill; a record carries its non-empty columns). Pages with
// no repeated structure yield no records.
// Records have Cluster 0 and no PageURL.
func ExtractPage(doc *html.Node, cfg Config) ([]crawl.Record, error) {
	if doc == nil {
		return nil, ErrNoDocument
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	var m stm.Matcher
	m.SetBudget(cfg.Budget)
	p, err := newPage(doc, cfg.MaxNodes)
	if err != nil {
		return nil, err
	}
	a := analyze(p, &m, cfg)
	vals, kinds := a.values("")
	return named(newColumns(), vals, "", 0, a.kind(), kinds), nil
}

// values lists the leaves of every record of a (recordValues), records in
// document order; addresses are resolved against the page's <base> and
// pageURL. kinds is nil when every record is of a.kind(), else each
// record's kind (rowKinds: API entries' table rows under a header row).
// It depends on the page alone, so ExtractBatch computes it in its
// parallel phase.
func (a analysis) values(pageURL string) (vals [][]value, kinds []string) {
	var recs [][]int32
	for _, r := range a.regions {
		recs = append(recs, r.records...)
	}
	// document order: a stray record before its list comes first
	slices.SortStableFunc(recs, func(x, y []int32) int { return cmp.Compare(x[0], y[0]) })
	var recKinds []string
	if a.entries {
		recKinds = rowKinds(a.p.t, recs, a.kind())
	}
	abs := resolver(a.p.doc, pageURL)
	ks := newKeyer(a.p.name)
	ks.labels = fieldLabels(a.p.t, recs)
	roots := a.p.roots[:0]
	for _, rec := range recs {
		roots = append(roots, rec...)
	}
	a.p.roots = roots
	a.p.inline = inlineMarks(a.p.t, roots, a.p.inline)
	ks.inline = a.p.inline
	// every record's values in the page's buffer, then one array of
	// them all, each record a slice of it: no slice grown per record
	buf, ends := a.p.vals[:0], a.p.ends[:0]
	for k, rec := range recs {
		n := len(buf)
		if buf = recordValues(buf, a.p.t, ks, rec, abs); len(buf) > n {
			ends = append(ends, int32(len(buf)))
			if recKinds != nil {
				kinds = append(kinds, recKinds[k])
			}
		}
	}
	if len(ends) == 0 {
		a.p.vals, a.p.ends = buf, ends
		return nil, nil
	}
	all := make([]value, len(buf))
	copy(all, buf)
	clear(buf) // the buffer keeps no strings of the page alive
	a.p.vals, a.p.ends = buf[:0], ends
	vals = make([][]value, len(ends))
	start := int32(0)
	for i, e := range ends {
		vals[i] = all[start:e:e]
		start = e
	}
	return vals, kinds
}

// named names the fields of the records' values along cols, which it
// extends (columns.go). The records are of kind, or of kinds[i] when
// kinds is not nil (analysis.values).
func named(cols *columns, vals [][]value, pageURL string, cluster int64, kind string, kinds []string) []crawl.Record {
	fields := cols.fields(vals)
	out := make([]crawl.Record, len(fields))
	for i, fs := range fields {
		k := kind
		if kinds != nil {
			k = kinds[i]
		}
		out[i] = crawl.Record{PageURL: pageURL, Cluster: cluster, Index: i, Kind: k, Fields: fs}
	}
	return out
}

// kind names the structure the page's records come from (crawl.Record's
// Kind): the tag.class of the roots of the main region's first record
// ("dl.py", "div.col-first+div.col-second+div.col-last"), after the
// region's container when a root has no class ("ul.member-list > li",
// "dl.variablelist > dt+dd"; for API entries and table rows the entries'
// group; a text node among the roots is "#text"). API entries found as a
// list region and as entries are one kind.
// It depends on the page alone, never on the order pages came in.
func (a analysis) kind() string {
	if len(a.regions) == 0 || len(a.regions[0].records) == 0 {
		return ""
	}
	r := a.regions[0]
	var roots []string
	classed := true
	for _, i := range r.records[0] {
		n := "#text" // a text root is named as the DOM names it, never by its text
		if a.p.t.Label[i] != stm.TextLabel {
			n = a.p.name(i)
		}
		if !slices.Contains(roots, n) {
			roots = append(roots, n)
			classed = classed && strings.Contains(n, ".")
		}
	}
	kind := strings.Join(roots, "+")
	if classed {
		return kind
	}
	container := r.kind
	if container == "" {
		container = a.p.name(int32(r.node))
	}
	return container + " > " + kind
}

// Validate reports a Config field out of range.
func (c Config) Validate() error {
	switch {
	case c.D0 < 0 || c.D0 > 1:
		return fmt.Errorf("extraction: D0 %v not in [0,1]", c.D0)
	case c.MinSimilarity < 0 || c.MinSimilarity > 1:
		return fmt.Errorf("extraction: MinSimilarity %v not in [0,1]", c.MinSimilarity)
	case c.MinRecords < 0:
		return fmt.Errorf("extraction: MinRecords %d negative", c.MinRecords)
	case c.Candidates < 0:
		return fmt.Errorf("extraction: Candidates %d negative", c.Candidates)
	}
	return nil
}
