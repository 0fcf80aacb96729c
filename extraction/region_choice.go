package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

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
// columns of a grid of records, results grouped under headings by kind):
// when every subtree of the records that holds a tenth of the region's
// content or more holds a list of at least two similar inner records (its
// children, or those of the wrapper holding most of its content below a
// group heading: innerList), the inner records are more alike than the
// outer ones and hold 70% or more of their content, the inner records
// replace the outer ones.
func flatten(p *page, m *stm.Matcher, cfg Config, r region) region {
	var inner [][]int32
	outer, in, sims, n := recordsText(p, r.records), 0, 0.0, 0
	for _, rec := range r.records {
		for _, i := range rec {
			if 10*int(p.text[i]) < outer {
				continue
			}
			if p.t.Label[i] == stm.TextLabel {
				return r
			}
			seg := innerList(p, m, cfg, int(i))
			if len(seg.records) < 2 || seg.sim < cfg.MinSimilarity {
				return r
			}
			in += recordsText(p, seg.records)
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

// innerDepth is how many wrappers innerList descends through.
const innerDepth = 4

// innerList segments the children of node i into records; when they do not
// split into two or more similar records, it descends into the child
// holding most of i's content (half or more: a group's list below the
// group's heading, inside wrappers), up to innerDepth levels.
func innerList(p *page, m *stm.Matcher, cfg Config, i int) segmentation {
	var seg segmentation
	for range innerDepth + 1 {
		seg = segmentNode(m, p, i, cfg)
		if len(seg.records) >= 2 && seg.sim >= cfg.MinSimilarity {
			return seg
		}
		next := -1
		for _, c := range p.t.Children(i) {
			if next < 0 || p.text[c] > p.text[next] {
				next = int(c)
			}
		}
		if next < 0 || p.t.Label[next] == stm.TextLabel || 2*p.text[next] < p.text[i] {
			return seg
		}
		i = next
	}
	return seg
}

// moreRegions returns up to cfg.MoreRegions further regions of the main
// region's list: other nodes on its tag.class path from the root (the
// second and third result tables of a page, a list continued after an
// advert) whose records resemble the main region's, whatever their
// coverage. Regions whose first record resembles the main region's first
// are taken first, in document order; the slots left go to regions whose
// typical record resembles the main region's typical one, or the next
// record of its size when that is the main region's first (a list's first
// record may be an odd one: git-config.html's variables continue after
// prose in three lists, the main one opening with a term that shares the
// next one's description, another with advice.*, whose description holds
// a list of 33 terms); these pass the guards of a main region too (not
// prose, sentences or a sentence's pieces, mostly one tag.class: a
// reference page's paragraphs of prose under its examples). Other lists
// that merely look alike (a sidebar of related items, the tabs of a
// carousel) are not taken: they are a different list on the page.
func moreRegions(p *page, m *stm.Matcher, cfg Config, main region) []region {
	var out, odd []region // odd: first records unlike the main region's
	clash := func(n int) bool {
		for _, o := range out {
			if related(p.t, n, o.node) {
				return true
			}
		}
		return false
	}
	for _, n := range samePath(p, main.node) {
		if len(out) >= cfg.MoreRegions {
			return out
		}
		seg := segmentNode(m, p, n, cfg)
		if len(seg.records) < cfg.MinRecords || seg.sim < cfg.MinSimilarity || related(p.t, n, main.node) || clash(n) {
			continue
		}
		r := region{node: n, records: seg.records, sim: seg.sim}
		if m.SimilarityForests(p.t, seg.records[0], p.t, main.records[0]) >= cfg.MinSimilarity {
			out = append(out, r)
		} else {
			odd = append(odd, r)
		}
	}
	if len(odd) == 0 {
		return out
	}
	want, next := typical(p.t, main.records)
	for _, r := range odd {
		if len(out) >= cfg.MoreRegions {
			break
		}
		if clash(r.node) || notRecords(p, r.records) {
			continue
		}
		rec, _ := typical(p.t, r.records)
		if m.SimilarityForests(p.t, rec, p.t, want) >= cfg.MinSimilarity ||
			next != nil && m.SimilarityForests(p.t, rec, p.t, next) >= cfg.MinSimilarity {
			out = append(out, r)
		}
	}
	return out
}

// typical returns the record of median size (nodes) of recs, the first of
// that size: a list's usual record, not its odd first one. When that is
// the first record after all, next is the next record of its size (nil
// if none): the first record of a definition list in phase may be an odd
// one of the usual size (PostgreSQL's app-createuser.html, the positional
// username before the options).
func typical(t *stm.Tree, recs [][]int32) (first, next []int32) {
	sizes := make([]int, len(recs))
	for i, r := range recs {
		sizes[i] = t.ForestSize(r)
	}
	mid := median(sizes)
	for i, s := range sizes {
		switch {
		case s != mid:
		case first == nil:
			first = recs[i]
			if i > 0 {
				return first, nil
			}
		default:
			return first, recs[i]
		}
	}
	return first, nil
}

// strayMin is the similarity to the main region's first record from which
// a sibling of the region with the records' tag.class is a record too
// (fitted on the tune half).
const strayMin = 0.8

// strays returns the siblings of the main region's node that are records
// lifted out of the list: elements with the tag.class of the region's
// one-node records (the first result of a search engine's list, rendered
// before the container of the others) whose similarity to the region's
// first record is at least strayMin. Each is a region of one record.
func strays(p *page, m *stm.Matcher, main region, taken []region) []region {
	t := p.t
	first := main.records[0]
	par := int(t.Parent[main.node])
	if len(first) != 1 || par < 0 {
		return nil
	}
	name := p.name(first[0])
	var out []region
	for _, c := range t.Children(par) {
		n := int(c)
		if n == main.node || t.Label[n] == stm.TextLabel || p.name(c) != name {
			continue
		}
		clash := false
		for _, r := range taken {
			clash = clash || related(t, n, r.node)
		}
		if clash {
			continue
		}
		if s := m.SimilarityForests(t, []int32{c}, t, first); s >= strayMin {
			out = append(out, region{node: n, records: [][]int32{{c}}, sim: s})
		}
	}
	return out
}

// samePath returns the other nodes whose tag.class path from the root is
// the one of node.
func samePath(p *page, node int) []int {
	t := p.t
	want := nodePath(p, node)
	var out []int
	var walk func(i, depth int)
	walk = func(i, depth int) {
		if depth == len(want) {
			if i != node {
				out = append(out, i)
			}
			return
		}
		for _, c := range t.Children(i) {
			if t.Label[c] != stm.TextLabel && p.name(c) == want[depth] {
				walk(int(c), depth+1)
			}
		}
	}
	walk(0, 0)
	return out
}

// related reports whether a is b or an ancestor or descendant of b.
func related(t *stm.Tree, a, b int) bool {
	if a > b {
		a, b = b, a
	}
	return b < a+int(t.Size[a])
}

// landmark is the weight of regions inside a page's navigation, header or
// footer when the page is all frame (fitted on the tune half: any weight
// from 0 to 0.4 gives the same records there; an aside is not a landmark
// here, since some sites put their results in one). On a page with
// content outside its frame, candidates takes no region inside it.
const landmark = 0.4

// Landmark kinds (landmarkOf).
const (
	noLandmark    = iota
	frameLandmark // nav, header, footer; roles navigation, banner, contentinfo
	mainLandmark  // main; role main
)

// landmarkOf tells whether node i itself is a landmark of the page's
// frame (frameLandmark): a nav, header or footer element, or the ARIA
// roles navigation, banner and contentinfo (page.framed marks it and the
// nodes inside it). Mega-menus (a column of links per product line under
// a heading, richer than a menu of single links) and footers of link
// columns are lists of the page's frame, not its data. A main element or
// role main is the page's main content (mainLandmark: page.reset frames
// what lies outside it, see mainFrame). page.walk tells it of each
// element as it reads its attributes; TestWalkIsRebuild holds the walk
// to this.
func landmarkOf(t *stm.Tree, i int) int {
	if t.Label[i] == stm.TextLabel {
		return noLandmark
	}
	n := t.Node[i]
	switch n.DataAtom {
	case atom.Nav, atom.Header, atom.Footer:
		return frameLandmark
	case atom.Main:
		return mainLandmark
	}
	for _, a := range n.Attr { // attr(n, "role"), inline: it runs on every element
		if a.Key == "role" && a.Namespace == "" {
			switch strings.TrimSpace(a.Val) {
			case "navigation", "banner", "contentinfo":
				return frameLandmark
			case "main":
				return mainLandmark
			}
			return noLandmark
		}
	}
	return noLandmark
}

// ownText is the page's content outside its frame (the text of
// page.framed left out: landmarks, and the navigation markBars and
// markSelfNav find), page.own: whether the page has content beside its
// frame. Read before markBars and markSelfNav (page.ownLandmarks), it is
// the measure of a region outside the frame: a site's table of contents
// in a nav beside every page (the Erlang/OTP docs' left menu, every module
// and function of the application) would otherwise leave a module page's
// own entries under MinCoverage. A page that is all frame keeps its whole
// text.
func ownText(p *page) float64 {
	// the text of each framed node whose parent is not: the frame's
	// subtrees are whole (every node inside a framed one is framed:
	// landmarks, bars and code are marked as subtrees, and mainFrame
	// leaves only main's ancestors out), so each is passed over at once
	t := p.t
	n := t.Len()
	framed, size, text := p.framed[:n], t.Size[:n], p.text[:n]
	frame := 0
	for i := 0; i < n; {
		if !framed[i] {
			i++
			continue
		}
		frame += int(text[i])
		i += int(size[i])
	}
	if frame >= int(p.text[0]) {
		return float64(p.text[0])
	}
	return float64(int(p.text[0]) - frame)
}

// linkOnly is the weight of link-list regions (fitted on the tune half).
const linkOnly = 0.4

// richness weighs a region's records by their inner structure: the share
// of records holding two or more fields (content leaves, text or image, on
// distinct tag paths from the record root: a title and a snippet, a name
// and a price, a picture and its caption), times linkOnly when their text
// is nearly all the text of plain links (90% or more): links holding text
// and formatting only, one field each. Menus, footers, tag clouds, filter
// and dropdown lists (one link or word per item, or a column of alike
// links) weigh little against a list of records with fields; a card whose
// picture, title and summary sit inside one link is not a menu item (tune
// 0.978 / 0.969 -> 0.980 / 0.970, per page recall 0.938 -> 0.943).
func richness(p *page, recs [][]int32) float64 {
	t := p.t
	all, link, multi := 0, 0, 0
	plain, notPlain := -1, -1 // the last link found plain, not plain
	// label-path hash of each node of the current subtree, and the node
	// itself or its nearest ancestor in the subtree that is a link (-1:
	// none): the page's buffers
	path, link1 := p.paths, p.links
	defer func() { p.paths, p.links = path, link1 }()
	for _, r := range recs {
		var first uint64
		fields := 0
		for _, i := range r {
			size := int(t.Size[i])
			if cap(path) < size {
				path = make([]uint64, size)
				link1 = make([]int32, size)
			}
			path, link1 = path[:size], link1[:size] // parents precede children: no stale reads
			for j := int(i); j < int(i)+size; j++ {
				h := t.Label[j]
				up := int32(-1) // the nearest link above j, in the subtree
				if j > int(i) {
					q := int(t.Parent[j]) - int(i)
					h ^= path[q] * 0x100000001b3
					up = link1[q]
				}
				path[j-int(i)] = h
				tag := tagOf(t, j)
				if tag == atom.A {
					link1[j-int(i)] = int32(j)
				} else {
					link1[j-int(i)] = up
				}
				leaf := tag == atom.Img
				if t.Label[j] == stm.TextLabel {
					n := int(p.text[j]) // a text node's: its trimmed length
					leaf = n > 0
					all += n
					if a := int(up); a >= 0 { // read once a subtree, not climbed to for every text
						if a == plain || a != notPlain && inlineLink(t, a) {
							plain, link = a, link+n
						} else {
							notPlain = a
						}
					}
				}
				switch {
				case !leaf:
				case fields == 0:
					first, fields = h, 1
				case h != first:
					fields = 2
				}
			}
		}
		if fields >= 2 {
			multi++
		}
	}
	w := float64(multi) / float64(len(recs))
	if all > 0 && float64(link) >= 0.9*float64(all) {
		w *= linkOnly
	}
	return w
}

// sameClass reports whether at least half of the records start with the
// same tag.class (digits stripped): the blocks of an article (headline,
// byline, body) have matching shapes but distinct classes.
func sameClass(p *page, recs [][]int32) bool {
	t := p.t
	count := map[string]int{}
	most := 0
	for _, r := range recs {
		name := "#text"
		if t.Label[r[0]] != stm.TextLabel {
			name = p.name(r[0])
		}
		count[name]++
		most = max(most, count[name])
	}
	return 2*most >= len(recs)
}
