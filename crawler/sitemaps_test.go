package crawler_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/sitemap"
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

// TestReadSitemapsPolite: sitemaps read outside Run (a re-crawl's) go
// through robots.txt and the host's politeness as the crawl's own: the
// index's disallowed child is never requested, robots.txt comes first,
// and every request the site saw took a politeness slot (counted, not
// timed).
func TestReadSitemapsPolite(t *testing.T) {
	var site *accessLog
	site = newAccessLog(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		case "/sitemap.xml":
			fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s/private/sm.xml</loc></sitemap><sitemap><loc>%s/public/sm.xml</loc></sitemap></sitemapindex>`, site.URL, site.URL)
		case "/private/sm.xml", "/public/sm.xml":
			fmt.Fprintf(w, `<urlset><url><loc>%s%s/a</loc><lastmod>2020-01-02</lastmod></url></urlset>`, site.URL, path.Dir(r.URL.Path))
		default:
			http.NotFound(w, r)
		}
	}))
	slots := &slotCount{}
	var got []string
	var problems []error
	cfg := fastConfig()
	cfg.PerHostParallel = 1
	err := crawler.ReadSitemaps(context.Background(), cfg, []string{site.URL + "/sitemap.xml"},
		func(e sitemap.Entry) { got = append(got, e.Loc) },
		func(err error) { problems = append(problems, err) },
		crawler.WithHostGate(slots))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{site.URL + "/public/a"}; !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	if len(problems) != 1 || !errors.Is(problems[0], crawl.ErrDisallowed) {
		t.Errorf("problems %v, want the private sitemap disallowed", problems)
	}
	var paths []string
	for _, e := range site.log() {
		paths = append(paths, e.path)
	}
	if want := []string{"/robots.txt", "/sitemap.xml", "/public/sm.xml"}; !slices.Equal(paths, want) {
		t.Errorf("site saw %v, want %v", paths, want)
	}
	if n := slots.total(); n != int64(len(paths)) {
		t.Errorf("%d politeness slots taken for %d requests, want one a request", n, len(paths))
	}
}

// TestSitemapSeedSpelledOtherwise: a sitemap seed is read as written, not
// normalised, so "http://LocalHost:P/sitemap.xml" beside the seed
// "http://localhost:P/" names one host in two spellings. Its robots.txt and
// politeness are the host's as the crawl keys it (crawl.HostKey): robots.txt
// is asked once, and every request takes its slot under one key.
func TestSitemapSeedSpelledOtherwise(t *testing.T) {
	var site *accessLog
	site = newAccessLog(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		case "/sitemap.xml":
			fmt.Fprintf(w, `<urlset><url><loc>%s/a</loc></url></urlset>`, strings.Replace(site.URL, "127.0.0.1", "localhost", 1))
		default:
			html(`<html><body><p>A page of the site</p></body></html>`)(w, r)
		}
	}))
	port := site.URL[strings.LastIndexByte(site.URL, ':'):]
	st, _ := env(t, t.TempDir())
	fr, err := frontier.NewMemory(frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"localhost"}}})
	if err != nil {
		t.Fatal(err)
	}
	slots := &slotCount{}
	sum := run(t, fastConfig(), st, fr, []string{"http://localhost" + port + "/", "http://LocalHost" + port + "/sitemap.xml"}, crawler.WithHostGate(slots))
	if sum.TotalPages != 2 || sum.Sitemaps != 1 {
		t.Fatalf("%d pages, %d sitemaps; want 2 and 1", sum.TotalPages, sum.Sitemaps)
	}
	if n := site.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt asked %d times, want once: one host however spelt", n)
	}
	var keys []string
	slots.n.Range(func(k, _ any) bool { keys = append(keys, k.(string)); return true })
	if want := []string{"localhost" + port}; !slices.Equal(keys, want) {
		t.Errorf("politeness slots taken under %q, want %q", keys, want)
	}
	if n := slots.total(); n != int64(len(site.log())) {
		t.Errorf("%d politeness slots for %d requests, want one a request", n, len(site.log()))
	}
}
