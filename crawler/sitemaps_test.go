package crawler_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/frontier"
)

// sitemapSite serves 30 orphan pages (no page links to them) listed in a
// gzip sitemap behind a sitemap index, named by robots.txt.
func sitemapSite(t *testing.T) *site {
	var s *site
	urlset := func() string {
		var b strings.Builder
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		for i := range 30 {
			fmt.Fprintf(&b, "<url><loc>%s/orphan/%d</loc><lastmod>2024-05-0%d</lastmod></url>", s.URL, i, 1+i%9)
		}
		b.WriteString("<url><loc>http://elsewhere.test/x</loc></url><url><loc>not a url</loc></url></urlset>")
		return b.String()
	}
	routes := map[string]http.HandlerFunc{
		"/": html(`<html><body><p>Front page without links</p></body></html>`),
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "User-agent: *\nDisallow: /private/\nSitemap: %s/sitemap_index.xml\n", s.URL)
		},
		"/sitemap_index.xml": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s/pages.xml.gz</loc></sitemap></sitemapindex>`, s.URL)
		},
		"/pages.xml.gz": func(w http.ResponseWriter, r *http.Request) {
			var b bytes.Buffer
			z := gzip.NewWriter(&b)
			z.Write([]byte(urlset()))
			z.Close()
			w.Write(b.Bytes())
		},
		"/orphan/": func(w http.ResponseWriter, r *http.Request) {
			html(fmt.Sprintf(`<html><body><p>Orphan page %s, reached only through the sitemap</p></body></html>`, r.URL.Path))(w, r)
		},
	}
	s = newSite(t, routes)
	return s
}

func TestSitemapsFromRobotsAndSeeds(t *testing.T) {
	for _, seed := range []string{"/", "/sitemap_index.xml"} {
		t.Run(seed, func(t *testing.T) {
			s := sitemapSite(t)
			st, _ := env(t, t.TempDir())
			fr, err := frontier.NewMemory(frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"127.0.0.1"}}})
			if err != nil {
				t.Fatal(err)
			}
			sum := run(t, fastConfig(), st, fr, []string{s.URL + seed})
			orphans := 0
			for i := range 30 {
				if s.hitCount(fmt.Sprintf("/orphan/%d", i)) == 1 {
					orphans++
				}
			}
			if orphans != 30 {
				t.Errorf("%d of 30 orphan pages fetched once", orphans)
			}
			if sum.Sitemaps != 2 || sum.SitemapURLs != 30 || sum.SitemapProblems != 1 {
				t.Errorf("sitemaps %d, URLs %d, problems %d; want 2, 30, 1 (the out-of-scope URL is dropped by the frontier)",
					sum.Sitemaps, sum.SitemapURLs, sum.SitemapProblems)
			}
			if s.hitCount("/sitemap_index.xml") != 1 || s.hitCount("/pages.xml.gz") != 1 {
				t.Errorf("sitemap files read %d and %d times, want once", s.hitCount("/sitemap_index.xml"), s.hitCount("/pages.xml.gz"))
			}
			if sum.Reason != "frontier-empty" {
				t.Errorf("reason %q", sum.Reason)
			}
		})
	}
}
