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

// TestEntriesLinkingAlikeAreNotBars: two entries of an API page may link
// the same types in the same order, one the first and the other the last
// of their list, without being a navigation bar: each is under its own
// heading. Erlang's jinterface Javadoc (OtpNodeStatus.html,
// testdata/landmark/erlang-jinterface-OtpNodeStatus.html) documents three
// methods whose first and last take (String, boolean, Object).
func TestEntriesLinkingAlikeAreNotBars(t *testing.T) {
	wantFileRecords(t, "testdata/landmark/erlang-jinterface-OtpNodeStatus.html", 3, 3, "public void remoteStatus")
}
