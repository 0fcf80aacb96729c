package extraction

import "golang.org/x/net/html/atom"

// A table may give a name defined in several places a row of its own,
// the name and nothing else (its other cells empty), followed by a row
// per definition whose first cell is of another kind (Haddock's index:
// <td class="src">yield#</td><td>&nbsp;</td>, then <td class="alt">1
// (Function)</td><td class="module">GHC.Base, GHC.Exts</td>...). One
// record a row left each definition without the name it defines; the
// name's row and its definitions' rows are one record.

// groupRows joins to each group head among s's records (headRow) the
// records right after it that continue it: single rows, adjacent, whose
// first cell is not of the head's first cell's tag.class (the next such
// row is the next name). Records other than single table rows are left
// as they are.
func groupRows(p *page, s segmentation) segmentation {
	t := p.t
	for _, r := range s.records {
		if len(r) != 1 || tagOf(t, int(r[0])) != atom.Tr {
			return s
		}
	}
	var out [][]int32
	for j := 0; j < len(s.records); j++ {
		h := s.records[j][0]
		first, ok := headRow(p, h)
		if !ok {
			out = append(out, s.records[j])
			continue
		}
		rec, last := []int32{h}, h
		for j+1 < len(s.records) {
			r := s.records[j+1][0]
			c := t.Children(int(r))
			if r != last+t.Size[last] || len(c) == 0 || p.name(c[0]) == p.name(first) {
				break // not the next row, or the next name's
			}
			rec, last = append(rec, r), r
			j++
		}
		out = append(out, rec)
	}
	if len(out) == len(s.records) {
		return s
	}
	s.records = out
	return s
}

// headRow reports whether row i is a group head: two cells or more, the
// first holding text, the others no text, link or image. It returns the
// first cell.
func headRow(p *page, i int32) (first int32, ok bool) {
	t := p.t
	cells := t.Children(int(i))
	if len(cells) < 2 || p.text[cells[0]] == 0 {
		return 0, false
	}
	for _, c := range cells {
		if a := tagOf(t, int(c)); a != atom.Td && a != atom.Th {
			return 0, false
		}
	}
	for _, c := range cells[1:] {
		if p.text[c] != 0 || t.Size[c] > 2 {
			return 0, false // content, or an element (a link, an image) in it
		}
	}
	return cells[0], true
}
