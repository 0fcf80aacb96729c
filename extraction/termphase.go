package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A definition list is groups of one or more terms (dt) followed by one
// or more descriptions (dd). Records started at each occurrence of one
// cluster of its children (segment) start at a description when the
// descriptions are one cluster and the terms several (an option with a
// short and a long form, a term sharing the next one's description):
// every record of git-diff.html's options was the description of one
// option followed by the terms of the next, each term paired with the
// wrong description, and the first option, before the first
// description, was in no record. A record of a definition list's
// children starts at a term and holds the descriptions after it,
// whatever the similarity of adjacent records prefers.
//
// Records the similarity prefers that start at terms are kept as they are
// (git-config.html's variables, one record a term where terms share a
// description). Those that start at a description give way to the best of
// the segmentations that start records at terms and the list's groups (a
// run of terms and its descriptions, one record each), scored alike. The
// preferred records are not shifted to the terms before them: their
// cluster skips the descriptions unlike its own, the shifted records hold
// several options where it does, and they won on similarity
// (git-switch.html: 4 records for its 22 options; the groups give 22).

// definitionList reports whether kids are the children of a definition
// list of two groups or more: every child a dt or a dd, a term after a
// description. A list of one term and its descriptions, or one with other
// children (SQLite's c3ref pages, <dd><p>...<p>... parsed as a dd and its
// paragraphs' siblings; anchors before each term, lang_corefunc.html), is
// left as it is.
func definitionList(t *stm.Tree, kids []int32) bool {
	groups := 0
	for i, k := range kids {
		switch tagOf(t, int(k)) {
		case atom.Dt:
			if i == 0 || !isTag(t, kids[i-1], atom.Dt) {
				groups++
			}
		case atom.Dd:
		default:
			return false
		}
	}
	return groups >= 2
}

// phased reports whether recs, records of consecutive children of the
// definition list kids, each running up to the next one's start
// (cutRecords), start at terms: each at the first term of a group, or at
// a term right after a record of the term before it alone (a term sharing
// the next one's description: git-config.html's gitweb.category to
// gitweb.url, one record a term).
func phased(t *stm.Tree, kids []int32, recs [][]int32) bool {
	i, head := 0, 0 // kids[head] is the first term of kids[i]'s group
	for j, r := range recs {
		for ; ; i++ {
			if isTag(t, kids[i], atom.Dt) && (i == 0 || !isTag(t, kids[i-1], atom.Dt)) {
				head = i
			}
			if kids[i] == r[0] {
				break
			}
		}
		if !isTag(t, kids[i], atom.Dt) || i > head && (j == 0 || len(recs[j-1]) != 1 || recs[j-1][0] != kids[i-1]) {
			return false
		}
	}
	return true
}

// phasedSegmentation is a segmentation of a definition list's children
// that starts records at terms, with its similarity when segment scored
// it (a segmentation that could not be chosen is not matched).
type phasedSegmentation struct {
	recs   [][]int32
	start  int // recs[0][0] is kids[start]
	sim    float64
	scored bool
}

// retryInPhase offers segment, once the segmentation it preferred
// started records at descriptions, those of the definition list kids
// that start them at terms and the list's groups: consider those already
// scored, try the others.
func retryInPhase(t *stm.Tree, kids []int32, inPhase []phasedSegmentation, consider func(segmentation, int), try func([][]int32, int) (float64, bool)) {
	for _, c := range inPhase {
		if c.scored {
			consider(segmentation{records: c.recs, sim: c.sim}, c.start)
		} else {
			try(c.recs, c.start)
		}
	}
	try(terms(t, kids), 0) // the list's groups, one record each (entries.go)
}

// termGroups reports whether the records of the list region r, whose
// node's children are a definition list (the caller tests that before it
// reads the page's entries), are groups of it (each starting at a term
// of r's node) that the page's entries e hold as they
// are, each record an entry's start, and more: the page's other lists of
// r's tag.class (PostgreSQL's dl.variablelist), which moreRegions takes
// only when they segment alike (runtime-config-replication.html's list of
// two parameters, one holding a nested list of its own) or hold two
// records or more (sql-createtableas.html's GLOBAL or LOCAL, a list of
// one term). A list of records one a term, where terms share a
// description (git-config.html), is not the entries' (a run of terms and
// its description each) and stays a list region.
func termGroups(t *stm.Tree, r, e region) bool {
	if len(e.records) <= len(r.records) {
		return false
	}
	starts := make(map[int32]bool, len(e.records))
	for _, rec := range e.records {
		starts[rec[0]] = true
	}
	for _, rec := range r.records {
		if int(t.Parent[rec[0]]) != r.node || !isTag(t, rec[0], atom.Dt) || !starts[rec[0]] {
			return false
		}
	}
	return true
}

// joinContinued joins to the record before it each record of a definition
// list's children that opens with a term continuing the one above
// (continued): a signature written over several terms is one entry, not
// one record a line.
func joinContinued(t *stm.Tree, recs [][]int32) [][]int32 {
	var joined [][]int32
	for i, r := range recs {
		if i == 0 || !continued(t, r[0]) {
			joined = append(joined, r)
			continue
		}
		last := &joined[len(joined)-1]
		*last = append(append(make([]int32, 0, len(*last)+len(r)), *last...), r...)
	}
	return joined
}

// continued reports whether node i is a term whose text opens with two
// non-breaking spaces or more: the indentation of a signature's next line.
// The zsh manual writes compadd's synopsis as eleven terms, the ten after
// "compadd [ -akqQfenUl12C ] [ -F array ]" indented so ("[ -P prefix ] [
// -S suffix ]"...), before one description: each line was a record, the
// last one holding the description. Terms that share a description
// without such indentation are names of their own (git-config.html's
// gitweb.category to gitweb.url) and stay records one a term.
func continued(t *stm.Tree, i int32) bool {
	if !isTag(t, i, atom.Dt) {
		return false
	}
	// the tree leaves out text of spaces alone (a tt of eight
	// non-breaking spaces): the term's own nodes are read
	var first func(n *html.Node) (string, bool)
	first = func(n *html.Node) (string, bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				if d := strings.TrimLeft(c.Data, " \t\r\n"); d != "" {
					return d, true
				}
			} else if d, ok := first(c); ok {
				return d, true
			}
		}
		return "", false
	}
	d, _ := first(t.Node[i])
	return strings.HasPrefix(d, "\u00a0\u00a0")
}
