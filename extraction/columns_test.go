package extraction_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
)

// rolePage renders n records with a title link, a date, a price, an
// author, a long summary and an image; record 0 alone has a badge (a
// sparse field, 1 of n records).
func rolePage(n int, base string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<html><head><base href="%s"></head><body><h1>Offers</h1><div class="list">`, base)
	for i := range n {
		badge := ""
		if i == 0 {
			badge = `<span class="badge">Top pick</span>`
		}
		fmt.Fprintf(&b, `<div class="offer"><h3><a href="item/%d">Offer %d</a><a class="headerlink" href="#o%d">¶</a></h3>`+
			`<div class="meta"><span class="when">%d Mar 2005</span></div><div class="by-author">Desk %d</div>`+
			`<span class="cost">€%d.50</span><img src="/img/%d.png">%s`+
			`<p>A long description of offer number %d, written to be well over sixty characters long.</p></div>`,
			i, i, i, 10+i, i, 20+i, i, badge, i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

func TestColumnRoles(t *testing.T) {
	ce := extraction.NewClusterExtractor(extraction.Config{})
	recs, err := ce.Extract(1, "http://shop.example/list/page.html", parse(t, rolePage(6, "/base/")))
	if err != nil || len(recs) != 6 {
		t.Fatalf("Extract = %d records, %v; want 6", len(recs), err)
	}
	want := "link=http://shop.example/base/item/0 title=Offer 0 link_2=http://shop.example/base/#o0 " +
		"date=10 Mar 2005 author=Desk 0 price=€20.50 image=http://shop.example/img/0.png other=Top pick " +
		"summary=A long description of offer number 0, written to be well over sixty characters long."
	if got := fieldString(recs[0]); got != want {
		t.Errorf("record 0 =\n%s\nwant\n%s", got, want)
	}
	if got := fieldString(recs[1]); strings.Contains(got, "other=") {
		t.Errorf("record 1 = %s, want no other column", got)
	}
}

// TestColumnCap checks a cluster never gets more than MaxColumns column
// names, however varied its pages: the keys past the cap go to Other.
func TestColumnCap(t *testing.T) {
	ce := extraction.NewClusterExtractor(extraction.Config{})
	names := map[string]bool{}
	for p := range 30 {
		var b strings.Builder
		b.WriteString(`<html><body><ul class="r">`)
		for i := range 5 {
			fmt.Fprintf(&b, `<li class="x"><a href="/%d">Entry %d</a>`, i, i)
			for k := range 4 {
				fmt.Fprintf(&b, `<div class="f%c%c">value %d %d</div>`, 'a'+p, 'a'+k, p, k)
			}
			b.WriteString(`</li>`)
		}
		b.WriteString(`</ul></body></html>`)
		recs, err := ce.Extract(1, "http://a.example/", parse(t, b.String()))
		if err != nil || len(recs) != 5 {
			t.Fatalf("page %d: %d records, %v", p, len(recs), err)
		}
		for _, r := range recs {
			for _, f := range r.Fields {
				names[f.Name] = true
			}
		}
	}
	if len(names) != extraction.MaxColumns || !names[extraction.Other] {
		t.Errorf("%d column names (other: %v), want %d with other", len(names), names[extraction.Other], extraction.MaxColumns)
	}
}

// TestColumnsAcrossItemClasses: a table of contents whose every link
// carries a class of its own (Node.js's a.nav-assert, a.nav-fs...) gives
// one link and one title column, not one key per entry sent to Other.
func TestColumnsAcrossItemClasses(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><div id="column2"><ul>`)
	for _, m := range []string{"assert", "buffer", "child_process", "cluster", "crypto", "dns", "events", "fs"} {
		fmt.Fprintf(&b, `<li><a href="%s.html" class="nav-%s">The %s module</a><p>What %s offers.</p></li>`, m, m, m, m)
	}
	b.WriteString(`</ul></div></body></html>`)
	recs, err := extraction.ExtractPage(parse(t, b.String()), extraction.Config{})
	if err != nil || len(recs) != 8 {
		t.Fatalf("ExtractPage = %d records, %v; want the 8 entries", len(recs), err)
	}
	if got, want := fieldString(recs[2]), "link=child_process.html title=The child_process module text=What child_process offers."; got != want {
		t.Errorf("entry 2 = %s, want %s", got, want)
	}
}
