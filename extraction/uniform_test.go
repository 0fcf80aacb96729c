package extraction_test

import (
	"fmt"
	"strings"
	"testing"
)

// uniformPage is a list of posts of one class where some posts carry an
// optional expanded body much larger than the rest of a post, so that
// clustering puts them apart from the plain posts. A record made of a run
// of posts would hold two or three posts.
func uniformPage() string {
	var b strings.Builder
	b.WriteString(`<html><body><div id="nav"><a href="/">Home</a> <a href="/top">Top</a></div><div class="listing">`)
	for i := range 9 {
		fmt.Fprintf(&b, `<div class="post"><a class="title" href="/p/%d">Post title number %d</a><span class="score">%d points</span>`, i, i, 10*i)
		if i == 2 || i == 5 {
			b.WriteString(`<div class="expando"><div class="md">`)
			for j := range 6 {
				fmt.Fprintf(&b, `<p>Paragraph %d of the expanded post, <em>with</em> <a href="/l/%d">a link</a> and more words.</p><ul><li>point one</li><li>point two</li></ul>`, j, j)
			}
			b.WriteString(`</div></div>`)
		}
		fmt.Fprintf(&b, `<span class="meta">submitted %d hours ago by user%d</span></div>`, i+1, i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

func TestExtractPageUniformListWithOptionalParts(t *testing.T) {
	wantRecords(t, uniformPage(), 9, "title", "Post title number %d") // one per post
}
