package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

// TestHeadNavigationLinksAreCrawled: a page linked only from another
// page's <link rel="appendix"> is fetched, with the link's title as its
// anchor and the link marked by its rel; the stylesheet, the canonical and
// a navigation link robots.txt disallows are not.
func TestHeadNavigationLinksAreCrawled(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		},
		"/": html(`<html><head><title>Home</title><link rel="stylesheet" href="/style.css">
<link rel="canonical" href="/home"><link title="Index of types" rel=Appendix href="/index_types.html">
<link rel="next" href="/private/next.html"></head><body><p>no links here</p></body></html>`),
		"/index_types.html":  html(`<title>Index of types</title>`),
		"/private/next.html": html(`<title>secret</title>`),
		"/style.css":         html(`not a page`),
		"/home":              html(`<title>Home</title>`),
	})
	st, fr := env(t, t.TempDir())
	var mu sync.Mutex
	got := map[string]crawl.Link{}
	chain := &hooks.Chain{}
	chain.OnURL(hooks.URLFunc(func(ctx context.Context, p *crawl.Page, l *crawl.Link) error {
		mu.Lock()
		got[l.URL] = *l
		mu.Unlock()
		return nil
	}))
	var anchor string
	chain.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		if p.URL == s.URL+"/index_types.html" {
			mu.Lock()
			anchor = p.Anchor
			mu.Unlock()
		}
		return nil
	}))
	sum := run(t, fastConfig(), st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain))
	if sum.Fetched != 2 || s.hitCount("/index_types.html") != 1 {
		t.Errorf("fetched %d pages, index_types.html %d times; want 2 pages (/, /index_types.html), it once", sum.Fetched, s.hitCount("/index_types.html"))
	}
	for _, p := range []string{"/private/next.html", "/style.css", "/home"} {
		if s.hitCount(p) != 0 {
			t.Errorf("%s fetched", p)
		}
	}
	if l := got[s.URL+"/index_types.html"]; l.Rel != "appendix" || l.Anchor != "Index of types" {
		t.Errorf("OnURL saw the head link as %+v, want rel appendix, anchor \"Index of types\"", l)
	}
	if anchor != "Index of types" {
		t.Errorf("page anchor %q, want the link's title", anchor)
	}
}
