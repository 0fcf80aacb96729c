package extraction_test

import (
	"fmt"
	"strings"
	"testing"
)

// cardLinkPage is a page whose results are cards each wrapped in one link
// (picture, title and summary inside the <a>), below a mega-menu of six
// columns of plain links with about as much text. Both lists are all link
// text; only the menu is links of one field each.
func cardLinkPage() string {
	var b strings.Builder
	b.WriteString(`<html><body><nav><ul class="menu">`)
	for i := range 6 {
		fmt.Fprintf(&b, `<li class="col"><a href="/c/%d">Category %d</a><ul class="sub">`, i, i)
		for j := range 5 {
			fmt.Fprintf(&b, `<li><a href="/c/%d/%d">Sub %d-%d</a></li>`, i, j, i, j)
		}
		b.WriteString(`</ul></li>`)
	}
	b.WriteString(`</ul></nav><div class="results">`)
	for i := range 3 {
		fmt.Fprintf(&b, `<a class="card" href="/r/%d"><div class="pic"><img src="/img/%d.jpg"></div><h3>Recipe title %d</h3><p>A summary of recipe %d, baked.</p></a>`, i, i, i, i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

func TestCardsInsideOneLinkBeatMenu(t *testing.T) {
	wantRecords(t, cardLinkPage(), 3, "title", "Recipe title %d") // the 3 cards
}
