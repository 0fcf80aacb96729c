package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// entries finds the API-reference entries or table rows of a
// documentation page when no list region was found (no region one node
// holds, or prose outweighs it): either definition lists of one
// tag.class (Sphinx's dl.py function, class, method…) whose first child is
// a term (dt), or the body rows of tables of one tag.class (PostgreSQL's
// table.table), wherever they sit (a few under each section heading, so
// no one region holds them). The group with the most text wins when it
// has at least cfg.MinRecords records holding together cfg.MinCoverage of
// the page's text. Each entry (signature and description) or row is one
// record; entries nested in another entry of their group (methods inside
// a class) belong to the outer one.
func entries(p *page, cfg Config) (region, bool) {
	t := p.t
	groups := map[string][]int32{}
	var order []string
	ends := map[string]int{}
	add := func(name string, i int, recs ...int32) {
		if e, ok := ends[name]; ok && i < e {
			return // inside an entry of the same group
		}
		if _, ok := groups[name]; !ok {
			order = append(order, name)
		}
		groups[name] = append(groups[name], recs...)
		ends[name] = i + int(t.Size[i])
	}
	for i := range t.Len() {
		// an element's label is its atom: only dl and table elements
		// with a class are read further
		if l := t.Label[i]; l != uint64(atom.Dl) && l != uint64(atom.Table) || attr(t.Node[i], "class") == "" {
			continue
		}
		switch tagOf(t, i) {
		case atom.Dl:
			if kids := t.Children(i); len(kids) > 0 && isTag(t, kids[0], atom.Dt) {
				add("dl "+segmentName(t.Node[i]), i, int32(i))
			}
		case atom.Table:
			if rows := bodyRows(t, i); len(rows) > 0 {
				add("table "+segmentName(t.Node[i]), i, rows...)
			}
		}
	}
	total := float64(p.text[0])
	best, bestText := "", 0
	for _, name := range order {
		text := 0
		for _, i := range groups[name] {
			text += int(p.text[i])
		}
		if len(groups[name]) >= cfg.MinRecords && text > bestText {
			best, bestText = name, text
		}
	}
	if best == "" || total == 0 || float64(bestText)/total < cfg.MinCoverage {
		return region{}, false
	}
	r := region{node: int(t.Parent[groups[best][0]]), sim: 1, cov: float64(bestText) / total}
	for _, i := range groups[best] {
		r.records = append(r.records, []int32{i})
	}
	if strings.HasPrefix(best, "table ") && !dataRows(t, groups[best]) || article(p, r) {
		return region{}, false
	}
	return r, true
}

// dataRows reports whether table rows look like data, not layout: no row
// holds a table, and two thirds of the rows have the most common number
// of cells.
func dataRows(t *stm.Tree, rows []int32) bool {
	cells := map[int]int{}
	most := 0
	for _, r := range rows {
		for j := int(r) + 1; j < int(r)+int(t.Size[r]); j++ {
			if isTag(t, int32(j), atom.Table) {
				return false
			}
		}
		n := 0
		for _, c := range t.Children(int(r)) {
			if isTag(t, c, atom.Td) || isTag(t, c, atom.Th) {
				n++
			}
		}
		cells[n]++
		most = max(most, cells[n])
	}
	return 3*most >= 2*len(rows)
}

// bodyRows returns the rows of table i that hold data cells (td), from
// its tbody elements or the table itself.
func bodyRows(t *stm.Tree, i int) []int32 {
	var rows []int32
	take := func(n int) {
		for _, r := range t.Children(n) {
			if !isTag(t, r, atom.Tr) {
				continue
			}
			for _, c := range t.Children(int(r)) {
				if isTag(t, c, atom.Td) {
					rows = append(rows, r)
					break
				}
			}
		}
	}
	take(i)
	for _, c := range t.Children(i) {
		if isTag(t, c, atom.Tbody) {
			take(int(c))
		}
	}
	return rows
}

// isTag reports whether node i is an element with tag a.
func isTag(t *stm.Tree, i int32, a atom.Atom) bool {
	return tagOf(t, int(i)) == a
}
