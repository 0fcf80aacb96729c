package hub_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// sideTOC is a side table of contents as Scribble writes it (div.tocset, a
// name no boilerplate word knows): rows of a number and a link, the page
// itself among them as <a href="">.
func sideTOC(self string) string {
	var b strings.Builder
	b.WriteString(`<div class="tocset"><table>`)
	for _, p := range []string{"intro", "essentials", "datatypes", "forms", "structs", "modules", "contracts"} {
		b.WriteString(`<tr><td>3</td><td><a href="` + p + `.html">Chapter on ` + p + `</a></td></tr>`)
	}
	b.WriteString(`<tr><td>8</td><td>` + self + `</td></tr></table></div>`)
	return b.String()
}

const ioChapter = `<div class="maincolumn"><div class="main"><h3>8 Input and Output</h3>` +
	`<p>A port is the Racket abstraction of a stream of bytes; this chapter explains the ports of files, strings and pipes, and how to read and write data through them.</p></div></div>`

func TestSelfLinkNavigationLeftOut(t *testing.T) {
	for _, c := range []struct {
		name string
		page string
		nav  bool // the side table's rows are counted as entries
	}{
		{"a side table listing the page itself, href=\"\"", sideTOC(`<a href="" class="tocviewselflink">Input and Output</a>`) + ioChapter, false},
		{"no self link: the side table is counted", sideTOC(`<a href="io.html">Input and Output</a>`) + ioChapter, true},
		{"an empty self link around a picture is no entry", sideTOC(`<a href=""><img src="graph.png"></a>`) + ioChapter, true},
		{"no heading on the page: nothing to tell content from navigation", sideTOC(`<a href="">Input and Output</a>`) +
			strings.ReplaceAll(strings.ReplaceAll(ioChapter, "<h3>", "<p>"), "</h3>", "</p>"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := hub.MeasurePageAt(parse(t, `<html><body>`+c.page+`</body></html>`), "http://docs.test/guide/io.html")
			if got := e.Entry > 0; got != c.nav {
				t.Errorf("side table counted = %v (%+v), want %v", got, e, c.nav)
			}
		})
	}
}

// A paragraph that names the page itself (Scribble links the documented
// module's name to its own page, href="") is prose, not navigation: it
// stays, and its text keeps the page's table of contents under half.
func TestSelfLinkInProseKept(t *testing.T) {
	const page = `<html><body><div class="main"><h3>7 Units</h3>` +
		`<p>The bindings documented in this section are provided by the <a href="">racket/unit</a> and <a href="index.html">racket</a> libraries, but not racket/base; the module name can be used as a language name.</p>` +
		`<table><tr><td><a href="creating.html">7.1 Creating Units</a></td></tr><tr><td><a href="invoking.html">7.2 Invoking Units</a></td></tr></table></div></body></html>`
	e := hub.MeasurePageAt(parse(t, page), "http://docs.test/reference/units.html")
	if e.Text < 100 {
		t.Errorf("the paragraph naming the page was left out: %+v", e)
	}
}

// A table of contents whose deeper sections are places in their section's
// page ("a.html", "a.html#s1", "a.html#s2") counts them as that page's
// entries; a place in a page no entry before it led to stays an index
// entry (here too few pages for an index: nothing).
func TestSectionsOfTheListedPage(t *testing.T) {
	rows := func(hrefs ...string) string {
		var b strings.Builder
		b.WriteString(`<html><body><h3>6 Modules</h3><table>`)
		for _, h := range hrefs {
			b.WriteString(`<tr><td><a href="` + h + `">Section</a></td></tr>`)
		}
		b.WriteString(`</table></body></html>`)
		return b.String()
	}
	for _, c := range []struct {
		name  string
		page  string
		entry int
	}{
		{"a page, then two of its sections, then another page", rows("basics.html", "basics.html#org", "basics.html#coll", "syntax.html"), 28},
		{"sections of a page no entry led to", rows("basics.html#org", "basics.html#coll"), 0},
		{"sections of another page than the last one listed", rows("basics.html", "syntax.html#form"), 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hub.MeasurePageAt(parse(t, c.page), "http://docs.test/guide/modules.html"); got.Entry != c.entry {
				t.Errorf("Entry %d (%+v), want %d", got.Entry, got, c.entry)
			}
		})
	}
}
