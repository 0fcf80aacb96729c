package topic_test

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/classifiers/topic"
)

func parse(t testing.TB, s string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestExtractContent(t *testing.T) {
	tests := []struct {
		name    string
		html    string
		hub     bool
		want    []string // substrings the content must hold
		notWant []string
	}{
		{
			name: "article keeps text without anchors and noise",
			html: `<html><head><title>T</title><style>.x{}</style><script>var football=1</script></head><body>
				<nav><a href="/">Home</a> <a href="/sport/">Sport</a></nav>
				<div class="site-header">Brand name</div>
				<p>Arsenal won the league <a href="/arsenal">Arsenal page</a> after a long season.</p>
				<iframe>ad text</iframe><noscript>enable js</noscript>
				<div class="dg-related"><h4>Related stories</h4><a href="/a">Other story</a></div>
				<div id="footer">Copyright</div></body></html>`,
			want:    []string{"Arsenal won the league", "after a long season"},
			notWant: []string{"football", "Home", "Brand", "Arsenal page", "ad text", "enable js", "Related", "Other story", "Copyright", "T"},
		},
		{
			name: "hub keeps anchor texts",
			html: `<body><ul><li><a href="/1">Federer wins in Dubai</a></li><li><a href="/2">Henman loses to Hewitt</a></li>
				<li><a href="/3">England name rugby squad</a></li></ul><p>More</p></body>`,
			hub:     true,
			want:    []string{"Federer wins in Dubai", "England name rugby squad"},
			notWant: []string{"More"},
		},
		{
			name:    "class words, not substrings",
			html:    `<body><div class="football-report">Goals galore</div><div class="sd-menu">Menu item</div></body>`,
			want:    []string{"Goals galore"},
			notWant: []string{"Menu item"},
		},
		{name: "empty", html: ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := topic.ExtractContent(parse(t, tc.html))
			if c.Hub != tc.hub {
				t.Errorf("Hub = %v, want %v (anchor %d of %d)", c.Hub, tc.hub, c.AnchorRunes, c.TextRunes)
			}
			for _, w := range tc.want {
				if !strings.Contains(c.Text, w) {
					t.Errorf("content %q lacks %q", c.Text, w)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(c.Text, w) {
					t.Errorf("content %q holds %q", c.Text, w)
				}
			}
		})
	}
	if c := topic.ExtractContent(nil); c.Text != "" || c.Hub {
		t.Errorf("ExtractContent(nil) = %+v, want zero", c)
	}
}

func TestFollowable(t *testing.T) {
	tests := []struct {
		url  string
		want bool
	}{
		{"http://a.com/", true},
		{"http://a.com/sport/story.html", true},
		{"http://a.com/page.php?id=1", true},
		{"http://a.com/setup.exe", false},
		{"http://a.com/img/1.JPG", false},
		{"http://a.com/report.pdf?x=1", false},
		{"http://a.com/files.v2/readme", true},
		{"http://a.com/a.js#x", false},
	}
	for _, tc := range tests {
		if got := topic.Followable(tc.url); got != tc.want {
			t.Errorf("Followable(%q) = %v, want %v", tc.url, got, tc.want)
		}
	}
}
