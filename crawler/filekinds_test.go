package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

// TestNotHTMLFilesNotFetched: a site whose every page links its source
// as a .txt file (Sphinx's "Show Source") is crawled with 3 of the text
// files requested, each refused as not HTML; the others are refused
// unfetched and stored as failures of kind not-html-files, so every one is
// in the store. A site whose .txt URLs are pages (a code host's) has them
// all crawled. One worker, so the order is fixed.
func TestNotHTMLFilesNotFetched(t *testing.T) {
	const n = 12
	for _, asPages := range []bool{false, true} {
		t.Run(fmt.Sprintf("txt as pages %v", asPages), func(t *testing.T) {
			routes := map[string]http.HandlerFunc{
				"/": func(w http.ResponseWriter, r *http.Request) {
					var b strings.Builder
					b.WriteString("<html><body><p>The index</p>")
					for i := range n {
						fmt.Fprintf(&b, `<a href="/page%d.html">page %d</a> <a href="/_sources/page%d.rst.txt">source</a>`, i, i, i)
					}
					html(b.String()+"</body></html>")(w, r)
				},
				"/_sources/": func(w http.ResponseWriter, r *http.Request) {
					if asPages {
						html(`<html><body><p>The source, shown as a page</p></body></html>`)(w, r)
						return
					}
					w.Header().Set("Content-Type", "text/plain")
					fmt.Fprint(w, "Page\n====\n\nThe reStructuredText source.\n")
				},
			}
			for i := range n {
				routes[fmt.Sprintf("/page%d.html", i)] = html(`<html><body><p>A page of the manual</p></body></html>`)
			}
			s := newSite(t, routes)
			st, fr := env(t, t.TempDir())
			cfg := fastConfig()
			cfg.Workers, cfg.PerHostParallel = 1, 1
			sum := run(t, cfg, st, fr, []string{s.URL + "/"})
			requested := 0
			for i := range n {
				requested += s.hitCount(fmt.Sprintf("/_sources/page%d.rst.txt", i))
			}
			kinds, fails := map[string]int{}, 0
			err := st.ExportFailures(context.Background(), func(f crawl.Failure) error {
				kinds[f.Kind]++
				fails++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if asPages {
				if requested != n || sum.Fetched != 2*n+1 || fails != 0 {
					t.Errorf("%d of %d text URLs requested, %d pages, failures %v; want all, %d, none", requested, n, sum.Fetched, kinds, 2*n+1)
				}
				return
			}
			if requested != 3 || sum.Fetched != n+1 {
				t.Errorf("%d of %d text files requested, %d pages fetched; want 3 and %d", requested, n, sum.Fetched, n+1)
			}
			if kinds["not-html"] != 3 || kinds[crawler.RuleNotHTMLFiles] != n-3 || sum.Refused[crawler.RuleNotHTMLFiles] != n-3 {
				t.Errorf("failures %v, refused %v; want 3 not-html and %d %s", kinds, sum.Refused, n-3, crawler.RuleNotHTMLFiles)
			}
		})
	}
}

// TestRefusedLinksMarked: once a host's .txt files were refused 3 times,
// the links to its other .txt files reach the URL hooks marked
// crawl.Link.Refused (the built-ins skip their label and score), and only
// those: not the first three, not the pages. The hooks still see every
// link, and every text file is still stored as a failure. One worker; the
// hook's priorities fetch the index's three text files first, then the
// pages, each of which links its own source.
func TestRefusedLinksMarked(t *testing.T) {
	const n = 9
	routes := map[string]http.HandlerFunc{
		"/": func(w http.ResponseWriter, r *http.Request) {
			var b strings.Builder
			b.WriteString("<html><body><p>The index</p>")
			for i := range 3 {
				fmt.Fprintf(&b, `<a href="/_sources/first%d.rst.txt">source</a>`, i)
			}
			for i := range n {
				fmt.Fprintf(&b, ` <a href="/page%d.html">page %d</a>`, i, i)
			}
			html(b.String()+"</body></html>")(w, r)
		},
		"/_sources/": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, "Page\n====\n\nThe reStructuredText source.\n")
		},
	}
	for i := range n {
		routes[fmt.Sprintf("/page%d.html", i)] = html(fmt.Sprintf(`<html><body><p>A page</p><a href="/_sources/page%d.rst.txt">Show Source</a></body></html>`, i))
	}
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1
	seen := map[string]bool{} // URL → marked Refused
	var chain hooks.Chain
	chain.OnURL(hooks.URLFunc(func(_ context.Context, _ *crawl.Page, l *crawl.Link) error {
		switch {
		case strings.Contains(l.URL, "/first"):
			l.Priority = 10
		case strings.HasSuffix(l.URL, ".html"):
			l.Priority = 5
		}
		seen[strings.TrimPrefix(l.URL, s.URL)] = l.Refused
		return nil
	}))
	sum := run(t, cfg, st, fr, []string{s.URL + "/"}, crawler.WithHooks(&chain))
	for u, marked := range seen {
		if want := strings.HasPrefix(u, "/_sources/page"); marked != want {
			t.Errorf("%s marked Refused %v, want %v", u, marked, want)
		}
	}
	if len(seen) != 2*n+3 {
		t.Errorf("the hooks saw %d links, want %d", len(seen), 2*n+3)
	}
	kinds := map[string]int{}
	err := st.ExportFailures(context.Background(), func(f crawl.Failure) error {
		kinds[f.Kind]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if kinds["not-html"] != 3 || kinds[crawler.RuleNotHTMLFiles] != n || sum.Fetched != n+1 {
		t.Errorf("failures %v, %d pages; want 3 not-html, %d %s, %d pages", kinds, sum.Fetched, n, crawler.RuleNotHTMLFiles, n+1)
	}
}
