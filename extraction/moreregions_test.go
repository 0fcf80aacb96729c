package extraction_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestListContinuedAfterProse: git-config.html (testdata/lists, provenance
// in testdata/README.md) lists its configuration variables in the section
// Variables as three definition lists, prose between them: advice.* to
// gitcvs.dbTableNamePrefix (252 terms), gitweb.category to tar.umask
// (344), trace2.normalTarget to worktree.guessRemote (42). The middle one
// is the main region, and its first record is a term alone (gitweb.category
// shares the description of the three terms after it), unlike the first
// records of the other two (advice.*, whose description holds a list of 33
// terms, and trace2.normalTarget): the page gave the 344 variables of the
// middle list only. Every variable is a record, titled by its name, and the
// terms of a description's nested list are not records of their own.
func TestListContinuedAfterProse(t *testing.T) {
	doc := parse(t, string(readTestdata(t, "testdata/lists/git-config.html.gz")))
	want := sectionTerms(doc, "_variables")
	if len(want) != 252+344+42 {
		t.Fatalf("the page's section holds %d terms, want 638: not the page the test was written for", len(want))
	}
	recs, err := extraction.ExtractPage(doc, extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		title := ""
		for _, f := range r.Fields {
			if f.Name == "title" {
				title = f.Value
				break
			}
		}
		got = append(got, title)
	}
	if !slices.Equal(got, want) {
		missing := 0
		for _, w := range want {
			if !slices.Contains(got, w) {
				missing++
			}
		}
		t.Errorf("%d records, %d of the %d variables missing; want one record per variable titled by its name, in document order",
			len(got), missing, len(want))
	}
}

// sectionTerms returns the text of the terms (dt) of the definition lists
// that are children of the section whose heading has the id, in document
// order, the terms of lists nested in their descriptions left out.
func sectionTerms(doc *html.Node, id string) []string {
	var sect *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && sect == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.H3 && attrOf(c, "id") == id {
				sect = n
				return
			}
			find(c)
		}
	}
	find(doc)
	if sect == nil {
		return nil
	}
	var terms []string
	for div := sect.FirstChild; div != nil; div = div.NextSibling {
		if div.Type != html.ElementNode || attrOf(div, "class") != "dlist" {
			continue
		}
		for dl := div.FirstChild; dl != nil; dl = dl.NextSibling {
			if dl.DataAtom != atom.Dl {
				continue
			}
			for dt := dl.FirstChild; dt != nil; dt = dt.NextSibling {
				if dt.DataAtom == atom.Dt {
					terms = append(terms, strings.Join(strings.Fields(textOf(dt)), " "))
				}
			}
		}
	}
	return terms
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestFurtherListAfterPositionalArgument: app-createuser.html of the
// PostgreSQL docs (testdata/lists, provenance in testdata/README.md) lists
// in its section Options the program's options, a positional argument
// first (username), and after a paragraph its connection options (-h,
// -p, -U, -w, -W), each list a dl.variablelist on the same path. The
// records of both start at their terms, so the first of the options'
// list is the odd username, the median size of its records too: the
// connection options, compared with it twice (first records, then
// typical ones), were left out. Every option of the section is a record:
// its terms, then its description.
func TestFurtherListAfterPositionalArgument(t *testing.T) {
	doc := parse(t, string(readTestdata(t, "testdata/lists/app-createuser.html")))
	groups := refsectGroups(doc, "id-1.9.4.5.6")
	if len(groups) != 21+5 || groups[0].terms[0] != "username" || !strings.HasPrefix(groups[21].terms[0], "-h host") {
		t.Fatalf("the section holds %d options, want 26 (username first, -h host the 22nd): not the page the test was written for", len(groups))
	}
	wantGroupRecords(t, doc, groups)
}

// TestDefinitionListsOutsideTheMainOne: sql-createtableas.html of the
// PostgreSQL docs (testdata/lists) lists its parameters in two
// dl.variablelists: GLOBAL or LOCAL alone in the first, the 12 others in
// the second (ON COMMIT's description holding a list of its own). The
// second is the main region, its records in phase; the first, a list of
// one term, is no region of two records, and the page's entries, which
// hold it, gave way to the main region. Every parameter is a record: its
// terms, then its description.
func TestDefinitionListsOutsideTheMainOne(t *testing.T) {
	doc := parse(t, string(readTestdata(t, "testdata/lists/sql-createtableas.html")))
	groups := refsectGroups(doc, "id-1.9.3.86.6")
	if len(groups) != 1+12 || groups[0].terms[0] != "GLOBAL or LOCAL" {
		t.Fatalf("the section holds %d parameters, want 13 (GLOBAL or LOCAL first): not the page the test was written for", len(groups))
	}
	wantGroupRecords(t, doc, groups)
}

// refsectGroups returns the groups of the definition lists in the DocBook
// section (div.refsect1) with the id, lists nested in a description left
// out.
func refsectGroups(doc *html.Node, id string) []termGroup {
	var groups []termGroup
	var lists func(n *html.Node)
	lists = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom == atom.Dl {
				groups = append(groups, dlGroups(c)...)
				continue
			}
			lists(c)
		}
	}
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if attrOf(c, "id") == id {
				lists(c)
				return
			}
			find(c)
		}
	}
	find(doc)
	return groups
}

// wantGroupRecords wants each group a record of the page: its terms, then
// its description, as the record's values (white space left out: a term's
// forms may be written with only a <br /> between them).
func wantGroupRecords(t *testing.T, doc *html.Node, groups []termGroup) {
	t.Helper()
	recs, err := extraction.ExtractPage(doc, extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	bare := func(s string) string { return strings.Join(strings.Fields(s), "") }
	var missing []string
	for _, g := range groups {
		found := false
		for _, r := range recs {
			var vals []string
			for _, f := range r.Fields {
				vals = append(vals, f.Value)
			}
			n := slices.Index(vals, g.desc)
			if n > 0 && bare(strings.Join(vals[:n], "")) == bare(strings.Join(g.terms, "")) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, g.terms[0])
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d records; %d of the %d groups have no record of their terms, then their description: %q",
			len(recs), len(missing), len(groups), missing)
	}
}
