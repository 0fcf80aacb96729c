package frontier_test

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// pageBases are bases a page's links are resolved against: directories,
// files, queries, path parameters, ports, upper-case and international
// hosts, dot segments, a bare host, and bases with no fast path at all.
var pageBases = []string{
	"http://example.com/a/b/c.html?x=1#frag",
	"http://Example.COM:80/a/b/",
	"https://example.com:443/a/./b/../c/d.html",
	"http://example.com",
	"http://example.com/",
	"http://example.com/a;jsessionid=1/b;v=2/c.html",
	"http://example.com/%7Euser/dir%2Fx/p%20q.html",
	"http://bücher.de/kapitel/eins.html",
	"http://[::1]:8080/x/y",
	"http://user:pw@example.com/a/b",
	"http://example.com/a/b?sid=9&utm_source=x",
	"http://127.0.0.1:8765/library/asyncio.html",
	"ftp://example.com/a/b",
	"mailto:someone@example.com",
	"http://exa mple.com/a",
}

// pageHrefs are links of the kinds a page holds: plain relative paths
// (the fast path), fragments, "../" chains past the root, and everything
// that must take the slow path.
var pageHrefs = []string{
	"d.html", "os.html#os.fspath", "library/", "a/b/c", "x-y_z~1.2.html",
	"../d.html", "../../d.html#x", "../../../../../../../../../../deep.html", "../",
	"#only-fragment", "#", "#f#g", "#Überblick", "#a b", "#%zz",
	"./d.html", "a/./b", "a/../b", "a//b", "..", ".", "../..", "...",
	"/root", "//other.test/p", "?y=2", "d.html?y=2", "d.html;jsessionid=1",
	"café.html", "a%20b.html", "a b.html", " d.html", "d.html ", "d\t.html",
	"mailto:x@y.z", "javascript:void(0)", "HTTP://Other.test/X", "x:y", "a:b/c",
	"", " ", "%", "d.html#%41", "D.HTML", "e.html#\x7f",
}

// TestPageNormalizerMatchesNormalize: every link of every base gives what
// Normalize gives, the same URL or an error, whichever path it takes.
func TestPageNormalizerMatchesNormalize(t *testing.T) {
	var n frontier.Normalizer
	for _, b := range pageBases {
		base, err := url.Parse(b)
		if err != nil {
			continue
		}
		p := n.ForPage(base)
		for round := range 2 { // the second round reads what the first computed
			for _, h := range pageHrefs {
				want, wantErr := n.Normalize(h, base)
				got, err := p.Normalize(h)
				if got != want || (err == nil) != (wantErr == nil) {
					t.Errorf("base %q, link %q (round %d): %q, %v; Normalize gives %q, %v", b, h, round, got, err, want, wantErr)
				}
			}
		}
	}
}

func FuzzPageNormalizer(f *testing.F) {
	for i, b := range pageBases {
		f.Add(b, pageHrefs[i%len(pageHrefs)], pageHrefs[(i+7)%len(pageHrefs)])
	}
	f.Fuzz(func(t *testing.T, b, h1, h2 string) {
		base, err := url.Parse(b)
		if err != nil {
			return
		}
		var n frontier.Normalizer
		p := n.ForPage(base)
		for _, h := range []string{h1, h2, h1} {
			want, wantErr := n.Normalize(h, base)
			got, err := p.Normalize(h)
			if got != want || (err == nil) != (wantErr == nil) {
				t.Fatalf("base %q, link %q: %q, %v; Normalize gives %q, %v", b, h, got, err, want, wantErr)
			}
		}
	})
}

// BenchmarkPageLinks normalises every link of the Python 3.11
// documentation subset (59 real pages) against its page: one op is the
// whole subset, by PageNormalizer ("page") and by Normalize ("each").
//
//	go test ./frontier -run '^$' -bench PageLinks
func BenchmarkPageLinks(b *testing.B) {
	docs, err := docsubset.Read(docsubset.Python311)
	if err != nil {
		b.Fatal(err)
	}
	type page struct {
		base  *url.URL
		hrefs []string
	}
	var pages []page
	links := 0
	for _, d := range docs {
		doc, err := html.Parse(strings.NewReader(string(d.Body)))
		if err != nil {
			b.Fatal(err)
		}
		pg := page{}
		pg.base, _ = url.Parse("http://docs.test/" + d.Path)
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.DataAtom == atom.A {
				for _, a := range n.Attr {
					if a.Key == "href" {
						pg.hrefs = append(pg.hrefs, strings.TrimSpace(a.Val))
					}
				}
			}
		}
		links += len(pg.hrefs)
		pages = append(pages, pg)
	}
	var n frontier.Normalizer
	b.Run("page", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, pg := range pages {
				p := n.ForPage(pg.base)
				for _, h := range pg.hrefs {
					p.Normalize(h)
				}
			}
		}
		b.ReportMetric(float64(links), "links")
	})
	b.Run("each", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, pg := range pages {
				for _, h := range pg.hrefs {
					n.Normalize(h, pg.base)
				}
			}
		}
		b.ReportMetric(float64(links), "links")
	})
}
