package extraction_test

import (
	"fmt"
	"strings"
	"testing"
)

// megaMenuPage is a page whose header holds a mega-menu (a column per
// product line: a heading, a list of links, a "featured" note) with more
// text than the page's short list of three products.
func megaMenuPage() string {
	var b strings.Builder
	b.WriteString(`<html><body><header><nav class="gnb"><ul class="main">`)
	for i := range 4 {
		fmt.Fprintf(&b, `<li class="line"><span class="head">Product line %d</span><ul class="sub">`, i)
		for j := range 5 {
			fmt.Fprintf(&b, `<li><a href="/l/%d/%d">Category %d-%d</a></li>`, i, j, i, j)
		}
		fmt.Fprintf(&b, `</ul><p class="featured">Featured this week: line %d</p></li>`, i)
	}
	b.WriteString(`</ul></nav></header><div class="results"><ul class="list">`)
	for i := range 3 {
		fmt.Fprintf(&b, `<li class="product"><a class="name" href="/p/%d">Monitor model %d</a><span class="price">$%d</span><span class="size">%d inch</span><p class="desc">A curved screen with vivid colours for work and play, model %d.</p></li>`, i, i, 100+i, 24+i, i)
	}
	b.WriteString(`</ul></div></body></html>`)
	return b.String()
}

func TestMegaMenuInHeaderLosesToList(t *testing.T) {
	wantRecords(t, megaMenuPage(), 3, "title", "Monitor model %d") // the 3 products
}

// TestOwnContentBesideFrameMenu: a page's own list is measured against the
// page's content outside its frame. The Erlang/OTP docs (Debian's
// erlang-doc: testdata/landmark/erlang-kernel-erl_epmd.html) put the
// application's table of contents in a nav beside every page, each module
// with a list of its functions: it held most of erl_epmd's text, so the
// page's own function entries fell under MinCoverage and the nav's 37
// modules were the records of every module page (wx: 236 on each of 229
// pages).
func TestOwnContentBesideFrameMenu(t *testing.T) {
	recs := wantFileRecords(t, "testdata/landmark/erlang-kernel-erl_epmd.html", 5, 5, "register_node(Name, Port) -> Result")
	for _, r := range recs {
		if r.Kind != "article.func" {
			t.Errorf("record %d is of kind %q, want the page's article.func entries", r.Index, r.Kind)
		}
	}
}

// TestFrameIsNotRecords: a list inside the page's frame (nav, header,
// footer landmarks) is the site's, repeated on every page, not the page's
// records, when the page has content of its own beside it. The Erlang/OTP
// tutorial's chapter on C nodes (testdata/landmark/erlang-tutorial-cnode.html)
// is prose and code beside the nav of the tutorial's 9 chapters: no list of
// its own, so the nav's chapters were its records (and so on 230 of
// erlang-doc's first 1,000 pages, 37,919 records).
func TestFrameIsNotRecords(t *testing.T) {
	for _, r := range wantFileRecords(t, "testdata/landmark/erlang-tutorial-cnode.html", 0, 0, "") {
		t.Errorf("record %d of kind %q: %.80v", r.Index, r.Kind, r.Fields)
	}
}

// TestSelfNavIsNotRecords: a site's side table of contents in a plain div
// (no nav landmark) that marks the page itself with a link to it
// (href="") is the site's navigation, not the page's records. Racket's
// Scribble puts one beside every page (div.tocset, the current page as
// <a href="" class="tocviewselflink">): raco/pkg.html
// (testdata/landmark/racket-raco-pkg.html) is one paragraph beside the 19
// tools of raco, which were its records.
func TestSelfNavIsNotRecords(t *testing.T) {
	for _, r := range wantFileRecords(t, "testdata/landmark/racket-raco-pkg.html", 0, 0, "") {
		t.Errorf("record %d of kind %q: %.80v", r.Index, r.Kind, r.Fields)
	}
}

// TestRepeatedNavBarIsNotRecords: a navigation bar repeated above and
// below the page's content (the same links in the same order, in blocks of
// one shape) is the page's frame. Scribble's div.navsettop and
// div.navsetbottom around a page of one paragraph (htdp-ptr/index.html,
// testdata/landmark/racket-htdp-ptr-index.html) began two records, the
// first holding the whole page.
func TestRepeatedNavBarIsNotRecords(t *testing.T) {
	for _, r := range wantFileRecords(t, "testdata/landmark/racket-htdp-ptr-index.html", 0, 0, "") {
		t.Errorf("record %d of kind %q: %.80v", r.Index, r.Kind, r.Fields)
	}
}

// TestSelfLinkInContentKeepsRecords: a link to the page itself inside the
// page's own content is no navigation. Scribble links a module's name to
// its own page (href="") in the form that documents it: slideshow/legacy.html
// (testdata/landmark/racket-slideshow-legacy.html) documents two modules,
// each a record, beside the side table of contents of the slideshow manual.
func TestSelfLinkInContentKeepsRecords(t *testing.T) {
	wantFileRecords(t, "testdata/landmark/racket-slideshow-legacy.html", 2, 2, "The slideshow/pict library re-exports")
}

// TestEntriesLinkingAlikeAreNotBars: two entries of an API page may link
// the same types in the same order, one the first and the other the last
// of their list, without being a navigation bar: each is under its own
// heading. Erlang's jinterface Javadoc (OtpNodeStatus.html,
// testdata/landmark/erlang-jinterface-OtpNodeStatus.html) documents three
// methods whose first and last take (String, boolean, Object).
func TestEntriesLinkingAlikeAreNotBars(t *testing.T) {
	wantFileRecords(t, "testdata/landmark/erlang-jinterface-OtpNodeStatus.html", 3, 3, "public void remoteStatus")
}

// TestSelfNavWithoutHeadingIsNotRecords: on a page without a heading the
// side table of contents around the self link is the highest block that
// is mostly links, beside a rest of the page that is not. Racket's
// compatibility pages (mzlib/mzlib_md5.html,
// testdata/landmark/racket-mzlib-md5.html: a require form and a note)
// have no h1–h6; the 59 libraries of mzlib beside them were their records.
func TestSelfNavWithoutHeadingIsNotRecords(t *testing.T) {
	for _, r := range wantFileRecords(t, "testdata/landmark/racket-mzlib-md5.html", 0, 0, "") {
		t.Errorf("record %d of kind %q: %.80v", r.Index, r.Kind, r.Fields)
	}
}

// TestFrameTablesAreNoEntries: the tables of the page's frame are not its
// entries either. Racket's class pages (embedded-gui/hline_.html,
// testdata/landmark/racket-embedded-gui-hline.html: no heading, the class's
// definition box) list the methods the class inherits in a
// table.inherited inside the side table of contents; once the side
// contents was the frame, its 16 inherited methods were the page's table
// rows (entries.go).
func TestFrameTablesAreNoEntries(t *testing.T) {
	for _, r := range wantFileRecords(t, "testdata/landmark/racket-embedded-gui-hline.html", 0, 0, "") {
		t.Errorf("record %d of kind %q: %.80v", r.Index, r.Kind, r.Fields)
	}
}

// TestOutsideMainIsFrame: a page that marks its main content (one visible
// main element or role main holding the page's text) gives no records from
// outside it. Sphinx writes the page in div.body role=main and the footer
// in a div.footer outside it, no landmark: on the Python 3.11 docs
// (howto/index.html, testdata/landmark/python-howto-index.html) the
// footer's copyright and license lines were the records of 47 pages.
func TestOutsideMainIsFrame(t *testing.T) {
	for _, r := range wantFileRecords(t, "testdata/landmark/python-howto-index.html", 0, 100, "") {
		for _, f := range r.Fields {
			for _, s := range []string{"Python Software Foundation", "History and License", "Please donate", "Found a bug?", "Sphinx 5.3.0"} {
				if strings.Contains(f.Value, s) {
					t.Errorf("record %d holds the footer's %q: %.80v", r.Index, s, r.Fields)
				}
			}
		}
	}
}

// mainPage is a list of three products beside a main landmark (main, the
// open tag given) holding body.
func mainPage(main, body string) string {
	var b strings.Builder
	b.WriteString(`<html><body>` + main + body + `</main></div><div class="results"><ul class="list">`)
	for i := range 3 {
		fmt.Fprintf(&b, `<li class="product"><a class="name" href="/p/%d">Monitor model %d</a><span class="price">$%d</span><p class="desc">A curved screen with vivid colours for work and play, model %d.</p></li>`, i, i, 100+i, i)
	}
	b.WriteString(`</ul></div></body></html>`)
	return b.String()
}

// TestMainGuards: the frame outside main is taken only from a main the
// page can be trusted on: one main landmark, not empty, holding a tenth or
// more of the page's text outside landmarks. A main around the page's
// title beside a list far larger, or two mains, leave the list its
// records; a main holding the page's introduction (a quarter of its text)
// makes the list beside it frame.
func TestMainGuards(t *testing.T) {
	title := `<h1>Monitors</h1>`
	intro := `<h1>Monitors</h1><p>Our monitors for work and play, sorted by price, this week.</p>`
	wantRecords(t, mainPage(`<div><main>`, ``), 3, "title", "Monitor model %d")
	wantRecords(t, mainPage(`<div><main>`, title), 3, "title", "Monitor model %d")
	wantRecords(t, mainPage(`<main>`+intro+`</main><div><main>`, intro), 3, "title", "Monitor model %d")
	wantRecords(t, mainPage(`<div><main>`, intro), 0, "title", "")
	wantRecords(t, mainPage(`<div><div role="main">`, intro), 0, "title", "")
}
