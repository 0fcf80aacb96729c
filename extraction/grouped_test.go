package extraction_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
)

// groupedPage is a results page whose results are grouped by kind, each
// group a heading with a count and a link, then its list of results inside
// a wrapper: the groups are loosely alike, the results inside a group
// closely.
var groupKinds = []string{"Products", "Accessories", "Support", "News", "Videos", "Others"}

func groupedPage() string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="nav"><a href="/">Home</a> <a href="/shop">Shop</a></div><div class="results">`)
	for g, kind := range groupKinds {
		fmt.Fprintf(&b, `<div class="grid"><div class="group"><div class="group-header"><h2>%s</h2><a href="/all/%d">View all</a></div><div class="wrap"><ul class="list">`, kind, g)
		for i := range 3 {
			fmt.Fprintf(&b, `<li class="item"><a class="title" href="/r/%d/%d">%s result %d</a>`, g, i, kind, i)
			switch []int{0, 1, 1, 2, 0, 2}[g] {
			case 0:
				fmt.Fprintf(&b, `<div class="pic"><img src="/img/%d-%d.png"><span class="zoom">Zoom</span></div><div class="details"><span class="price">$%d</span><ul class="colors"><li>black</li><li>white</li></ul><button>Where to buy</button></div>`, g, i, 100+i)
			case 1:
				fmt.Fprintf(&b, `<p class="snippet">A few words about %s result %d, for the reader.</p>`, kind, i)
			default:
				fmt.Fprintf(&b, `<table><tr><td>Date</td><td>%d-Jan-17</td></tr><tr><td>Author</td><td>Support team</td></tr><tr><td>Product</td><td>Phone model %d</td></tr></table>`, i+1, i)
			}
			b.WriteString(`</li>`)
		}
		b.WriteString(`</ul></div></div></div>`)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

func TestGroupedResultsFlattened(t *testing.T) {
	recs, err := extraction.ExtractPage(parse(t, groupedPage()), extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 18 {
		t.Fatalf("ExtractPage found %d records, want 18 (3 per group): %+v", len(recs), recs)
	}
	for i, r := range recs {
		want := fmt.Sprintf("%s result %d", groupKinds[i/3], i%3)
		if got := field(r, "title"); got != want {
			t.Errorf("record %d title %q, want %q", i, got, want)
		}
	}
}
