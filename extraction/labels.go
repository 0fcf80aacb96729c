package extraction

import (
	"slices"
	"strings"
	"unicode"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// Field labels. Records often name their own fields: a method's
// "Parameters:", "Returns:" and "Throws:" (Javadoc's dl.notes, Sphinx's
// field lists), a product's "Price:" and "Author:", a profile's
// "Location" and "Industry", each a term (dt) of a definition list inside
// the record followed by the value (dd), or a table row's header cell
// (th) followed by the value (td). By
// position these pairs make columns that mean nothing ("Parameters:" in
// text_12 of one record and text_17 of the next, its value beside it);
// by label they make the columns a person would name. A term is a field
// label when its text is short (labelMax bytes, labelWords words at most)
// and the same label appears in two records of the page or more; then its
// descriptions' leaves are keyed by the label (the dd segment of their
// path is "dd=parameters", "td=current"), the column is named after it (roleOf), and the
// term's own text is not a value. Terms of the record's own definition
// list (a glossary's term) and terms with an id (an API entry's
// signature, an anchor) are never labels: only lists strictly inside a
// record count.
const (
	labelMax   = 40
	labelWords = 4
)

// fieldLabels returns, for the records of a page, the label of each
// description (dd, or td after a th) that follows a field label, and the
// set of the label terms themselves (label ""); nil when the records
// hold none. Each list's children are read once (terms of one parent
// together), so a record holding a list of thousands of pairs costs
// linear time.
func fieldLabels(t *stm.Tree, recs [][]int32) map[int32]string {
	var found []termPair
	records := map[string]int{} // label -> records holding it
	var inRecord map[string]bool
	read := map[int32]bool{} // parents whose terms are in found
	for _, rec := range recs {
		clear(inRecord)
		for _, root := range rec {
			end := int(root) + int(t.Size[root])
			for j := int(root) + 1; j < end; j++ {
				if l := t.Label[j]; l != uint64(atom.Dt) && l != uint64(atom.Th) {
					continue
				}
				parent := t.Parent[j]
				if read[parent] || isRoot(rec, parent) {
					continue // read with an earlier term, or the record's own term or header
				}
				read[parent] = true
				for _, f := range termPairs(t, parent) {
					if inRecord == nil {
						inRecord = map[string]bool{}
					}
					if !inRecord[f.label] {
						inRecord[f.label] = true
						records[f.label]++
					}
					found = append(found, f)
				}
			}
		}
	}
	var out map[int32]string
	for _, f := range found {
		if records[f.label] < 2 {
			continue
		}
		if out == nil {
			out = map[int32]string{}
		}
		out[f.term] = ""
		for _, v := range f.values {
			out[v] = f.label
		}
	}
	return out
}

// termPair is a field label's term and its descriptions.
type termPair struct {
	term   int32
	label  string
	values []int32
}

// termPairs returns the labelled terms among the children of parent, each
// with its descriptions: the dd elements after a dt, the td cells after a
// th, up to the next term. Terms with an id (an API entry's anchored
// signature), without a description (a header row) or whose text is no
// label are left out.
func termPairs(t *stm.Tree, parent int32) []termPair {
	var out []termPair
	open := false // the last term is out[len(out)-1]
	for _, c := range t.Children(int(parent)) {
		switch a := tagOf(t, int(c)); {
		case a == atom.Dt || a == atom.Th:
			open = false
			if attr(t.Node[c], "id") != "" {
				continue
			}
			if l := labelOf(t, int(c)); l != "" {
				out = append(out, termPair{term: c, label: l})
				open = true
			}
		case open && (a == atom.Dd && tagOf(t, int(out[len(out)-1].term)) == atom.Dt ||
			a == atom.Td && tagOf(t, int(out[len(out)-1].term)) == atom.Th):
			out[len(out)-1].values = append(out[len(out)-1].values, c)
		}
	}
	// a term without a description is no field label
	return slices.DeleteFunc(out, func(p termPair) bool { return len(p.values) == 0 })
}

// isRoot reports whether node i is one of the record's roots.
func isRoot(rec []int32, i int32) bool {
	for _, r := range rec {
		if r == i {
			return true
		}
	}
	return false
}

// labelOf returns the label a term's text makes ("Specified by:" gives
// "specified_by"), or "" when the text is no label: empty, longer than
// labelMax bytes or labelWords words, or holding no letter. A label that
// would clash with an exported table's own columns gets "_field".
func labelOf(t *stm.Tree, term int) string {
	var b strings.Builder
	end := term + int(t.Size[term])
	for j := term + 1; j < end; j++ {
		if t.Label[j] != stm.TextLabel {
			continue
		}
		if b.Len()+len(t.Node[j].Data) > 4*labelMax {
			return ""
		}
		b.WriteString(t.Node[j].Data)
		b.WriteByte(' ')
	}
	text := strings.TrimSuffix(collapse(b.String()), ":")
	if text == "" || len(text) > labelMax || strings.Count(text, " ") >= labelWords || strings.ContainsAny(text, "()") {
		return ""
	}
	var s strings.Builder
	letter, gap := false, false
	for _, r := range strings.ToLower(text) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if gap && s.Len() > 0 {
				s.WriteByte('_')
			}
			s.WriteRune(r)
			letter, gap = letter || unicode.IsLetter(r), false
		default:
			gap = true
		}
	}
	if !letter {
		return ""
	}
	switch l := s.String(); l {
	case "page", "record", "cluster", Other:
		return l + "_field"
	default:
		return l
	}
}

// labelPath returns the field label in key k's path ("dd=returns"), or "".
func labelPath(k string) string {
	i := strings.LastIndex(k, "=")
	if i < 0 {
		return ""
	}
	l := k[i+1:]
	if j := strings.IndexAny(l, "/@["); j >= 0 {
		l = l[:j]
	}
	return l
}
