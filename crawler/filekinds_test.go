package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
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
