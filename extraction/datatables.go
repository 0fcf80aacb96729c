package extraction

import (
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// The data tables among a page's table rows (entries.go): which tables of
// one tag.class hold data, and which of them are data in an article.

// minHeadedRows is the least number of body rows of a table with a header
// row that is data inside an article: under named columns, two rows are
// data too (PostgreSQL's "Special Character Types", Debian Reference's
// "command exit status" table), as two rows of a list are records
// (Config.MinRecords).
const minHeadedRows = 2

// dataTables returns the rows of recs (entries' table rows, one record a
// row, table after table) whose table looks like data, not layout
// (dataRows: no nested table, two thirds of its rows with one number of
// cells). Each table is judged on its own: a page's tables of one class
// have as many columns as their data has (Debian Reference's chapters:
// tables of two, three and four columns), so that the most common count
// of the group's rows did not hold two thirds of them, and the whole
// group was taken for layout. It returns recs itself when every table
// is data.
func dataTables(t *stm.Tree, recs [][]int32) [][]int32 {
	var out [][]int32 // nil while every table so far is data
	for start := 0; start < len(recs); {
		end := tableEnd(t, recs, start)
		switch data := dataRows(t, recs[start:end]); {
		case out != nil && data:
			out = append(out, recs[start:end]...)
		case out == nil && !data:
			out = append(make([][]int32, 0, len(recs)), recs[:start]...)
		}
		start = end
	}
	if out == nil {
		return recs
	}
	return out
}

// headedTables returns the rows of recs whose table has a header row (a
// row of th cells only, two or more, in its thead or first) and at least
// minHeadedRows body rows: the data tables of an article (Debian
// Reference's "List of ... packages": package, popcon, size,
// description), whose rows are records while its paragraphs are not. A
// table without a header row inside an article stays an illustration of
// it (a layout table, a box of notes).
func headedTables(t *stm.Tree, recs [][]int32) [][]int32 {
	out := recs[:0:0]
	for start := 0; start < len(recs); {
		end := tableEnd(t, recs, start)
		if end-start >= minHeadedRows && headerRow(t, tableOf(t, recs[start][0])) >= 0 {
			out = append(out, recs[start:end]...)
		}
		start = end
	}
	return out
}

// tableEnd returns the end of the run of recs from start whose rows sit
// in one table.
func tableEnd(t *stm.Tree, recs [][]int32, start int) int {
	table := tableOf(t, recs[start][0])
	end := start + 1
	for end < len(recs) && tableOf(t, recs[end][0]) == table {
		end++
	}
	return end
}

// tableOf returns the table of row r: its parent, or the parent of its
// tbody, thead or tfoot.
func tableOf(t *stm.Tree, r int32) int32 {
	p := t.Parent[r]
	switch tagOf(t, int(p)) {
	case atom.Tbody, atom.Thead, atom.Tfoot:
		return t.Parent[p]
	}
	return p
}

// headerRow returns table i's header row, or -1: in its thead, or as its
// first row (directly or in its first tbody), a row of two or more th
// cells and no td.
func headerRow(t *stm.Tree, i int32) int32 {
	for _, c := range t.Children(int(i)) {
		switch tagOf(t, int(c)) {
		case atom.Thead:
			for _, r := range t.Children(int(c)) {
				if headCells(t, r) {
					return r
				}
			}
		case atom.Tbody:
			for _, r := range t.Children(int(c)) {
				if isTag(t, r, atom.Tr) {
					if headCells(t, r) {
						return r
					}
					return -1
				}
			}
			return -1
		case atom.Tr:
			if headCells(t, c) {
				return c
			}
			return -1
		}
	}
	return -1
}

// headCells reports whether r is a row of two or more th cells and no td.
func headCells(t *stm.Tree, r int32) bool {
	if !isTag(t, r, atom.Tr) {
		return false
	}
	n := 0
	for _, c := range t.Children(int(r)) {
		switch tagOf(t, int(c)) {
		case atom.Th:
			n++
		case atom.Td:
			return false
		}
	}
	return n >= 2
}

// rowKinds returns the kind of each of recs when some are the rows of a
// table with a header row: kind followed by the header's cells,
// "table.table > tr (package, popcon, size, description)", so that the
// exports give the tables of one header a table of their own (a chapter
// of Debian Reference holds tables of packages, of key bindings, of
// commands, all of class table); other records keep kind. Nil when no
// record is such a row: every record is of kind.
func rowKinds(t *stm.Tree, recs [][]int32, kind string) []string {
	var kinds []string
	table, named := int32(-1), ""
	for k, r := range recs {
		if !isTag(t, r[0], atom.Tr) {
			continue
		}
		if tb := tableOf(t, r[0]); tb != table {
			table, named = tb, ""
			if h := headerRow(t, tb); h >= 0 {
				named = kind + " (" + headerText(t, h) + ")"
			}
		}
		if named == "" {
			continue
		}
		if kinds == nil {
			kinds = make([]string, len(recs))
			for j := range kinds {
				kinds[j] = kind
			}
		}
		kinds[k] = named
	}
	return kinds
}

// headerText is the text of the cells of header row h, each collapsed,
// joined by ", ".
func headerText(t *stm.Tree, h int32) string {
	var b []byte
	for _, c := range t.Children(int(h)) {
		if !isTag(t, c, atom.Th) {
			continue
		}
		var cell []byte
		for j := int(c) + 1; j < int(c)+int(t.Size[c]); j++ {
			if t.Label[j] == stm.TextLabel {
				cell = append(append(cell, ' '), t.Node[j].Data...)
			}
		}
		if len(b) > 0 {
			b = append(b, ", "...)
		}
		b = append(b, collapse(string(cell))...)
	}
	return string(b)
}
