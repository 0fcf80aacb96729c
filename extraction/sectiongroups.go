package extraction

import (
	"sort"

	"github.com/crawl-project/crawl/extraction/stm"
)

// groupedEntries returns the page's entries (entries.go) when the records
// of the list region r are the page's sections grouping them rather than
// records (git.html's sections, each a heading over definition lists of
// commands): the records are loosely similar (below sectionSim, as for
// sections), each opens with a heading, the entries inside them are more
// than the records and hold half of their text or more, and fewer than
// half of those entries are fields the records label themselves (labels.go:
// a product's "Weight" and "Colour" in every record keep the products as
// records). A record that merely holds a short list (a product's features,
// a news item's tags) is no section: its list is not entries, its records
// are alike, or its terms are labels. The entries must cover MinCoverage.
//
// The inner lists are each a small share of the page (git.html's 151
// commands in 9 lists under two of its 16 sections), so none of them is a candidate
// region and sections (region_choice.go) cannot drop the outer one.
func groupedEntries(p *page, cfg Config, r region) (region, bool) {
	if r.sim >= sectionSim {
		return region{}, false
	}
	for _, rec := range r.records {
		if !headed(p, int(rec[0])) {
			return region{}, false
		}
	}
	e, ok := entries(p, cfg)
	if !ok || e.cov < cfg.MinCoverage || !holdsGroups(p, r, e) {
		return region{}, false
	}
	return e, true
}

// holdsGroups reports whether the records of r hold more of the entries e than
// there are records, the entries half of their text or more, and mostly
// not as labelled fields.
func holdsGroups(p *page, r, e region) bool {
	t := p.t
	var in [][]int32 // the entries inside the records
	for _, x := range e.records {
		// the last record starting at or before the entry
		k := sort.Search(len(r.records), func(k int) bool { return r.records[k][0] > x[0] }) - 1
		if k < 0 {
			continue
		}
		rec := r.records[k]
		if last := rec[len(rec)-1]; x[0] >= last+t.Size[last] {
			continue
		}
		in = append(in, x)
	}
	inside := len(in)
	if inside <= len(r.records) || 2*recordsText(p, in) < recordsText(p, r.records) {
		return false
	}
	labels := fieldLabels(t, r.records)
	labelled := 0
	for _, x := range in {
		for _, i := range x {
			if _, ok := labels[i]; ok {
				labelled++
				break
			}
		}
	}
	return 2*labelled < inside
}

// headed reports whether node i opens with a section heading: it is one,
// or its first child with content is, a few wrappers down (asciidoc's
// div.sect1 > h2, Sphinx's section > h2).
func headed(p *page, i int) bool {
	for range innerDepth {
		if heading(tagOf(p.t, i)) {
			return true
		}
		next := -1
		for _, c := range p.t.Children(i) {
			if p.text[c] > 0 || p.t.Label[c] != stm.TextLabel {
				next = int(c)
				break
			}
		}
		if next < 0 {
			return false
		}
		i = next
	}
	return false
}
