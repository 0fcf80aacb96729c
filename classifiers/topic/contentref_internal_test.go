package topic

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extractContentRef is ExtractContent as it was written first: both texts
// built as the walk goes, one of them thrown away.
func extractContentRef(doc *html.Node) Content {
	var plain, anchor strings.Builder
	var plainRunes, anchorRunes int
	var walk func(n *html.Node, inAnchor bool)
	walk = func(n *html.Node, inAnchor bool) {
		switch n.Type {
		case html.ElementNode:
			if isNoiseTag(n.DataAtom) || isNoise(n) && !keepsNoise(n) {
				return
			}
			if n.DataAtom == atom.A {
				inAnchor = true
			}
		case html.TextNode:
			runes := text.NonSpaceRunes(n.Data)
			if runes == 0 {
				return
			}
			b := &plain
			if inAnchor {
				b, anchorRunes = &anchor, anchorRunes+runes
			} else {
				plainRunes += runes
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(n.Data)
			return
		case html.CommentNode, html.DoctypeNode:
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inAnchor)
		}
		if n.Type == html.ElementNode && n.DataAtom != atom.A && !inAnchor && isBlock(n.DataAtom) {
			plain.WriteByte(' ')
		}
	}
	walk(doc, false)
	c := Content{TextRunes: plainRunes + anchorRunes, AnchorRunes: anchorRunes}
	c.Hub = c.TextRunes > 0 && float64(anchorRunes) > HubRatio*float64(c.TextRunes)
	if c.Hub {
		c.Text = anchor.String()
	} else {
		c.Text = plain.String()
	}
	return c
}

// TestExtractContentReference: building only the text the content is
// made of gives what building both did, on the real pages and on small
// cases (hub-like or not, blocks, nested links, no text).
func TestExtractContentReference(t *testing.T) {
	docs := realDocs(t)
	for _, src := range []string{
		"", "<p>a</p>", "<a href=x>a</a>", "<p><a href=x>one</a> two</p><div>three</div>",
		"<ul><li><a href=a>x</a></li><li><a href=b>y z</a></li></ul><p>w</p>",
		"<div>a<div>b</div>c</div><a href=x><p>in</p></a>", "<nav>n</nav><p>  </p><p>é x</p>",
	} {
		doc, err := html.Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	for i, doc := range docs {
		for range 2 { // the second time with a walker from the pool
			if got, want := ExtractContent(doc), extractContentRef(doc); got != want {
				t.Errorf("doc %d: ExtractContent = %+.80v, want %+.80v", i, got, want)
			}
		}
	}
}

// BenchmarkExtractContent is the content of the real pages of testdata
// (html and docs), as OnPage reads every fetched page.
func BenchmarkExtractContent(b *testing.B) {
	docs := realDocs(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = 0
		for _, d := range docs {
			n += len(ExtractContent(d).Text)
		}
	}
	if n == 0 {
		b.Fatal("no content")
	}
	b.ReportMetric(float64(n), "bytes/op")
}
