package extraction_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"golang.org/x/net/html"
)

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

func TestParseCharsets(t *testing.T) {
	pad := "<!-- " + strings.Repeat("x", 1100) + " -->"
	tests := []struct {
		name, ct string
		raw      []byte
		want     string
	}{
		{"utf-8 meta after 1 KB", "", []byte(pad + `<meta charset="utf-8"><p>caf` + "\xc3\xa9 \xe2\x80\xa6</p>"), "café …"},
		{"gbk meta", "", []byte(`<meta charset="gbk"><p>` + "\xc4\xe3\xba\xc3</p>"), "你好"},
		{"latin-1 by header", "text/html; charset=iso-8859-1", []byte("<p>caf\xe9</p>"), "café"},
		{"no label, not utf-8", "", []byte("<p>caf\xe9</p>"), "café"},
		{"empty", "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := extraction.Parse(tt.raw, tt.ct)
			if err != nil {
				t.Fatal(err)
			}
			if got := textOf(doc); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}
