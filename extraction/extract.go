package extraction

import (
	"fmt"
	"math"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Config tunes extraction. The zero value uses the defaults given on each
// field (fitted on the tuning half of the records data, see the README of
// cmd/evalrecords).
type Config struct {
	// D0 is the average-link distance (1 - 2·STM/(|A|+|B|)) below which
	// sibling clusters merge. 0 means 0.4. (Paper 004 uses 0.15 on its own
	// normalisation; ours is re-fitted on the tune half: 0.15 loses 1.4
	// points of F1 there.)
	D0 float64
	// MinSimilarity is the mean similarity adjacent records must reach for a
	// region to count. 0 means 0.5.
	MinSimilarity float64
	// MinCoverage is the share of the page's visible text the records of
	// the main region must hold. 0 means 0.1; negative means no minimum.
	MinCoverage float64
	// MinRecords is the least number of records of a region. 0 means 2.
	MinRecords int
	// Candidates is how many regions of the heuristic ranking are
	// segmented. 0 means 10.
	Candidates int
	// Weights of the fan-out, content-increase and tag-count heuristics.
	// All zero means {1, 1, 1}.
	Weights [3]float64
	// RegionWeight scales the heuristic score against record quality
	// (coverage × similarity) when choosing the main region. 0 means 0.05.
	RegionWeight float64
	// SimPower is the exponent of the records' similarity in the region
	// choice: high values make a few loosely similar blocks (the page's main
	// sections) lose to a list of near-identical records. 0 means 1.
	SimPower float64
	// MoreRegions allows records from further regions whose records resemble
	// the main region's (similarity at least MinSimilarity). 0 means 3;
	// negative means the main region only.
	MoreRegions int
}

func (c Config) withDefaults() Config {
	if c.D0 == 0 {
		c.D0 = 0.4
	}
	if c.MinSimilarity == 0 {
		c.MinSimilarity = 0.5
	}
	if c.MinCoverage == 0 {
		c.MinCoverage = 0.15
	}
	if c.MinRecords == 0 {
		c.MinRecords = 2
	}
	if c.Candidates == 0 {
		c.Candidates = 10
	}
	if c.Weights == [3]float64{} {
		c.Weights = [3]float64{1, 1, 1}
	}
	if c.RegionWeight == 0 {
		c.RegionWeight = 0.05
	}
	if c.SimPower == 0 {
		c.SimPower = 1
	}
	if c.MoreRegions == 0 {
		c.MoreRegions = 3
	}
	return c
}

// region is one data region with its records.
type region struct {
	node    int
	records [][]int32
	sim     float64
	quality float64
	cov     float64 // share of the page's content in the records
}

// analysis is the extraction of one page before naming columns.
type analysis struct {
	p       *page
	regions []region // main region first
}

// analyze finds the main data region of p and its records, plus further
// regions whose records resemble the main ones.
func analyze(p *page, m *stm.Matcher, cfg Config) analysis {
	a := analysis{p: p}
	total := float64(p.text[0])
	if p.t.Len() == 0 || total == 0 {
		return a
	}
	var found []region
	for _, c := range rankRegions(p, cfg.Weights, cfg.Candidates) {
		seg := segment(m, p, p.t.Children(c.node), cfg.D0)
		if len(seg.records) < cfg.MinRecords || seg.sim < cfg.MinSimilarity || prose(p.t, seg.records) || !sameClass(p.t, seg.records) {
			continue
		}
		cov := 0.0
		for _, r := range seg.records {
			for _, i := range r {
				cov += float64(p.text[i])
			}
		}
		cov /= total
		if cov < cfg.MinCoverage {
			continue
		}
		r := flatten(p, m, cfg, region{node: c.node, records: seg.records, sim: seg.sim, cov: cov})
		q := math.Pow(r.sim, cfg.SimPower) * cov * math.Log(float64(len(r.records))) * richness(p.t, r.records)
		r.quality = q + cfg.RegionWeight*c.score
		found = append(found, r)
	}
	sections(p.t, found)
	best := -1
	for i, r := range found {
		if r.quality > 0 && (best < 0 || r.quality > found[best].quality) {
			best = i
		}
	}
	if best < 0 {
		return a
	}
	main := found[best]
	if article(p, main) {
		return a
	}
	a.regions = append(a.regions, main)
	a.regions = append(a.regions, moreRegions(p, m, cfg, found, best)...)
	return a
}

// proseMin is the length from which a text node counts as article prose.
const proseMin = 80

// article reports whether the page is an article rather than a list: the
// text of long text nodes outside the records exceeds the records' content.
// Related-link lists and comment threads beside an article are then not
// reported as its data records.
func article(p *page, r region) bool {
	t := p.t
	inside := make([]bool, t.Len())
	recs := 0
	for _, rec := range r.records {
		for _, i := range rec {
			recs += int(p.text[i])
			for j := int(i); j < int(i)+int(t.Size[i]); j++ {
				inside[j] = true
			}
		}
	}
	prose := 0
	for i := range t.Len() {
		if !inside[i] && t.Label[i] == stm.TextLabel && p.text[i] >= proseMin {
			prose += int(p.text[i])
		}
	}
	return prose > recs
}

// sectionSim is the record similarity below which a region may be the
// page's sections rather than a list (fitted on the tune half).
const sectionSim = 0.8

// sections drops (zeroes the quality of) regions whose "records" are the
// page's sections: loosely similar (below sectionSim), with a region inside
// one of them that is more regular and holds more than an average record of
// the outer region, so it is not a small list inside one record but the
// real list.
func sections(t *stm.Tree, found []region) {
	for i := range found {
		a := &found[i]
		if a.sim >= sectionSim {
			continue
		}
		for _, b := range found {
			if b.node != a.node && related(t, a.node, b.node) && b.node > a.node &&
				b.sim > a.sim && b.cov > a.cov/float64(len(a.records)) {
				a.quality = 0
				break
			}
		}
	}
}

// flatten descends into a region whose records are themselves lists (the
// columns of a grid of records): when every subtree of the records that
// holds a tenth of the region's content or more splits into at least two
// similar inner records, the inner records are more alike than the outer
// ones and hold 70% or more of their content, the inner records replace
// the outer ones.
func flatten(p *page, m *stm.Matcher, cfg Config, r region) region {
	var inner [][]int32
	outer, in, sims, n := 0, 0, 0.0, 0
	for _, rec := range r.records {
		for _, i := range rec {
			outer += int(p.text[i])
		}
	}
	for _, rec := range r.records {
		for _, i := range rec {
			if 10*int(p.text[i]) < outer {
				continue
			}
			if p.t.Label[i] == stm.TextLabel {
				return r
			}
			seg := segment(m, p, p.t.Children(int(i)), cfg.D0)
			if len(seg.records) < 2 || seg.sim < cfg.MinSimilarity {
				return r
			}
			for _, x := range seg.records {
				for _, j := range x {
					in += int(p.text[j])
				}
			}
			sims += seg.sim
			n++
			inner = append(inner, seg.records...)
		}
	}
	if n < 2 || float64(in) < 0.7*float64(outer) || sims/float64(n) <= r.sim {
		return r
	}
	return region{node: r.node, records: inner, sim: sims / float64(n), quality: r.quality, cov: r.cov}
}

// moreRegions returns up to cfg.MoreRegions other regions, disjoint from
// the main one, whose first record resembles the main region's first.
func moreRegions(p *page, m *stm.Matcher, cfg Config, found []region, best int) []region {
	var out []region
	main := found[best]
	for i, r := range found {
		if i == best || r.quality <= 0 || len(out) >= cfg.MoreRegions || related(p.t, r.node, main.node) {
			continue
		}
		clash := false
		for _, o := range out {
			clash = clash || related(p.t, r.node, o.node)
		}
		if !clash && m.SimilarityForests(p.t, r.records[0], p.t, main.records[0]) >= cfg.MinSimilarity {
			out = append(out, r)
		}
	}
	return out
}

// related reports whether a is b or an ancestor or descendant of b.
func related(t *stm.Tree, a, b int) bool {
	if a > b {
		a, b = b, a
	}
	return b < a+int(t.Size[a])
}

// linkOnly is the weight of link-list regions (fitted on the tune half).
const linkOnly = 0.4

// smallRecord is the mean content (characters, imgContent per image) and
// smallNodes the mean size (nodes) below which records weigh less in
// proportion: the options of a dropdown or the tags of a filter list.
const (
	smallRecord = 30
	smallNodes  = 8
)

// richness weighs a region's records: linkOnly when their text is nearly
// all link text (90% or more), as in menus, footers and tag clouds, and in
// proportion to their mean content when it is under smallRecord.
func richness(t *stm.Tree, recs [][]int32) float64 {
	all, link, imgs, nodes := 0, 0, 0, 0
	for _, r := range recs {
		for _, i := range r {
			nodes += int(t.Size[i])
			for j := int(i); j < int(i)+int(t.Size[i]); j++ {
				if t.Node[j].DataAtom == atom.Img {
					imgs++
				}
				if t.Label[j] != stm.TextLabel {
					continue
				}
				n := len(strings.TrimSpace(t.Node[j].Data))
				all += n
				for a := int(t.Parent[j]); a >= int(i); a = int(t.Parent[a]) {
					if t.Node[a].DataAtom == atom.A {
						link += n
						break
					}
				}
			}
		}
	}
	w := 1.0
	if all > 0 && float64(link) >= 0.9*float64(all) {
		w = linkOnly
	}
	// option-like records (countries of a dropdown, tags of a cloud) hold a
	// word or two each
	if c := float64(all+imgs*imgContent) / float64(len(recs)); c < smallRecord {
		w *= c / smallRecord
	}
	if c := float64(nodes) / float64(len(recs)); c < smallNodes {
		w *= c / smallNodes
	}
	return w
}

// sameClass reports whether at least half of the records start with the
// same tag.class (digits stripped): the blocks of an article (headline,
// byline, body) have matching shapes but distinct classes.
func sameClass(t *stm.Tree, recs [][]int32) bool {
	count := map[string]int{}
	most := 0
	for _, r := range recs {
		name := "#text"
		if t.Label[r[0]] != stm.TextLabel {
			name = segmentName(t.Node[r[0]])
		}
		count[name]++
		most = max(most, count[name])
	}
	return 2*most >= len(recs)
}

// prose reports whether half or more of the records are prose: text,
// paragraphs and inline markup only, with a long text among them. That is
// the repeated structure of an article body, not data records.
func prose(t *stm.Tree, recs [][]int32) bool {
	n := 0
	for _, r := range recs {
		long := false
		ok := true
		for _, i := range r {
			ok = ok && proseNode(t, int(i), &long)
		}
		if ok && long {
			n++
		}
	}
	return 2*n >= len(recs)
}

func proseNode(t *stm.Tree, i int, long *bool) bool {
	if t.Label[i] == stm.TextLabel {
		if len(strings.TrimSpace(t.Node[i].Data)) >= proseMin {
			*long = true
		}
		return true
	}
	switch t.Node[i].DataAtom {
	case atom.P, atom.Br, atom.Blockquote, atom.A, atom.Span, atom.B, atom.I, atom.Em, atom.Strong,
		atom.Font, atom.U, atom.Small, atom.Sup, atom.Sub, atom.Q, atom.Cite, atom.Hr:
	default:
		return false
	}
	for _, c := range t.Children(i) {
		if !proseNode(t, int(c), long) {
			return false
		}
	}
	return true
}

// ExtractPage extracts the data records of one page on its own: the main
// data region, its records and their aligned fields (columns named by
// tag/class path; every record carries every column of the page, empty
// when absent). Pages with no repeated structure yield no records.
// Records have Cluster 0 and no PageURL.
func ExtractPage(doc *html.Node, cfg Config) ([]crawl.Record, error) {
	if doc == nil {
		return nil, ErrNoDocument
	}
	var m stm.Matcher
	a := analyze(newPage(doc), &m, cfg.withDefaults())
	return a.records(newSchema(), "", 0), nil
}

// records names the fields of every record of a along sch, which it
// extends with the columns of a.
func (a analysis) records(sch *schema, pageURL string, cluster int64) []crawl.Record {
	var vals [][]value
	for _, r := range a.regions {
		for _, rec := range r.records {
			v := recordValues(a.p.t, rec)
			if len(v) == 0 {
				continue
			}
			sch.add(v)
			vals = append(vals, v)
		}
	}
	out := make([]crawl.Record, 0, len(vals))
	for i, v := range vals {
		byKey := make(map[string]string, len(v))
		for _, x := range v {
			byKey[x.key] = x.val
		}
		fs := make([]crawl.Field, len(sch.cols))
		for j, c := range sch.cols {
			fs[j] = crawl.Field{Name: c, Value: byKey[c]}
		}
		out = append(out, crawl.Record{PageURL: pageURL, Cluster: cluster, Index: i, Fields: fs})
	}
	return out
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
