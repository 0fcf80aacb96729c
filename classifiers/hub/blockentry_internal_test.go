package hub

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// FuzzBlockAndEntryLead checks that the one search of blockAndEntryLead
// answers as the block's search and the entry's do, one after the other
// (firstTextLead with and without the label rule and any site), on every
// element of a page, with the name, href and first text each sets.
func FuzzBlockAndEntryLead(f *testing.F) {
	for _, s := range []string{
		`<ul><li><a href="a.html">A</a></li><li>1. <a href="b.html#x">B</a> text</li><li><a href="http://other.test/">O</a></li></ul>`,
		`<table><tr><td>:%</td><td><a href="c.html#op">op</a></td></tr><tr><th><h3>T</h3></th></tr></table>`,
		`<ul><li>a long label of more than twenty runes <a href="d.html">D</a></li><li>Term name <a href="e.html#f">e</a></li></ul>`,
		`<li><span>x</span><a href="https://other.test/y">y</a> and <a href="z.html">z</a></li><li><a href="#self">s</a></li>`,
		`<li><a href="p.html"><img></a>   <div class="sidebar"><a href="q.html">q</a></div><ul><li><a href="r.html">r</a></li></ul></li>`,
	} {
		f.Add(s, "http://docs.test/dir/page.html")
	}
	f.Fuzz(func(t *testing.T, doc, page string) {
		root, err := html.Parse(strings.NewReader(doc))
		if err != nil {
			return
		}
		for n := range root.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			ref := newLeadFinder(page)
			wantB := ref.firstTextLead(n, maxBlockLabelRunes, true)
			bName, bHref, bFirst := ref.name, ref.href, ref.first
			wantE := ref.firstTextLead(n, 0, false)
			got := newLeadFinder(page)
			got.hrefs = new(hrefCache)
			got.hrefs.next()
			b, e := got.blockAndEntryLead(n)
			if b != wantB || got.name != bName || got.href != bHref || got.first != bFirst {
				t.Fatalf("block of <%s> in %q: %v %d %q %q, want %v %d %q %q", n.Data, doc, b, got.name, got.href, got.first, wantB, bName, bHref, bFirst)
			}
			if e != (leadMemo{wantE, ref.name, ref.href, ref.first, ref.decl, ref.celled}) {
				t.Fatalf("entry of <%s> in %q: %+v, want %v %d %q %q %d %v", n.Data, doc, e, wantE, ref.name, ref.href, ref.first, ref.decl, ref.celled)
			}
		}
	})
}
