package crawler_test

import (
	"context"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/hooks"
)

// TestFrontierDropsMarked: the URL hooks see every followable out-link,
// those the frontier will drop (seen before, or outside the scope) marked
// FrontierDrops and the new ones not, with the memory and the SQLite
// frontier. One worker: a page's links are in the frontier before the next
// page is fetched.
func TestFrontierDropsMarked(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/":  html(`<a href="/a">A</a> <a href="http://other.test/x">X</a> <a href="/logo.png">logo</a>`),
		"/a": html(`<a href="/">home</a> <a href="/b">B</a> <a href="http://other.test/x">X</a> <a href="/a">self</a>`),
		"/b": html(`<p>leaf</p>`),
	})
	scope := frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"127.0.0.1"}}}
	for _, backend := range []string{"memory", "sqlite"} {
		t.Run(backend, func(t *testing.T) {
			st, _ := env(t, t.TempDir())
			var fr frontier.Frontier
			var err error
			if backend == "memory" {
				fr, err = frontier.NewMemory(scope)
			} else {
				fr, err = sqlitefrontier.New(context.Background(), st, scope)
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { fr.Close() })
			var mu sync.Mutex
			seen := map[string]bool{} // "from → to" → FrontierDrops
			var chain hooks.Chain
			chain.OnURL(hooks.URLFunc(func(_ context.Context, from *crawl.Page, l *crawl.Link) error {
				mu.Lock()
				defer mu.Unlock()
				seen[pathOf(from.URL)+" → "+l.URL] = l.FrontierDrops
				return nil
			}))
			cfg := fastConfig()
			cfg.Workers = 1
			sum := run(t, cfg, st, fr, []string{s.URL + "/"}, crawler.WithHooks(&chain))
			if sum.Fetched != 3 {
				t.Errorf("fetched %d pages, want 3", sum.Fetched)
			}
			want := map[string]bool{
				"/ → " + s.URL + "/a":      false,
				"/ → http://other.test/x":  true, // outside the scope
				"/a → " + s.URL + "/":      true, // the seed, seen
				"/a → " + s.URL + "/b":     false,
				"/a → http://other.test/x": true,
				"/a → " + s.URL + "/a":     true, // itself, fetched
			}
			for k, w := range want {
				if got, ok := seen[k]; !ok || got != w {
					t.Errorf("%s: FrontierDrops %v (seen by the hook %v), want %v", k, got, ok, w)
				}
			}
			if len(seen) != len(want) {
				t.Errorf("the hook saw %d links, want %d (the image is not followable): %v", len(seen), len(want), seen)
			}
		})
	}
}

func pathOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	return p.Path
}
