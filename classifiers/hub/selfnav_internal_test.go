package hub

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// measureNavFirst is MeasurePageAt as it was before the walk found the
// navigation regions as it met self links: selfNavRegions over the whole
// page first, then the walk with them known.
func measureNavFirst(doc *html.Node, pageURL string) Evidence {
	w := walker{leads: newLeadFinder(pageURL)}
	room := walkRooms.Get().(*walkRoom)
	defer room.keep(&w)
	room.lend(&w)
	w.navKnown = true
	w.nNav = selfNavRegions(doc, &w.nav)
	w.walk(doc)
	w.end()
	return w.e
}

// lazyNavSeeds have self links visited, in subtrees the walk leaves out
// (a nav, a div.related), around headings, in the head, more than
// maxSelfLinks of them, and regions inside regions.
var lazyNavSeeds = []string{
	`<div class="related"><ul><li><a href="">This page</a></li><li><a href="a.html">A</a></li></ul></div>
	 <div class="body"><h1>Title</h1><ul><li><a href="b.html">B</a></li><li><a href="c.html">C</a></li></ul></div>`,
	`<div class="tocset"><table><tr><td><a href="">Self</a></td></tr><tr><td><a href="x.html">X</a></td></tr>
	 <tr><td><a href="y.html">Y</a></td></tr></table></div><div class="maincolumn"><h2>Sec</h2><p>text text</p>
	 <ul><li><a href="z.html">Z</a></li></ul></div>`,
	`<div><div class="left"><nav><a href=" ">me</a></nav><ul><li><a href="p.html">P</a></li><li><a href="q.html">Q</a></li></ul></div>
	 <div><h3>H</h3>prose and more prose</div></div>`,
	`<a href=""><h1>Title link</h1></a><div><a href="">s1</a><a href="">s2</a><a href="">s3</a><a href="">s4</a>
	 <a href="">s5</a></div><div><h2>x</h2><div><ul><li><a href="">in</a></li><li><a href="k.html">k</a></li></ul></div></div>`,
	`<head><template><a href="">t</a></template></head><body><ul><li><a href="">no heading</a></li></ul></body>`,
	`<div id="a"><div id="b"><a href="">one</a><a href="m.html">m</a></div><a href="">two</a><a href="n.html">n</a></div><h4>h</h4>`,
}

// TestLazyNavMatchesNavFirst: MeasurePageAt gives what the walk with the
// regions found first gives, on the seeds and the pages of testdata.
func TestLazyNavMatchesNavFirst(t *testing.T) {
	docs := append([]string(nil), lazyNavSeeds...)
	files, _ := filepath.Glob("testdata/pages/*/*.html")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(b))
	}
	for _, d := range docs {
		checkLazyNav(t, d, "http://docs.test/dir/page.html")
	}
}

func FuzzLazyNavMatchesNavFirst(f *testing.F) {
	for _, s := range lazyNavSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) { checkLazyNav(t, doc, "http://docs.test/dir/page.html") })
}

func checkLazyNav(t *testing.T, doc, page string) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		return
	}
	for _, u := range []string{page, ""} {
		if got, want := MeasurePageAt(root, u), measureNavFirst(root, u); got != want {
			t.Fatalf("%q at %q: %+v, want %+v", doc[:min(len(doc), 200)], u, got, want)
		}
	}
}
