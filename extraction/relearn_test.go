package extraction_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/extraction"
)

// portalPage is a search portal page: a small "popular" list on every
// page, and on result pages a large list of rich results.
func portalPage(results int) *html.Node {
	var b strings.Builder
	b.WriteString(`<html><body><div class="popular"><h4>Popular</h4>`)
	for i := range 4 {
		fmt.Fprintf(&b, `<a href="/s?q=%d">query %d</a> `, i, i)
	}
	b.WriteString(`</div><div id="results">`)
	for i := range results {
		fmt.Fprintf(&b, `<div class="result"><a class="t" href="/doc/%d">Result title number %d about things</a><p class="s">A snippet of text for result %d that says something useful.</p><span class="d">1 Jan 2005</span></div>`, i, i, i)
	}
	b.WriteString(`</div></body></html>`)
	doc, _ := html.Parse(strings.NewReader(b.String()))
	return doc
}

// TestClusterRelearnsFromResultPages: the first page of a cluster (the
// portal's home, with only the popular list) must not fix the records of
// the result pages to that list.
func TestClusterRelearnsFromResultPages(t *testing.T) {
	ce := extraction.NewClusterExtractor(extraction.Config{})
	if _, err := ce.Extract(7, "home", portalPage(0)); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		recs, err := ce.Extract(7, fmt.Sprintf("results-%d", i), portalPage(20))
		if err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			continue // the learned shape may still be the home page's
		}
		if len(recs) != 20 {
			t.Fatalf("result page %d: %d records, want the 20 results", i, len(recs))
		}
		joined := ""
		for _, f := range recs[0].Fields {
			joined += f.Value + " "
		}
		if !strings.Contains(joined, "snippet") {
			t.Errorf("result page %d: first record %q is not a result", i, joined)
		}
	}
}
