package pipeline_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
)

// TestTopicLinkContextWiring crawls the demo site's sports host to depth 1
// with the topic hooks, once with the paper's page-level priority and once
// with topic.link_context and topic.url_words, once with
// topic.focus_margin, and with the default (learned) strategy and an
// explicit relevance threshold, and checks that the options reach the topic model
// and the frontier (the report line).
func TestTopicLinkContextWiring(t *testing.T) {
	for _, tt := range []struct{ extra, want string }{
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n", "learned, priority learned link model"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  strategy: adaptive\n", "priority page cosine (paper)"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  strategy: adaptive\n  link_context: 0.75\n  url_words: true\n", "priority link context 0.75 with URL words"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  strategy: adaptive\n  focus_margin: 0.1\n", "priority page cosine (paper), focus margin 0.1"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  relevance: 0.2\n", "relevance threshold 0.200 (topic.relevance)"},
	} {
		dir := t.TempDir()
		cfg := demoConfig(t, dir, tt.extra)
		sum, report := runOnce(t, cfg, pipeline.Options{})
		all := strings.Join(report, "\n")
		if !strings.Contains(all, tt.want) {
			t.Errorf("report %q does not say %q", all, tt.want)
		}
		if sum.Fetched < 5 {
			t.Errorf("%d pages fetched, want ≥ 5", sum.Fetched)
		}
	}
}

// TestTopicSeedPagesPolite: the topic's seed pages are fetched as the
// crawl's pages are: a seed page robots.txt disallows is never asked for
// (the topic is learned from the others). They are not archived: the
// seed page the crawl never reaches (/seed.html: nothing links to it) is
// not in the crawl's WARC, so an archive-order replay repeats the crawl's
// own fetch order.
func TestTopicSeedPagesPolite(t *testing.T) {
	var mu sync.Mutex
	hits := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits[r.URL.Path]++
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		case "/":
			fmt.Fprint(w, `<html><head><title>Harbour</title></head><body><p>Sailing boats in the harbour.</p><a href="/a">boats</a></body></html>`)
		case "/a":
			fmt.Fprint(w, `<html><head><title>Boats</title></head><body><p>Sailing boats, masts and sails in the harbour.</p></body></html>`)
		case "/seed.html", "/private/seed.html":
			fmt.Fprint(w, `<html><head><title>Sails</title></head><body><p>Sails, masts, sailing boats and harbours.</p></body></html>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	wdir := filepath.Join(dir, "warc")
	cfg := config.Default()
	cfg.Seeds = []string{srv.URL + "/"}
	cfg.DB, cfg.Out = filepath.Join(dir, "s.db"), filepath.Join(dir, "out")
	cfg.Politeness.NoDelay = true
	cfg.Exports = nil
	cfg.WARC.Dir = wdir
	cfg.Topic.Enabled = true
	cfg.Topic.Seeds = []string{srv.URL + "/private/seed.html", srv.URL + "/seed.html"}
	if sum, _ := runOnce(t, &cfg, pipeline.Options{}); sum.Fetched != 2 {
		t.Fatalf("fetched %d pages, want 2", sum.Fetched)
	}
	mu.Lock()
	defer mu.Unlock()
	if hits["/private/seed.html"] != 0 || hits["/seed.html"] != 1 {
		t.Errorf("seed page requests: disallowed %d, allowed %d; want 0 and 1", hits["/private/seed.html"], hits["/seed.html"])
	}
	_, byURL, _ := archived(t, wdir)
	if got := byURL[srv.URL+"/seed.html"]; len(got) != 0 {
		t.Errorf("the start-up fetch of a seed page archived: %v", got)
	}
	if got := byURL[srv.URL+"/a"]; len(got) != 1 {
		t.Errorf("the crawl's page archived %d times, want once", len(got))
	}
}
