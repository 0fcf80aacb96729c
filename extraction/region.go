package extraction

import (
	"cmp"
	"slices"

	"github.com/crawl-project/crawl/extraction/stm"
)

// candidate is a node that may be the main data region, with its
// heuristic scores.
type candidate struct {
	node    int
	fanout  float64 // children count
	incr    float64 // content increase: text - text/fanout
	tags    float64 // element count of the subtree
	score   float64 // weighted, normalised combination
	repeats int     // children with the most common child label
}

// rankRegions returns up to k candidate regions of p, best first, by the
// three heuristics of paper 004 combined with weights w: largest fan-out,
// largest content increase (content minus average content per child) and
// largest tag count. Each measure is normalised by its maximum over the
// candidates. Only elements with at least two children sharing a label are
// candidates (a region must repeat something). The tag-count heuristic
// only compares nodes with no ancestor relation: a candidate's tag count
// is counted only when no candidate descendant holds at least 90% of it,
// so a wrapper never wins on the tags of the list inside it.
func rankRegions(p *page, w [3]float64, k int) []candidate {
	t := p.t
	cs := p.cands[:0] // the page's buffer: the result is valid until the next page
	counts := p.counts
	if counts == nil {
		counts = map[uint64]int{}
	}
	for i := range t.Len() {
		if t.Label[i] == stm.TextLabel || p.inCode[i] {
			continue
		}
		kids := t.Children(i)
		if len(kids) < 2 {
			continue
		}
		best, ok := fewLabels(t, kids)
		if !ok {
			if len(counts) > 64 {
				// clear costs the map's capacity, which stays: after a
				// node of many distinct child labels, start afresh
				counts = map[uint64]int{}
			} else {
				clear(counts)
			}
			for _, c := range kids {
				counts[t.Label[c]]++
				best = max(best, counts[t.Label[c]])
			}
		}
		if best < 2 {
			continue
		}
		f := float64(len(kids))
		x := float64(p.text[i])
		cs = append(cs, candidate{node: i, fanout: f, incr: x - x/f, tags: float64(p.tags[i]), repeats: best})
	}
	p.cands, p.counts = cs, counts
	if len(cs) == 0 {
		return nil
	}
	discountWrappers(p, cs)
	var mf, mi, mt float64
	for _, c := range cs {
		mf, mi, mt = max(mf, c.fanout), max(mi, c.incr), max(mt, c.tags)
	}
	for i := range cs {
		c := &cs[i]
		c.score = w[0]*ratio(c.fanout, mf) + w[1]*ratio(c.incr, mi) + w[2]*ratio(c.tags, mt)
	}
	return topCandidates(cs, k)
}

// topCandidates returns the k best of cs by score, best first, ties in
// their order in cs: the first k of cs stably sorted by descending score,
// without sorting the others (a page has thousands of candidates; the
// full sort was two thirds of rankRegions). It reorders cs.
func topCandidates(cs []candidate, k int) []candidate {
	if k <= 0 {
		return cs[:0]
	}
	if len(cs) <= k {
		slices.SortStableFunc(cs, func(a, b candidate) int { return cmp.Compare(b.score, a.score) })
		return cs
	}
	// cs[:n] holds the best so far in order; a candidate goes after
	// every kept one scoring at least as much (stable), and in only when
	// it beats the last one kept
	n := 0
	for _, c := range cs {
		if n == k && cmp.Compare(c.score, cs[n-1].score) <= 0 {
			continue
		}
		j := n
		for j > 0 && cmp.Compare(c.score, cs[j-1].score) > 0 {
			j--
		}
		if n < k {
			n++
		}
		copy(cs[j+1:n], cs[j:n-1])
		cs[j] = c
	}
	return cs[:n]
}

// fewLabels returns the count of the commonest label of kids, counted
// in a table of up to fewMax distinct labels (most nodes' children are a
// few tags: a map costs more); ok is false beyond.
func fewLabels(t *stm.Tree, kids []int32) (best int, ok bool) {
	var labels [fewMax]uint64
	var counts [fewMax]int
	n := 0
	for _, c := range kids {
		l := t.Label[c]
		j := 0
		for j < n && labels[j] != l {
			j++
		}
		if j == n {
			if n == fewMax {
				return 0, false
			}
			labels[n] = l
			n++
		}
		counts[j]++
		best = max(best, counts[j])
	}
	return best, true
}

// fewMax is the most distinct child labels fewLabels counts.
const fewMax = 8

// discountWrappers zeroes the tag count of candidates that have a candidate
// descendant holding 90% or more of their tags.
func discountWrappers(p *page, cs []candidate) {
	t := p.t
	// idx[node]: 1 + the node's index in cs, 0 for other nodes
	idx := resize(p.candIdx, t.Len())
	p.candIdx = idx
	for i, c := range cs {
		idx[c.node] = int32(i + 1)
	}
	for i := len(cs) - 1; i >= 0; i-- {
		c := cs[i]
		for a := int(t.Parent[c.node]); a >= 0; a = int(t.Parent[a]) {
			if j := int(idx[a]) - 1; j >= 0 {
				if float64(p.tags[c.node]) >= 0.9*float64(p.tags[a]) {
					cs[j].tags = 0
				}
				break
			}
		}
	}
}

func ratio(x, m float64) float64 {
	if m <= 0 {
		return 0
	}
	return x / m
}
