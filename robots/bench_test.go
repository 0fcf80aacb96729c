package robots_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/crawl-project/crawl/robots"
)

// benchFile is a robots.txt shaped like a large real one: a few agent
// groups and a "*" group of 200 rules, a tenth of them with wildcards.
func benchFile() string {
	var b strings.Builder
	b.WriteString("User-agent: Googlebot\nDisallow: /nogoogle/\n\nUser-agent: *\n")
	for i := range 200 {
		switch {
		case i%10 == 0:
			fmt.Fprintf(&b, "Disallow: /*/print-%d$\n", i)
		case i%3 == 0:
			fmt.Fprintf(&b, "Allow: /section-%d/public/\n", i)
		default:
			fmt.Fprintf(&b, "Disallow: /section-%d/\n", i)
		}
	}
	b.WriteString("Crawl-delay: 1\nSitemap: https://h.example/sitemap.xml\n")
	return b.String()
}

var benchPaths = []string{"/", "/section-5/page.html", "/section-9/public/x", "/a/b/print-40", "/news/2026/11/25/article-title.html?ref=home"}

// BenchmarkAllowed measures the decision per URL, against temoto's.
func BenchmarkAllowed(b *testing.B) {
	txt := benchFile()
	ours := robots.Parse([]byte(txt))
	theirs, err := robotstxt.FromString(txt)
	if err != nil {
		b.Fatal(err)
	}
	want := []bool{true, false, true, false, true}
	b.Run("robots", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i, p := range benchPaths {
				if ours.Allowed("crawl", p) != want[i] {
					b.Fatalf("Allowed(%q) != %v", p, want[i])
				}
			}
		}
	})
	b.Run("temoto", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range benchPaths {
				theirs.TestAgent(p, "crawl")
			}
		}
	})
}

// BenchmarkParse measures parsing the file, against temoto's.
func BenchmarkParse(b *testing.B) {
	txt := []byte(benchFile())
	b.Run("robots", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if r := robots.Parse(txt); r.Directives() != 205 {
				b.Fatalf("Directives() = %d, want 205", r.Directives())
			}
		}
	})
	b.Run("temoto", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := robotstxt.FromBytes(txt); err != nil {
				b.Fatal(err)
			}
		}
	})
}
