package pipeline

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
)

// TestSeedPagesFetchedAtOnce: the topic's seed pages on two sites are
// fetched at the same time, never more than per_host_parallel at once on
// one site, come back in the order given, and a page that fails is left
// out. Each handler waits (at most 10 s) until requests to both sites are
// in flight, so a fetch of one page after another fails the test instead
// of passing slowly.
func TestSeedPagesFetchedAtOnce(t *testing.T) {
	var mu sync.Mutex
	inFlight := map[string]int{}
	maxHost := map[string]int{}
	both := make(chan struct{})
	var bothOnce sync.Once
	serve := func(name string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" { // none: every page allowed
				http.NotFound(w, r)
				return
			}
			mu.Lock()
			inFlight[name]++
			maxHost[name] = max(maxHost[name], inFlight[name])
			if inFlight["a"] > 0 && inFlight["b"] > 0 {
				bothOnce.Do(func() { close(both) })
			}
			mu.Unlock()
			select {
			case <-both:
			case <-time.After(10 * time.Second):
			}
			mu.Lock()
			inFlight[name]--
			mu.Unlock()
			if r.URL.Path == "/missing" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<html><head><title>%s%s</title></head><body><p>seed page %s%s</p></body></html>", name, r.URL.Path, name, r.URL.Path)
		}))
	}
	a, b := serve("a"), serve("b")
	defer a.Close()
	defer b.Close()
	urls := []string{b.URL + "/1", a.URL + "/1", a.URL + "/missing", a.URL + "/2", a.URL + "/3"}
	fetcher, err := crawler.NewOutside(crawler.Config{Workers: 4, PerHostParallel: 1, PerHostDelay: -1})
	if err != nil {
		t.Fatal(err)
	}
	pages := fetchSeedPages(context.Background(), fetcher, urls, 4, slog.New(slog.NewTextHandler(io.Discard, nil)))
	var got []string
	for _, p := range pages {
		got = append(got, p.URL)
	}
	want := []string{b.URL + "/1", a.URL + "/1", a.URL + "/2", a.URL + "/3"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("seed pages %v, want %v", got, want)
	}
	select {
	case <-both:
	default:
		t.Error("the two sites' seed pages were never fetched at the same time")
	}
	if maxHost["a"] > 1 || maxHost["b"] > 1 {
		t.Errorf("at most %v requests at once per site, want 1 (per_host_parallel)", maxHost)
	}
}

// TestSeedPagesFetchedAsTheCrawl: the topic's seed pages are asked for
// with the crawl's identity (user agent and headers) through the crawl's
// client, as its pages are, not as an anonymous client, after the site's
// robots.txt.
func TestSeedPagesFetchedAsTheCrawl(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Path+" "+r.UserAgent()+" "+r.Header.Get("X-Project"))
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<html><head><title>Seed</title></head><body><p>sailing boats and harbours</p></body></html>`)
	}))
	defer srv.Close()
	cfg, err := config.Parse(strings.NewReader(`seeds: ["`+srv.URL+`/seed.html"]
fetch: {user_agent: "seedbot/1.0 (+https://example.org/bot)", headers: {X-Project: sails}}
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p := &Pipeline{cfg: cfg}
	fetcher, err := p.seedFetcher()
	if err != nil {
		t.Fatal(err)
	}
	pages := fetchSeedPages(context.Background(), fetcher, []string{srv.URL + "/seed.html"}, 1, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if len(pages) != 1 {
		t.Fatalf("%d seed pages, want 1", len(pages))
	}
	want := []string{"/robots.txt seedbot/1.0 (+https://example.org/bot) sails", "/seed.html seedbot/1.0 (+https://example.org/bot) sails"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("requests %q, want %q", seen, want)
	}
}
