package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

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
	chain, seen := markRecorder(s.URL, func(l *crawl.Link) {
		switch {
		case strings.Contains(l.URL, "/first"):
			l.Priority = 10
		case strings.HasSuffix(l.URL, ".html"):
			l.Priority = 5
		}
	})
	sum := run(t, cfg, st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain))
	for u, marked := range seen {
		if want := strings.HasPrefix(u, "/_sources/page"); marked != want {
			t.Errorf("%s marked Refused %v, want %v", u, marked, want)
		}
	}
	if len(seen) != 2*n+3 {
		t.Errorf("the hooks saw %d links, want %d", len(seen), 2*n+3)
	}
	kinds := failureKinds(t, st)
	if kinds["not-html"] != 3 || kinds[crawler.RuleNotHTMLFiles] != n || sum.Fetched != n+1 {
		t.Errorf("failures %v, %d pages; want 3 not-html, %d %s, %d pages", kinds, sum.Fetched, n, crawler.RuleNotHTMLFiles, n+1)
	}
}

// TestRobotsDisallowedLinksMarked: once the site's robots.txt is known, the
// links it disallows reach the URL hooks marked crawl.Link.Refused, and
// only those; they are never requested and each is stored as a robots
// failure, as before.
func TestRobotsDisallowedLinksMarked(t *testing.T) {
	const n = 6
	routes := map[string]http.HandlerFunc{
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		},
		"/private/": html(`<html><body><p>Not for crawlers</p></body></html>`),
	}
	var index strings.Builder
	index.WriteString("<html><body><p>The index</p>")
	for i := range n {
		fmt.Fprintf(&index, ` <a href="/page%d.html">page %d</a> <a href="/private/edit%d">edit</a>`, i, i, i)
		routes[fmt.Sprintf("/page%d.html", i)] = html(fmt.Sprintf(`<html><body><p>A page</p><a href="/private/history%d">history</a></body></html>`, i))
	}
	routes["/"] = html(index.String() + "</body></html>")
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	chain, seen := markRecorder(s.URL, nil)
	sum := run(t, fastConfig(), st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain))
	for u, marked := range seen {
		if want := strings.HasPrefix(u, "/private/"); marked != want {
			t.Errorf("%s marked Refused %v, want %v", u, marked, want)
		}
	}
	if len(seen) != 3*n {
		t.Errorf("the hooks saw %d links, want %d", len(seen), 3*n)
	}
	private := 0
	for u := range seen {
		if strings.HasPrefix(u, "/private/") {
			private += s.hitCount(u)
		}
	}
	if kinds := failureKinds(t, st); kinds["robots"] != 2*n || private != 0 || sum.Fetched != n+1 {
		t.Errorf("failures %v, %d private pages requested, %d pages; want %d robots, none, %d", kinds, private, sum.Fetched, 2*n, n+1)
	}
}

// markRecorder is a chain of one URL hook that calls set on each link (nil:
// nothing) and records, by path below base, whether it came marked
// Refused (the workers call it at once: the map is read after the crawl).
func markRecorder(base string, set func(*crawl.Link)) (*hooks.Chain, map[string]bool) {
	var mu sync.Mutex
	seen := map[string]bool{}
	var chain hooks.Chain
	chain.OnURL(hooks.URLFunc(func(_ context.Context, _ *crawl.Page, l *crawl.Link) error {
		if set != nil {
			set(l)
		}
		mu.Lock()
		seen[strings.TrimPrefix(l.URL, base)] = l.Refused
		mu.Unlock()
		return nil
	}))
	return &chain, seen
}

// failureKinds counts the store's failures by kind.
func failureKinds(t *testing.T, st interface {
	ExportFailures(context.Context, func(crawl.Failure) error) error
}) map[string]int {
	t.Helper()
	kinds := map[string]int{}
	if err := st.ExportFailures(context.Background(), func(f crawl.Failure) error {
		kinds[f.Kind]++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return kinds
}
