package extraction_test

import (
	"fmt"
	"strings"
	"testing"
)

// strayPage is a search engine's result list whose first result is
// rendered before the container of the others (as Google's custom search
// does), followed by a short "related" box of another class.
func strayPage() string {
	var b strings.Builder
	result := func(i int) string {
		return fmt.Sprintf(`<div class="result"><a class="t" href="/doc/%d">Result title number %d about things</a><p class="s">A snippet of text for result %d that says something useful.</p><span class="u">example.com/doc/%d</span></div>`, i, i, i, i)
	}
	b.WriteString(`<html><body><div id="nav"><a href="/">Home</a> <a href="/help">Help</a></div><div class="results">`)
	b.WriteString(`<div class="branding">Powered by search</div>`)
	b.WriteString(result(0))
	b.WriteString(`<div class="more">`)
	for i := 1; i < 8; i++ {
		b.WriteString(result(i))
	}
	b.WriteString(`</div><div class="related"><a href="/x">Related search one</a></div></div></body></html>`)
	return b.String()
}

func TestExtractPageStrayFirstRecord(t *testing.T) {
	wantRecords(t, strayPage(), 8, "title", "Result title number %d about things") // the stray first result and 7 in the list, in document order
}
