package extraction_test

import (
	"fmt"
	"strings"
	"testing"
)

// showMorePage is a list of results of one class but of several kinds (an
// article, a game with a picture and a score, a company), so clustering
// splits them (in no periodic order, so runs of them are not records
// either), ended by a "show more" button of another class.
func showMorePage() string {
	var b strings.Builder
	b.WriteString(`<html><body><div id="nav"><a href="/">Home</a> <a href="/news">News</a></div><div class="search-list">`)
	for i := range 9 {
		fmt.Fprintf(&b, `<div class="search-item"><a class="title" href="/r/%d">Result title number %d</a>`, i, i)
		switch []int{0, 0, 1, 2, 1, 0, 2, 1, 1}[i] {
		case 0:
			fmt.Fprintf(&b, `<span class="kind">Article</span><span class="age">%d days ago</span><p>Snippet of the article %d with some words.</p>`, i+1, i)
		case 1:
			fmt.Fprintf(&b, `<div class="media"><img src="/img/%d.jpg"><div class="score"><span>%d.5</span></div></div><div class="info"><span class="by">by Studio %d for PC, Mac</span><span class="date">%d-Oct-04</span><p>Description of game %d.</p></div>`, i, i, i, 10+i, i)
		default:
			fmt.Fprintf(&b, `<p>Company %d makes interactive things.</p>`, i)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`<div class="load-more"><button>Show 10 More</button></div></div></body></html>`)
	return b.String()
}

func TestUniformListEndedByShowMore(t *testing.T) {
	wantRecords(t, showMorePage(), 9, "title", "Result title number %d") // one per result
}
