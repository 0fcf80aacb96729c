package pipeline_test

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc/warctest"
)

// TestRecrawlBySitemapLastmod crawls a site from its sitemap, then moves
// the <lastmod> of one page past its fetch: a re-crawl re-visits that
// page only. The sitemap answers only the crawl's identity (its
// User-Agent, header and cookie file), so the re-crawl's reading of it
// must carry them as the crawl's requests do.
func TestRecrawlBySitemapLastmod(t *testing.T) {
	var mu sync.Mutex
	hits := map[string]int{}
	lastmod := map[string]string{"a": "2020-01-01", "b": "2020-01-01", "c": "2020-01-01"}
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hits[r.URL.Path]++
		switch r.URL.Path {
		case "/sitemap.xml":
			if r.UserAgent() != "lastbot/1.0" || r.Header.Get("X-Crawl-Test") != "yes" || r.Header.Get("Cookie") != "sid=a1" {
				http.Error(w, "who are you?", http.StatusForbidden)
				return
			}
			var b strings.Builder
			b.WriteString("<urlset>")
			for _, k := range []string{"a", "b", "c"} {
				fmt.Fprintf(&b, "<url><loc>%s/%s</loc><lastmod>%s</lastmod></url>", srv.URL, k, lastmod[k])
			}
			b.WriteString("</urlset>")
			w.Write([]byte(b.String()))
		case "/a", "/b", "/c":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<html><body><p>Page %s has its own words: %s</p></body></html>", r.URL.Path, strings.Repeat(r.URL.Path[1:]+"x ", 20))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Seeds = []string{srv.URL + "/sitemap.xml"}
	cfg.DB, cfg.Out = filepath.Join(dir, "s.db"), filepath.Join(dir, "out")
	cfg.Politeness.NoDelay = true
	cfg.Fetch.UserAgent = "lastbot/1.0"
	cfg.Fetch.Headers = map[string]string{"X-Crawl-Test": "yes"}
	cfg.Fetch.CookiesFile = filepath.Join(dir, "cookies.txt")
	if err := os.WriteFile(cfg.Fetch.CookiesFile, []byte("127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\ta1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Exports = nil
	first, _ := runOnce(t, &cfg, pipeline.Options{})
	if first.Fetched != 3 {
		t.Fatalf("first run fetched %d, want 3", first.Fetched)
	}
	mu.Lock()
	lastmod["b"] = "2999-01-01"
	mu.Unlock()
	second, report := runOnce(t, &cfg, pipeline.Options{Recrawl: true})
	mu.Lock()
	defer mu.Unlock()
	if hits["/a"] != 1 || hits["/b"] != 2 || hits["/c"] != 1 {
		t.Errorf("hits a %d, b %d, c %d; want 1, 2, 1", hits["/a"], hits["/b"], hits["/c"])
	}
	if !strings.Contains(strings.Join(report, "\n"), "sitemap lastmod 1 stored pages changed") {
		t.Errorf("report %q lacks the sitemap line", report)
	}
	t.Logf("re-crawl: fetched %d; %s", second.Fetched, strings.Join(report, "; "))
}

// TestRecrawlSitemapObeysRobots: a re-crawl reads its sitemap seeds again
// through robots.txt, as the crawl does: once robots.txt disallows the
// sitemap, the re-crawl does not request it, so it re-visits nothing for
// its <lastmod>.
func TestRecrawlSitemapObeysRobots(t *testing.T) {
	var mu sync.Mutex
	hits := map[string]int{}
	robots, lastmod := "User-agent: *\nAllow: /\n", "2020-01-01"
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hits[r.URL.Path]++
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, robots)
		case "/sitemap.xml":
			fmt.Fprintf(w, "<urlset><url><loc>%s/a</loc><lastmod>%s</lastmod></url></urlset>", srv.URL, lastmod)
		case "/a":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><body><p>Page a has words of its own.</p></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Seeds = []string{srv.URL + "/sitemap.xml"}
	cfg.DB, cfg.Out = filepath.Join(dir, "s.db"), filepath.Join(dir, "out")
	cfg.Politeness.NoDelay = true
	cfg.Exports = nil
	if first, _ := runOnce(t, &cfg, pipeline.Options{}); first.Fetched != 1 {
		t.Fatalf("first run fetched %d, want 1", first.Fetched)
	}
	mu.Lock()
	robots, lastmod = "User-agent: *\nDisallow: /sitemap.xml\n", "2999-01-01"
	mu.Unlock()
	_, report := runOnce(t, &cfg, pipeline.Options{Recrawl: true})
	mu.Lock()
	defer mu.Unlock()
	if hits["/sitemap.xml"] != 1 || hits["/a"] != 1 || hits["/robots.txt"] < 2 {
		t.Errorf("hits: sitemap %d, a %d, robots.txt %d; want 1, 1 and robots.txt asked again", hits["/sitemap.xml"], hits["/a"], hits["/robots.txt"])
	}
	if strings.Contains(strings.Join(report, "\n"), "sitemap lastmod") {
		t.Errorf("report %q has a sitemap line", report)
	}
}

// TestRecrawlSitemapArchived: a crawl writing WARC from a sitemap seed,
// then a re-crawl whose sitemap moves a page's <lastmod> on. The
// re-crawl reads the sitemap (and robots.txt) again before its frontier
// opens, then its run reads the sitemap seed as every run does; the
// re-read is archived like the crawl's own exchanges: the WARC files hold
// the sitemap's response three times (the crawl's, the re-read's and the
// re-crawl's run's; two before the re-read was archived), the re-visit of
// the page, and both readers accept them.
func TestRecrawlSitemapArchived(t *testing.T) {
	var mu sync.Mutex
	lastmod := "2020-01-01"
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		case "/sitemap.xml":
			fmt.Fprintf(w, "<urlset><url><loc>%s/a</loc><lastmod>%s</lastmod></url></urlset>", srv.URL, lastmod)
		case "/a":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><body><p>Page a has words of its own.</p></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	wdir := filepath.Join(dir, "warc")
	cfg := config.Default()
	cfg.Seeds = []string{srv.URL + "/sitemap.xml"}
	cfg.DB, cfg.Out = filepath.Join(dir, "s.db"), filepath.Join(dir, "out")
	cfg.Politeness.NoDelay = true
	cfg.Exports = nil
	cfg.WARC.Dir = wdir
	if first, _ := runOnce(t, &cfg, pipeline.Options{}); first.Fetched != 1 {
		t.Fatalf("first run fetched %d, want 1", first.Fetched)
	}
	_, before, _ := archived(t, wdir)
	mu.Lock()
	lastmod = "2999-01-01"
	mu.Unlock()
	if second, _ := runOnce(t, &cfg, pipeline.Options{Recrawl: true}); second.Fetched != 1 {
		t.Fatalf("re-crawl fetched %d, want 1 (page a, its sitemap lastmod moved on)", second.Fetched)
	}
	files, after, types := archived(t, wdir)
	sm, robots, a := srv.URL+"/sitemap.xml", srv.URL+"/robots.txt", srv.URL+"/a"
	if len(before[sm]) != 1 || len(after[sm]) != 3 {
		t.Errorf("sitemap responses archived: %v by the crawl, %v after the re-crawl; want one, then three (the re-read's and the run's)", before[sm], after[sm])
	}
	if len(after[robots]) < 2 || len(after[a]) != 2 {
		t.Errorf("archived after the re-crawl: robots.txt %v, page a %v; want robots.txt asked again and a twice", after[robots], after[a])
	}
	if got := warctest.Validate(t, files...); !maps.Equal(got, types) {
		t.Errorf("gowarc read %v, ours %v", got, types)
	}
	warctest.NodeCheck(t, types, files...)
}
