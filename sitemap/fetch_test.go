package sitemap_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/sitemap"
)

func TestIsSitemapURL(t *testing.T) {
	for u, want := range map[string]bool{
		"http://a.test/sitemap.xml": true, "http://a.test/s.XML.GZ": true, "http://a.test/s.xml?x=1": true,
		"http://a.test/": false, "http://a.test/feed.xml.html": false, "http://a.test/xml": false,
	} {
		if got := sitemap.IsSitemapURL(u); got != want {
			t.Errorf("IsSitemapURL(%q) = %v", u, got)
		}
	}
}

// TestWalk serves an index of two sitemaps (one gzip), an index listing
// itself, a too-deep chain of indexes and a missing sitemap, and checks
// every page is reported once, every file read once, and each failure
// reported.
func TestWalk(t *testing.T) {
	var srv *httptest.Server
	hits := map[string]int{}
	files := map[string]string{
		"/index.xml": `<sitemapindex><sitemap><loc>{}/a.xml</loc></sitemap><sitemap><loc>{}/b.xml.gz</loc></sitemap>
			<sitemap><loc>{}/index.xml</loc></sitemap><sitemap><loc>{}/missing.xml</loc></sitemap><sitemap><loc>{}/i1.xml</loc></sitemap></sitemapindex>`,
		"/a.xml":    `<urlset><url><loc>{}/p1</loc><lastmod>2024-05-01</lastmod></url><url><loc>{}/p2</loc></url></urlset>`,
		"/b.xml.gz": `<urlset><url><loc>{}/p3</loc></url><url><loc>relative</loc></url></urlset>`,
		"/i1.xml":   `<sitemapindex><sitemap><loc>{}/i2.xml</loc></sitemap></sitemapindex>`,
		"/i2.xml":   `<sitemapindex><sitemap><loc>{}/deep.xml</loc></sitemap></sitemapindex>`,
	}
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits[r.URL.Path]++
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		body = strings.ReplaceAll(body, "{}", srv.URL)
		if strings.HasSuffix(r.URL.Path, ".gz") {
			w.Write(gz(body))
			return
		}
		w.Write([]byte(body))
	}))
	defer srv.Close()
	get := func(ctx context.Context, u string) (*sitemap.Sitemap, error) {
		return sitemap.Get(ctx, srv.Client(), "test", u)
	}
	var pages, problems []string
	err := sitemap.Walk(context.Background(), []string{srv.URL + "/index.xml"}, 0, get,
		func(from string, e sitemap.Entry) error {
			pages = append(pages, strings.TrimPrefix(e.Loc, srv.URL))
			return nil
		},
		func(err error) { problems = append(problems, err.Error()) })
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/p1", "/p2", "/p3"}; !slices.Equal(pages, want) {
		t.Errorf("pages %v, want %v", pages, want)
	}
	for p, n := range hits {
		if n != 1 {
			t.Errorf("%s read %d times", p, n)
		}
	}
	if hits["/deep.xml"] != 0 {
		t.Error("an index nested deeper than MaxDepth was read")
	}
	joined := strings.Join(problems, "\n")
	for _, frag := range []string{"missing.xml: status 404", "relative", "nested deeper"} {
		if !strings.Contains(joined, frag) {
			t.Errorf("problems %q lack %q", joined, frag)
		}
	}
}
