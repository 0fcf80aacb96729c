package extraction

import "github.com/crawl-project/crawl/extraction/stm"

// A list whose items share one tag.class but whose groups are headed by
// section headings among them (Haddock's module pages: the declarations,
// div.top, with an a/h2 before each group) is not uniform (uniformCore
// allows one child of another kind, at an end), and clustering splits its
// items when some carry a large optional part (a class's instances, a
// data type's constructors): records started at one cluster's occurrences
// then run on over the others, and a function's record held the dozen
// class declarations after it (base's Prelude.html: one record of
// 1.3 MB). Every item is a record of its own instead, the headings none.

// interleaved returns the indices of the children sharing the tag.class
// of the child with the most text when every other child is a section
// heading (headingChild): the items of one list with the headings of its
// groups among them (Haddock's declarations, div.top, under the a/h2 of
// each group of a module page; uniformCore allows one heading, at an
// end). Clustering splits such items when some carry a large optional
// part (a class's instances), and records started at one cluster's
// occurrences then ran on over the others: a function's record held the
// dozen class declarations after it. Nil when there is no such list.
func interleaved(p *page, kids []int32) []int {
	t := p.t
	top := -1
	for i, k := range kids {
		if t.Label[k] != stm.TextLabel && (top < 0 || p.text[k] > p.text[kids[top]]) {
			top = i
		}
	}
	if top < 0 {
		return nil
	}
	name := p.name(kids[top])
	var items []int
	for i, k := range kids {
		switch {
		case t.Label[k] != stm.TextLabel && p.name(k) == name:
			items = append(items, i)
		case !headingChild(p, k):
			return nil
		}
	}
	if len(items) < 2 {
		return nil
	}
	return items
}

// headingChild reports whether node k is a section heading: an h1 to h6,
// or a small element (headingWrap nodes at most) all of whose text is one
// heading's (Haddock's <a id="g:2"><h2>Basic data types</h2></a>).
func headingChild(p *page, k int32) bool {
	t := p.t
	if t.Label[k] == stm.TextLabel || t.Size[k] > headingWrap {
		return false
	}
	for i := int(k); i < int(k)+int(t.Size[k]); i++ {
		if heading(tagOf(t, i)) {
			return p.text[i] == p.text[k]
		}
	}
	return false
}

// headingWrap is the most nodes of an element headingChild takes for a
// heading: the heading, its text and a wrapper or two (an anchor, a
// permalink sign).
const headingWrap = 8

// headedSingles is the segmentation of kids into one record per item
// (kids[items[j]]), scored as uniformSingles is: each record's similarity
// to its most similar sibling (sims, partner of kids[items[0]] on). An
// item at either end with no sibling at least minSim alike is left out
// (uniformSingles compares an end with its neighbour instead: here the
// neighbours are often declarations of another kind, a function beside
// a data type).
func headedSingles(kids []int32, items []int, sims []float64, minSim float64) segmentation {
	sim := func(j int) float64 { return sims[items[j]-items[0]] }
	lo, hi := 0, len(items)-1
	for lo < hi && sim(lo) < minSim {
		lo++
	}
	for hi > lo && sim(hi) < minSim {
		hi--
	}
	var s segmentation
	sum := 0.0
	for j := lo; j <= hi; j++ {
		s.records = append(s.records, kids[items[j]:items[j]+1])
		sum += sim(j)
	}
	s.sim = sum / float64(hi-lo+1)
	return s
}
