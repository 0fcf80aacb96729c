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
