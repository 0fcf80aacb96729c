package extraction_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestDefinitionListRecordsStartAtTerms: git-diff.html (testdata/lists,
// provenance in testdata/README.md) lists its options in one definition
// list, a group per option: its terms (the short and long forms, -p -u
// --patch) and then its description. The descriptions fall into one
// cluster and the terms into several, and the records started at the
// descriptions: each was the description of one option followed by the
// terms of the next, and the first option, before the first description,
// was in none. Every group is a record, its terms first, then its
// description, and no record starts at a description.
func TestDefinitionListRecordsStartAtTerms(t *testing.T) {
	doc := parse(t, string(readTestdata(t, "testdata/lists/git-diff.html")))
	groups := sectionGroups(doc, "_options")
	if len(groups) != 79 {
		t.Fatalf("the section holds %d groups, want 79: not the page the test was written for", len(groups))
	}
	recs, err := extraction.ExtractPage(doc, extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	byTerm := map[string][]string{} // a record's values by its first one
	descs := map[string]bool{}
	for _, g := range groups {
		descs[g.desc] = true
	}
	var atDesc []int
	for i, r := range recs {
		var vals []string
		for _, f := range r.Fields {
			vals = append(vals, f.Value)
		}
		if len(vals) == 0 {
			continue
		}
		if descs[vals[0]] {
			atDesc = append(atDesc, i)
		}
		byTerm[vals[0]] = vals
	}
	if len(atDesc) > 0 {
		t.Errorf("%d records start at a description (records %v)", len(atDesc), atDesc)
	}
	var missing, wrong []string
	for _, g := range groups {
		vals, ok := byTerm[g.terms[0]]
		n := len(g.terms)
		switch {
		case !ok:
			missing = append(missing, g.terms[0])
		case len(vals) <= n || !slices.Equal(vals[:n], g.terms) || vals[n] != g.desc:
			wrong = append(wrong, g.terms[0])
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d of the %d options have no record starting at their terms: %q...", len(missing), len(groups), missing[:min(5, len(missing))])
	}
	if len(wrong) > 0 {
		t.Errorf("%d records do not hold their option's terms, then its description: %q...", len(wrong), wrong[:min(5, len(wrong))])
	}
}

// termGroup is one group of a definition list: its terms and the first
// paragraph of its description, their text with white space collapsed.
type termGroup struct {
	terms []string
	desc  string
}

// sectionGroups returns the groups of the first definition list of the
// section whose h2 heading has the id (asciidoc: h2, then div.sectionbody
// > div.dlist > dl).
func sectionGroups(doc *html.Node, id string) []termGroup {
	var dl *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && dl == nil; c = c.NextSibling {
			if c.DataAtom == atom.H2 && attrOf(c, "id") == id {
				for body := c.NextSibling; body != nil && dl == nil; body = body.NextSibling {
					dl = firstOf(body, atom.Dl)
				}
				return
			}
			find(c)
		}
	}
	find(doc)
	if dl == nil {
		return nil
	}
	return dlGroups(dl)
}

// dlGroups returns the groups of the definition list dl.
func dlGroups(dl *html.Node) []termGroup {
	collapse := func(n *html.Node) string { return strings.Join(strings.Fields(textOf(n)), " ") }
	var groups []termGroup
	afterDD := true
	for c := dl.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Dt:
			if afterDD {
				groups = append(groups, termGroup{})
			}
			g := &groups[len(groups)-1]
			g.terms, afterDD = append(g.terms, collapse(c)), false
		case atom.Dd:
			if len(groups) == 0 {
				continue // a description before the first term (texinfo's index anchors)
			}
			if g := &groups[len(groups)-1]; !afterDD {
				g.desc = collapse(firstOf(c, atom.P))
			}
			afterDD = true
		}
	}
	return groups
}

// firstOf returns the first element of n's subtree (n included) with the
// tag a, nil if none.
func firstOf(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := firstOf(c, a); f != nil {
			return f
		}
	}
	return nil
}

// TestContinuedTermsAreOneEntry: Completion-Widgets.html of the zsh
// manual (testdata/lists, texi2any 6.8) writes compadd's synopsis as
// eleven terms before one description, the ten after the first indented
// by a tt of non-breaking spaces ("[ -P prefix ] [ -S suffix ]"). Each
// line was a record of its own, ten of them with nothing but that line,
// the last one holding the description. compadd is one record: its first
// line, its last line and its description. compset's seven forms
// ("compset -p number", "compset -P [ number ] pattern"...) are not
// indented: forms of their own, as git-config.html's variables sharing a
// description are.
func TestContinuedTermsAreOneEntry(t *testing.T) {
	recs := extractFile(t, "testdata/lists/zsh-completion-widgets.html")
	found := false
	for _, r := range recs {
		var vals []string
		for _, f := range r.Fields {
			vals = append(vals, f.Value)
		}
		if strings.HasPrefix(vals[0], "[") {
			t.Errorf("record %d opens with a continued line of a synopsis: %.100q", r.Index, vals)
		}
		if vals[0] == "compadd [ -akqQfenUl12C ] [ -F array ]" {
			all := strings.Join(vals, " ")
			found = strings.Contains(all, "[-M match-spec ] [ -- ] [ completions ... ]") &&
				strings.Contains(all, "This builtin command can be used to add matches")
			if !found {
				t.Errorf("compadd's record %.200q, want its synopsis' last line and its description in it", vals)
			}
		}
	}
	if !found {
		t.Errorf("no record of compadd among %d", len(recs))
	}
}
