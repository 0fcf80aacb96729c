package extraction

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/htmldecode"
	"golang.org/x/net/html/atom"
)

// dlKids parses a definition list written as its children's kinds ("t t d
// t d": dt dt dd dt dd) and returns the page and the list's children.
func dlKids(t *testing.T, kinds string) (*page, []int32) {
	t.Helper()
	var b strings.Builder
	b.WriteString("<dl>")
	for i, k := range strings.Fields(kinds) {
		tag := map[string]string{"t": "dt", "d": "dd"}[k]
		b.WriteString("<" + tag + ">" + strings.Repeat("x", i+1) + "</" + tag + ">")
	}
	b.WriteString("</dl>")
	doc, err := htmldecode.Parse([]byte(b.String()), "text/html; charset=utf-8")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPage(doc, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.t.Len() {
		if p.t.Label[i] == uint64(atom.Dl) {
			return p, p.t.Children(i)
		}
	}
	t.Fatalf("%q: no dl", kinds)
	return nil, nil
}

// cut returns the records of kids starting at starts, each running up to
// the next one, the last to the end.
func cut(kids []int32, starts ...int) [][]int32 {
	var recs [][]int32
	for j, s := range starts {
		end := len(kids)
		if j+1 < len(starts) {
			end = starts[j+1]
		}
		recs = append(recs, kids[s:end])
	}
	return recs
}

// TestPhased: a definition list's records are in phase when each starts
// at the first term of a group, or at a term right after a record of the
// term before it alone.
func TestPhased(t *testing.T) {
	for _, tt := range []struct {
		kinds  string
		starts []int
		want   bool
	}{
		{"t d t d", []int{0, 2}, true},
		{"t d t d", []int{1, 3}, false},            // a description, then the next term
		{"t t d t t d", []int{2, 5}, false},        // git-diff.html's options, main's records
		{"t t d t d", []int{0, 1, 3}, true},        // one record a term: gitweb.category alone
		{"t d t t d", []int{0, 2, 3}, true},        // the same after a group
		{"t d t t d t d", []int{0, 3, 5}, false},   // a term after a description, its own in the next record
		{"t t d t t d t d", []int{0, 3, 6}, true},  // groups
		{"t t d t t d t d", []int{1, 3, 6}, false}, // the first record inside a run of terms
	} {
		p, kids := dlKids(t, tt.kinds)
		if !definitionList(p.t, kids) {
			t.Fatalf("%q: not a definition list of two groups", tt.kinds)
		}
		if got := phased(p.t, kids, cut(kids, tt.starts...)); got != tt.want {
			t.Errorf("%q records at %v: phased = %v, want %v", tt.kinds, tt.starts, got, tt.want)
		}
	}
}

// TestDefinitionListGroups: the groups of a definition list, and the
// lists that are not segmented by groups.
func TestDefinitionListGroups(t *testing.T) {
	p, kids := dlKids(t, "t t d d t d t")
	if !definitionList(p.t, kids) {
		t.Fatal("t t d d t d t: not a definition list of two groups")
	}
	want := [][]int32{kids[0:4], kids[4:6], kids[6:7]}
	if got := terms(p.t, kids); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("terms = %v, want %v", got, want)
	}
	for _, kinds := range []string{"t d d d", "t t d", "d d"} {
		p, kids := dlKids(t, kinds)
		if definitionList(p.t, kids) {
			t.Errorf("%q: a definition list of two groups, want one group or none", kinds)
		}
	}
}
