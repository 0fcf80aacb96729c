package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// entries finds the API-reference entries or table rows of a
// documentation page when no list region was found (no region one node
// holds, or prose outweighs it): either definition lists of one
// tag.class (Sphinx's dl.py function, class, method…; a list without a
// class by its wrapper's, asciidoc's div.dlist > dl) whose first child is
// a term (dt), or the body rows of tables of one tag.class (PostgreSQL's
// table.table), wherever they sit (a few under each section heading, so
// no one region holds them). The group with the most text wins when it
// has at least cfg.MinRecords records holding together cfg.MinCoverage of
// the page's text. Each entry (signature and description) or row is one
// record; entries nested in another entry of their group (methods inside
// a class) belong to the outer one, unless the page documents fewer than
// cfg.MinRecords outer entries (one class): then the members of those are
// the records (a class's methods and attributes). Table rows must look
// like data, each table judged on its own (dataTables); where the prose
// around them outweighs them, or they hold less than cfg.MinCoverage of
// the page's text, only the rows of tables with a header row are records
// (headedTables: an article's data tables; a table without one
// illustrates it). Entries need not: an entry's description is prose
// itself, and a module page's essay does not make its functions less of
// a list. Table rows below cfg.MinCoverage come back with their share
// (region.cov): the caller decides whether so few rows are the page's
// records.
func entries(p *page, cfg Config) (region, bool) {
	t := p.t
	groups := map[string]*entryGroup{}
	var order []string
	group := func(name string) *entryGroup {
		g, ok := groups[name]
		if !ok {
			g = &entryGroup{}
			groups[name] = g
			order = append(order, name)
		}
		return g
	}
	framed := p.own < float64(p.text[0]) // the frame's lists are the site's, beside the page's content
	for i := range t.Len() {
		// an element's label is its atom: only dl and table elements
		// of a named group are read further
		if l := t.Label[i]; l != uint64(atom.Dl) && l != uint64(atom.Table) || p.inCode[i] || framed && p.framed[i] {
			continue // a table of code lines holds no entries
		}
		name := listGroup(t, i)
		if name == "" {
			continue
		}
		switch tagOf(t, i) {
		case atom.Dl:
			if entryNode(p, int32(i)) {
				group("dl "+name).entry(t, i)
			}
		case atom.Table:
			if rows := bodyRows(t, i); len(rows) > 0 {
				group("table "+name).rows(t, i, rows)
			}
		}
	}
	total := float64(p.text[0])
	var best [][]int32
	bestName, bestText := "", 0
	for _, name := range order {
		recs := groups[name].records(p, cfg.MinRecords)
		text := recordsText(p, recs)
		if len(recs) >= cfg.MinRecords && text > bestText {
			best, bestName, bestText = recs, name, text
		}
	}
	if best == nil || total == 0 {
		return region{}, false
	}
	table := strings.HasPrefix(bestName, "table ")
	if table {
		// layout tables of the class left out, each table judged alone
		if best = dataTables(t, best); len(best) < cfg.MinRecords {
			return region{}, false
		}
		bestText = recordsText(p, best)
	}
	if !table && float64(bestText)/total < cfg.MinCoverage {
		return region{}, false
	}
	_, lists, _ := strings.Cut(bestName, " ") // "dl dl.py": the lists' tag.class
	r := region{node: int(t.Parent[best[0][0]]), kind: lists, sim: 1, cov: float64(bestText) / total, records: best}
	if table && (r.cov < cfg.MinCoverage || article(p, r)) {
		// an article's tables: those with a header row are its data
		// (headedTables), the others illustrate it
		if r.records = headedTables(t, best); len(r.records) < cfg.MinRecords {
			return region{}, false
		}
		r.node, r.cov = int(t.Parent[r.records[0][0]]), float64(recordsText(p, r.records))/total
	}
	return r, true
}

// listGroup names the group of the dl or table at i: its tag.class, or,
// for a definition list without a class, its wrapper's tag.class and dl
// (asciidoc's div.dlist > dl: the option and variable lists of git's
// manual pages, none of them records where a page's prose outweighed its
// main list: 77 of git-doc's 242 pages, 2,409 terms); "" for a table
// without a class or a dl whose wrapper has none either (a page's own
// markup rather than a generator's entries).
func listGroup(t *stm.Tree, i int) string {
	n := t.Node[i]
	if attr(n, "class") != "" {
		return segmentName(n)
	}
	par := int(t.Parent[i])
	if t.Label[i] != uint64(atom.Dl) || par < 0 || attr(t.Node[par], "class") == "" {
		return ""
	}
	return segmentName(t.Node[par]) + " > dl"
}

// entryGroup is the entries (or table rows) of one tag.class of a page:
// the outermost ones, and the members nested directly in them. A
// definition list is kept as its node until the group is read (records):
// whether its records are the dl or its term/description pairs depends on
// all the lists of its group.
type entryGroup struct {
	outer   [][]int32
	members [][]int32
	end     int  // end of the last outer entry (or table)
	endIn   int  // end of the last member
	pairs   bool // some dl of the group holds several entries
}

// entry adds the dl at i: an outer entry, a member of the last outer one,
// or, deeper, part of a member.
func (g *entryGroup) entry(t *stm.Tree, i int) {
	switch end := i + int(t.Size[i]); {
	case i >= g.end:
		g.outer, g.end = append(g.outer, []int32{int32(i)}), end
	case i >= g.endIn:
		g.members, g.endIn = append(g.members, []int32{int32(i)}), end
	default:
		return
	}
	g.pairs = g.pairs || len(terms(t, t.Children(i))) > 1
}

// terms returns the entries among a dl's children kids: each run of
// terms and their descriptions (a definition list's groups), and each
// other child (a div wrapping a pair).
func terms(t *stm.Tree, kids []int32) [][]int32 {
	var runs [][]int32
	afterDD := false
	for _, c := range kids {
		dt := isTag(t, c, atom.Dt)
		switch {
		case dt && afterDD, !dt && !isTag(t, c, atom.Dd), len(runs) == 0:
			runs = append(runs, []int32{c})
		default:
			runs[len(runs)-1] = append(runs[len(runs)-1], c)
		}
		afterDD = !dt
	}
	return runs
}

// rows adds the body rows of the table at i unless it sits inside an
// entry of its group.
func (g *entryGroup) rows(t *stm.Tree, i int, rows []int32) {
	if i < g.end {
		return
	}
	for _, r := range rows {
		g.outer = append(g.outer, []int32{r})
	}
	g.end = i + int(t.Size[i])
}

// records returns the outer entries, or their members when there are
// fewer than least outer entries and at least least members. Each
// definition list is one record (an API entry: its signatures, then one
// description), unless some list of the group holds several entries (a
// list of menu commands, a glossary): then every list's entries are the
// records, so that the group's records share one shape. A list's
// descriptions without text before its first term (texinfo's index
// anchors, entryNode) are no entry of their own.
func (g *entryGroup) records(p *page, least int) [][]int32 {
	t := p.t
	recs := g.outer
	if len(g.outer) < least && len(g.members) >= least {
		recs = g.members
	}
	if !g.pairs {
		return recs
	}
	var split [][]int32
	for _, r := range recs {
		for _, run := range terms(t, t.Children(int(r[0]))) {
			if isTag(t, run[0], atom.Dt) || recordsText(p, [][]int32{run}) > 0 {
				split = append(split, run)
			}
		}
	}
	return split
}

// dataRows reports whether table rows look like data, not layout: no row
// holds a table, and two thirds of the rows have the most common number
// of cells.
func dataRows(t *stm.Tree, rows [][]int32) bool {
	cells := map[int]int{}
	most := 0
	for _, row := range rows {
		r := row[0]
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

// entryList reports whether every record of r is one API entry: a
// definition list whose first child is a term, the lists entries reads.
// Segmented as a list region, the entries of one section may leave out
// those of another shape (Sphinx's dl.py exception after two dl.py
// functions: tomllib.html, uu.html of the Python docs).
// A record of several entries (and empty anchors between them: Sphinx's
// span.target) is entries too: constants.html's list region glued
// NotImplemented to its neighbours and left out quit, exit, copyright,
// credits and license.
func entryList(p *page, r region) bool {
	for _, rec := range r.records {
		if !entryNode(p, rec[0]) {
			return false
		}
		for _, i := range rec[1:] {
			if p.text[i] > 0 && !entryNode(p, i) {
				return false
			}
		}
	}
	return true
}

// entryNode reports whether node i is an API entry, a definition list
// whose first child holding text is a term. Texinfo 6.8 puts the index
// anchors of a table's first item in a description before its term
// (<dd><span id="index-AUTO_005fCD"></span></dd><dt>AUTO_CD): the zsh
// manual's option, parameter and widget lists, none of them records
// where the list of one section was too small a share of the page.
func entryNode(p *page, i int32) bool {
	t := p.t
	if tagOf(t, int(i)) != atom.Dl {
		return false
	}
	for _, k := range t.Children(int(i)) {
		if isTag(t, k, atom.Dt) {
			return true
		}
		if p.text[k] > 0 {
			return false
		}
	}
	return false
}

// moreEntries reports whether the entries e hold every record of the
// list region r and more.
func moreEntries(e, r region) bool {
	if len(e.records) <= len(r.records) {
		return false
	}
	in := make(map[int32]bool, len(e.records))
	for _, rec := range e.records {
		for _, i := range rec {
			in[i] = true
		}
	}
	for _, rec := range r.records {
		if !in[rec[0]] {
			return false
		}
	}
	return true
}
