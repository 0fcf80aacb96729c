package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/store"
)

// site is a small loopback site whose handler counts hits per path.
type site struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newSite(t *testing.T, routes map[string]http.HandlerFunc) *site {
	t.Helper()
	s := &site{hits: map[string]int{}}
	mux := http.NewServeMux()
	for p, h := range routes {
		if p == "/" {
			p = "/{$}" // the root page only, not every path
		}
		mux.HandleFunc(p, h)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *site) hitCount(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func html(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}
}

// env opens a store and a persisted frontier in dir.
func env(t testing.TB, dir string) (*store.Store, frontier.Frontier) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(dir, "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	fr, err := sqlitefrontier.New(ctx, st, frontier.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fr.Close(); st.Close() })
	return st, fr
}

// fastConfig is a quick engine for the small test sites, which serve one
// body under many URLs: duplicate detection is off (dedup_test.go tests it).
func fastConfig() crawler.Config {
	off := false
	return crawler.Config{
		Workers: 4, PerHostParallel: 2, PerHostDelay: -1, Timeout: 2 * time.Second,
		Backoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond,
		BatchSize: 3, Dedup: &off,
	}
}

func run(t *testing.T, cfg crawler.Config, st *store.Store, fr frontier.Frontier, seeds []string, opts ...crawler.Option) crawler.Summary {
	t.Helper()
	c, err := crawler.New(cfg, fr, st, opts...)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := c.Run(context.Background(), seeds)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestCrawlRobotsLinksAndFailures(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		},
		"/":          html(`<title>Home</title><a href="/a">A</a> <a href="/private/x">P</a> <a href="/missing">M</a> <a href="/doc.pdf">D</a> <a href="mailto:x@y">mail</a>`),
		"/a":         html(`<title>A</title><meta name="keywords" content="k1, k2"><p>text of a</p><a href="/">home</a>`),
		"/private/x": html(`<title>secret</title>`),
		"/missing":   http.NotFound,
		"/doc.pdf": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.4"))
		},
	})
	st, fr := env(t, t.TempDir())
	var pages []*crawl.Page
	var mu sync.Mutex
	chain := &hooks.Chain{}
	chain.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		mu.Lock()
		pages = append(pages, p)
		mu.Unlock()
		return nil
	}))
	sum := run(t, fastConfig(), st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain))
	if sum.Fetched != 2 {
		t.Errorf("fetched %d pages, want 2 (/, /a)", sum.Fetched)
	}
	if s.hitCount("/private/x") != 0 {
		t.Errorf("robots.txt Disallow ignored: /private/x fetched")
	}
	for kind, want := range map[string]int64{"robots": 1, "http-404": 1, "not-html": 1} {
		if sum.Errors[kind] != want {
			t.Errorf("errors[%s] = %d, want %d (all: %v)", kind, sum.Errors[kind], want, sum.Errors)
		}
	}
	if sum.Reason != "frontier-empty" {
		t.Errorf("reason = %q, want frontier-empty", sum.Reason)
	}
	if s.hitCount("/robots.txt") != 1 {
		t.Errorf("robots.txt fetched %d times, want 1", s.hitCount("/robots.txt"))
	}
	for _, p := range pages {
		if p.URL == s.URL+"/a" && (p.Title != "A" || p.Keywords != "k1, k2" || !strings.Contains(p.Text, "text of a") || p.Depth != 1 || p.Parent != s.URL+"/") {
			t.Errorf("page /a = title %q keywords %q text %q depth %d parent %q", p.Title, p.Keywords, p.Text, p.Depth, p.Parent)
		}
	}
}

func TestRetriesHonourRetryAfter(t *testing.T) {
	var calls atomic.Int32
	s := newSite(t, map[string]http.HandlerFunc{
		"/": func(w http.ResponseWriter, r *http.Request) {
			if calls.Add(1) <= 2 {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			html(`<title>ok</title>`)(w, r)
		},
	})
	st, fr := env(t, t.TempDir())
	sum := run(t, fastConfig(), st, fr, []string{s.URL + "/"})
	if sum.Fetched != 1 || calls.Load() != 3 {
		t.Errorf("fetched %d after %d calls, want 1 after 3", sum.Fetched, calls.Load())
	}
}

func TestRetriesGiveUp(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusBadGateway) },
	})
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.Retries = 2
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	if got := s.hitCount("/"); got != 3 {
		t.Errorf("502 fetched %d times, want 3 (1 + 2 retries)", got)
	}
	if sum.Errors["http-5xx"] != 1 {
		t.Errorf("errors = %v, want http-5xx=1", sum.Errors)
	}
}

func TestRedirects(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/": html(`<a href="/old">old</a><a href="/loop1">loop</a><a href="/away">away</a>`),
		"/away": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://elsewhere.invalid/", http.StatusFound)
		},
		"/old":   func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/mid", http.StatusMovedPermanently) },
		"/mid":   func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/new", http.StatusFound) },
		"/new":   html(`<title>new</title>`),
		"/loop1": func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop2", http.StatusFound) },
		"/loop2": func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop1", http.StatusFound) },
	})
	st, fr := env(t, t.TempDir())
	var got *crawl.Page
	chain := &hooks.Chain{}
	chain.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		if strings.HasSuffix(p.URL, "/old") {
			got = p
		}
		return nil
	}))
	rules, err := frontier.Scope{AllowedDomains: []string{"127.0.0.1"}}.Compile()
	if err != nil {
		t.Fatal(err)
	}
	sum := run(t, fastConfig(), st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain), crawler.WithScope(rules))
	if sum.Errors["out-of-scope"] != 1 {
		t.Errorf("errors = %v, want out-of-scope=1 for the redirect away", sum.Errors)
	}
	if got == nil {
		t.Fatal("redirected page /old not seen by OnPage")
	}
	if got.FinalURL != s.URL+"/new" || len(got.Redirects) != 2 {
		t.Errorf("final %q via %v, want /new via [/old /mid]", got.FinalURL, got.Redirects)
	}
	if sum.Errors["redirect-loop"] != 1 {
		t.Errorf("errors = %v, want redirect-loop=1", sum.Errors)
	}
}

func TestCharsetFromMeta(t *testing.T) {
	// "体育新闻" (sports news) in GBK, charset declared only in <meta>.
	gbk := []byte("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\"><title>\xcc\xe5\xd3\xfd\xd0\xc2\xce\xc5</title></head><body>x</body></html>")
	big5 := []byte("<html><head><meta charset=\"big5\"><title>\xc5\xe9\xa8\x7c</title></head></html>") // 體育
	s := newSite(t, map[string]http.HandlerFunc{
		"/": html(`<a href="/gbk">g</a><a href="/big5">b</a><a href="/gb18030">c</a><a href="/late-utf8">u</a>`),
		"/late-utf8": func(w http.ResponseWriter, r *http.Request) { // no charset anywhere, first non-ASCII byte after 1 KB
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<html><head><!-- %s --><title>Café ☕</title></head></html>", strings.Repeat("x", 1100))
		},
		"/gb18030": func(w http.ResponseWriter, r *http.Request) {
			body, _ := simplifiedchinese.GB18030.NewEncoder().String("<html><head><meta charset=\"gb18030\"><title>网球€</title></head></html>")
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(body))
		},
		"/gbk": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(gbk)
		},
		"/big5": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(big5)
		},
	})
	st, fr := env(t, t.TempDir())
	titles := map[string]string{}
	var mu sync.Mutex
	chain := &hooks.Chain{}
	chain.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		mu.Lock()
		titles[p.URL[len(s.URL):]] = p.Title + "|" + p.Charset
		mu.Unlock()
		return nil
	}))
	run(t, fastConfig(), st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain))
	if titles["/gbk"] != "体育新闻|gbk" {
		t.Errorf("GBK page title|charset = %q, want 体育新闻|gbk", titles["/gbk"])
	}
	if titles["/gb18030"] != "网球€|gb18030" {
		t.Errorf("GB18030 page title|charset = %q, want 网球€|gb18030", titles["/gb18030"])
	}
	if titles["/late-utf8"] != "Café ☕|utf-8" {
		t.Errorf("unlabelled UTF-8 page title|charset = %q, want Café ☕|utf-8", titles["/late-utf8"])
	}
	if titles["/big5"] != "體育|big5" {
		t.Errorf("Big5 page title|charset = %q, want 體育|big5", titles["/big5"])
	}
}

func TestBadBodies(t *testing.T) {
	s := newSite(t, map[string]http.HandlerFunc{
		"/": html(`<a href="/huge">h</a><a href="/binary">b</a><a href="/endless">e</a>`),
		"/huge": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(strings.Repeat("<p>x</p>", 100000)))
		},
		"/binary": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("\x00\x01\x02\x03PNG\x00\x00binary"))
		},
		"/endless": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			for i := 0; i < 1e6 && r.Context().Err() == nil; i++ {
				if _, err := w.Write([]byte("<p>endless</p>")); err != nil {
					return
				}
			}
		},
	})
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.MaxBodySize = 64 << 10
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	if sum.Errors["too-large"] != 2 || sum.Errors["not-html"] != 1 {
		t.Errorf("errors = %v, want too-large=2 not-html=1", sum.Errors)
	}
}

func TestPerHostParallelism(t *testing.T) {
	var cur, peak atomic.Int32
	slow := func(w http.ResponseWriter, r *http.Request) {
		n := cur.Add(1)
		defer cur.Add(-1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
		html(`<p>leaf</p>`)(w, r)
	}
	var links strings.Builder
	for i := range 12 {
		fmt.Fprintf(&links, `<a href="/p%d">p</a>`, i)
	}
	routes := map[string]http.HandlerFunc{"/": html(links.String())}
	for i := range 12 {
		routes[fmt.Sprintf("/p%d", i)] = slow
	}
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.Workers, cfg.PerHostParallel = 8, 1
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	if sum.Fetched != 13 {
		t.Errorf("fetched %d, want 13", sum.Fetched)
	}
	if peak.Load() != 1 {
		t.Errorf("peak concurrency on one host = %d, want 1", peak.Load())
	}
}

func TestHookPanicsAndStop(t *testing.T) {
	var links strings.Builder
	for i := range 20 {
		fmt.Fprintf(&links, `<a href="/p%d">p</a>`, i)
	}
	routes := map[string]http.HandlerFunc{"/": html(links.String())}
	for i := range 20 {
		routes[fmt.Sprintf("/p%d", i)] = html("x")
	}
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	chain := &hooks.Chain{}
	chain.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		if strings.HasSuffix(l.URL, "/p1") {
			panic("boom")
		}
		if strings.HasSuffix(l.URL, "/p2") {
			return hooks.ErrSkip
		}
		return nil
	}))
	var n atomic.Int32
	chain.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
		if n.Add(1) == 4 {
			return hooks.ErrStop
		}
		return nil
	}))
	cfg := fastConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1
	sum := run(t, cfg, st, fr, []string{s.URL + "/"}, crawler.WithHooks(chain))
	if sum.Errors["hook"] != 1 {
		t.Errorf("hook errors = %d, want 1 (the panic)", sum.Errors["hook"])
	}
	if sum.Reason != "hook-stop" || sum.Fetched != 4 {
		t.Errorf("reason %q after %d pages, want hook-stop after 4", sum.Reason, sum.Fetched)
	}
	if s.hitCount("/p1") != 0 || s.hitCount("/p2") != 0 {
		t.Errorf("links dropped by hooks were fetched")
	}
}

func TestResumeFetchesNothingTwice(t *testing.T) {
	var links strings.Builder
	for i := range 30 {
		fmt.Fprintf(&links, `<a href="/p%d">p</a>`, i)
	}
	routes := map[string]http.HandlerFunc{"/": html(links.String())}
	for i := range 30 {
		routes[fmt.Sprintf("/p%d", i)] = html(fmt.Sprintf(`<title>p%d</title>`, i))
	}
	s := newSite(t, routes)
	dir := t.TempDir()
	ctx := context.Background()
	cfg := fastConfig()
	cfg.MaxPages = 10
	for round, want := range []int64{10, 31} {
		st, err := store.Open(ctx, filepath.Join(dir, "crawl.db"))
		if err != nil {
			t.Fatal(err)
		}
		fr, err := sqlitefrontier.New(ctx, st, frontier.Config{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := crawler.New(cfg, fr, st)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := c.Run(ctx, []string{s.URL + "/"})
		if err != nil {
			t.Fatal(err)
		}
		if int64(sum.TotalPages) != want {
			t.Errorf("round %d: %d pages stored, want %d", round, sum.TotalPages, want)
		}
		fr.Close()
		st.Close()
		cfg.MaxPages = 0
		if round == 0 && sum.Reason != "max-pages" {
			t.Errorf("round 0 reason %q, want max-pages", sum.Reason)
		}
	}
	for p, n := range s.hits {
		if n > 1 && p != "/robots.txt" {
			t.Errorf("%s fetched %d times over two runs", p, n)
		}
	}
}

// TestHostThatTimesOut: a page the server does not answer fails with
// kind timeout after its one retry, each request given up by the client
// (the fetch timeout). The server would answer after two minutes, a
// fallback that only a broken timeout reaches (the page would then be
// stored); the timeout is the default 2s, which no load makes the
// loopback home page miss.
func TestHostThatTimesOut(t *testing.T) {
	var answered atomic.Int64
	s := newSite(t, map[string]http.HandlerFunc{
		"/": html(`<a href="/slow">slow</a>`),
		"/slow": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(2 * time.Minute):
				answered.Add(1)
				html(`<title>late</title>`)(w, r)
			case <-r.Context().Done():
			}
		},
	})
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.Retries = 1
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	if sum.Errors["timeout"] != 1 || s.hitCount("/slow") != 2 || answered.Load() != 0 || sum.Stored != 1 {
		t.Errorf("errors %v after %d tries, %d answered, %d stored; want timeout=1 after 2, none answered, the home page stored",
			sum.Errors, s.hitCount("/slow"), answered.Load(), sum.Stored)
	}
}
