package extraction_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// gitCommand is one entry of git.html's command lists: the term's link
// text and address and the description.
type gitCommand struct{ name, href, desc string }

// gitCommands returns the entries of the definition lists inside the
// div.sect1 whose h2 has the given id (the lists of its div.sect2 groups).
func gitCommands(doc *html.Node, id string) []gitCommand {
	collapse := func(n *html.Node) string { return strings.Join(strings.Fields(textOf(n)), " ") }
	var out []gitCommand
	var walk func(n *html.Node, in bool)
	walk = func(n *html.Node, in bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.DataAtom == atom.Div && attrOf(c, "class") == "sect1":
				h := firstOf(c, atom.H2)
				walk(c, h != nil && attrOf(h, "id") == id)
			case in && c.DataAtom == atom.Dt:
				a := firstOf(c, atom.A)
				if a == nil {
					continue
				}
				dd := c.NextSibling
				for dd != nil && dd.Type != html.ElementNode {
					dd = dd.NextSibling
				}
				if dd == nil || dd.DataAtom != atom.Dd {
					continue
				}
				out = append(out, gitCommand{collapse(a), attrOf(a, "href"), collapse(dd)})
			default:
				walk(c, in)
			}
		}
	}
	walk(doc, false)
	return out
}

// TestSectionsOfCommandsAreNotRecords: git.html (testdata/lists,
// provenance in testdata/README.md) lists git's commands under two
// sections, "High-level commands" and "Low-level commands", each a
// heading, some prose and groups (div.sect2, a heading over a definition
// list of commands, each list a small share of the page). The page's 16
// sections were its records, each a whole section; every command is one
// record now, its name, its link and its description, and no record holds
// two commands.
func TestSectionsOfCommandsAreNotRecords(t *testing.T) {
	doc := parse(t, string(readTestdata(t, "testdata/lists/git.html")))
	cmds := append(gitCommands(doc, "_high_level_commands_porcelain"), gitCommands(doc, "_low_level_commands_plumbing")...)
	if len(cmds) < 150 {
		t.Fatalf("the sections hold %d commands: not the page the test was written for", len(cmds))
	}
	recs, err := extraction.ExtractPage(doc, extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]string{} // a record's values by each command name it holds
	for _, r := range recs {
		var vals []string
		for _, f := range r.Fields {
			vals = append(vals, f.Value)
		}
		for _, v := range vals {
			byName[v] = vals
		}
	}
	var missing, wrong []string
	for _, c := range cmds {
		vals, ok := byName[c.name]
		switch {
		case !ok:
			missing = append(missing, c.name)
		case !ownRecord(vals, c):
			wrong = append(wrong, c.name)
		}
	}
	if len(missing) > 0 || len(wrong) > 0 {
		t.Errorf("of %d commands, %d are in no record (%.60q...), %d not a record of their own with link and description (%.60q...)",
			len(cmds), len(missing), strings.Join(missing, " "), len(wrong), strings.Join(wrong, " "))
	}
}

// ownRecord reports whether vals are c's name, address and description,
// in any order, and nothing else.
func ownRecord(vals []string, c gitCommand) bool {
	if len(vals) != 3 {
		return false
	}
	name, link, desc := false, false, false
	for _, v := range vals {
		name = name || v == c.name
		link = link || strings.HasSuffix(v, "/"+c.href) || v == c.href
		desc = desc || v == c.desc
	}
	return name && link && desc
}

// productsPage is a shop's list of 8 products of three shapes (with an
// image, with a price and a link, or neither), each a heading over a
// definition list of three to six specifications labelled alike in every
// product (Weight, Colour, Size...): loosely similar records, each a
// heading and a list whose entries hold most of its text.
func productsPage() string {
	var b strings.Builder
	b.WriteString(`<html><body><h1>Shop</h1><div class="products">`)
	specs := [][2]string{{"Weight", "2 kg"}, {"Colour", "red"}, {"Size", "large"}, {"Material", "oak wood"}, {"Warranty", "two years"}, {"Origin", "Portugal"}}
	for i := range 8 {
		fmt.Fprintf(&b, `<div class="product"><h3>Product number %d</h3>`, i)
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, `<p>A handsome item for the home, number %d.</p><img src="p%d.png">`, i, i)
		case 1:
			fmt.Fprintf(&b, `<div class="price"><span>Now</span> <b>%d.99 EUR</b></div><p><a href="/p/%d">See the reviews</a> and <em>compare</em></p>`, 10+i, i)
		}
		b.WriteString(`<dl class="specs">`)
		for _, s := range specs[:3+i%4] {
			fmt.Fprintf(&b, `<dt>%s</dt><dd>%s, item %d, a longer description of it</dd>`, s[0], s[1], i)
		}
		b.WriteString(`</dl></div>`)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

// TestRecordsHoldingLabelledListsStayRecords: products each a heading over
// a short definition list of specifications are records, not sections
// grouping the specifications: the terms are labels the products share
// (labels.go), so the list is the product's fields. Every product is one
// record, its name first, holding its last specification.
func TestRecordsHoldingLabelledListsStayRecords(t *testing.T) {
	recs, err := extraction.ExtractPage(parse(t, productsPage()), extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 8 {
		t.Fatalf("%d records, want the 8 products", len(recs))
	}
	for i, r := range recs {
		var vals []string
		for _, f := range r.Fields {
			vals = append(vals, f.Value)
		}
		last := fmt.Sprintf(", item %d, a longer description of it", i)
		if len(vals) == 0 || vals[0] != fmt.Sprintf("Product number %d", i) || !strings.HasSuffix(vals[len(vals)-1], last) {
			t.Errorf("record %d is %q, want product %d, name first and its specifications", i, vals, i)
		}
	}
}
