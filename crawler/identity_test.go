package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
)

const identityAgent = "idbot/2.0 (+http://a.test/bot)"

// identityGate is a.test behind a gate: robots.txt and the sitemap it names
// are served only to a client that sends the crawl's identity (the
// configured header, the cookie file's cookie, the configured User-Agent);
// anyone else gets 403, which for robots.txt means "allow all" (RFC 9309).
// It records every request.
type identityGate struct {
	mu   sync.Mutex
	reqs []gateSeen
}

type gateSeen struct{ path, agent, cookie, custom string }

func (g *identityGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s := gateSeen{path: r.URL.Path, agent: r.UserAgent(), cookie: r.Header.Get("Cookie"), custom: r.Header.Get("X-Crawl-Test")}
	g.mu.Lock()
	g.reqs = append(g.reqs, s)
	g.mu.Unlock()
	known := s.agent == identityAgent && s.cookie == "sid=a1" && s.custom == "yes"
	switch r.URL.Path {
	case "/robots.txt":
		if !known {
			http.Error(w, "who are you?", http.StatusForbidden)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\nSitemap: http://a.test/sitemap.xml\n")
	case "/sitemap.xml":
		if !known {
			http.Error(w, "who are you?", http.StatusForbidden)
			return
		}
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://a.test/listed</loc></url></urlset>`)
	case "/":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<html><body><a href="/private">private</a> <a href="/page">page</a></body></html>`)
	case "/page", "/listed", "/private":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<html><body>leaf</body></html>`)
	default:
		http.NotFound(w, r)
	}
}

func (g *identityGate) seen() []gateSeen {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]gateSeen(nil), g.reqs...)
}

// memShare is a RobotsShare in memory, as redisgate.Robots is in Redis.
type memShare struct {
	mu   sync.Mutex
	gets int
	got  map[string]string
}

func (m *memShare) Get(_ context.Context, u string) (int, []byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gets++
	return 0, nil, false
}

func (m *memShare) Put(_ context.Context, u string, status int, body []byte, _ time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.got[u] = fmt.Sprintf("%d %s", status, body)
}

// TestRobotsAndSitemapsCarryIdentity crawls a.test, whose robots.txt and
// sitemap answer only the crawl's identity, through a loopback proxy:
// robots.txt and the sitemap are requested with the configured
// User-Agent, header and the cookie file's cookie, like the pages, so
// robots.txt's Disallow holds (/private is never requested) and the
// sitemap's URL is crawled. With a RobotsShare (the distributed crawl's
// path) the fetch on a miss is the same, and the share gets the gated
// answer.
func TestRobotsAndSitemapsCarryIdentity(t *testing.T) {
	for _, shared := range []bool{false, true} {
		t.Run(fmt.Sprintf("shared=%v", shared), func(t *testing.T) {
			g := &identityGate{}
			proxy := httptest.NewServer(g)
			defer proxy.Close()
			cfg := proxied(proxy.URL)
			cfg.UserAgent = identityAgent
			opts := []crawler.Option{crawler.WithCookieJar(fileJar(t, "a.test\tFALSE\t/\tFALSE\t0\tsid\ta1\n"))}
			share := &memShare{got: map[string]string{}}
			if shared {
				opts = append(opts, crawler.WithRobotsShare(share))
			}
			st, fr := env(t, t.TempDir())
			sum := run(t, cfg, st, fr, []string{"http://a.test/"}, opts...)

			paths := map[string]int{}
			for _, r := range g.seen() {
				paths[r.path]++
				if r.agent != identityAgent || r.cookie != "sid=a1" || r.custom != "yes" {
					t.Errorf("%s sent User-Agent %q, Cookie %q, X-Crawl-Test %q; want %q, sid=a1, yes",
						r.path, r.agent, r.cookie, r.custom, identityAgent)
				}
			}
			if paths["/robots.txt"] != 1 || paths["/sitemap.xml"] != 1 {
				t.Errorf("requests per path %v; want robots.txt and sitemap.xml once each", paths)
			}
			if paths["/private"] != 0 || sum.Errors["robots"] != 1 {
				t.Errorf("/private requested %d times, %d robots refusals; want 0 and 1: robots.txt was not read as the crawl",
					paths["/private"], sum.Errors["robots"])
			}
			if paths["/listed"] != 1 || sum.SitemapURLs != 1 {
				t.Errorf("the sitemap's URL was requested %d times (%d sitemap URLs queued); want 1 and 1", paths["/listed"], sum.SitemapURLs)
			}
			if !shared {
				return
			}
			if got := share.got["http://a.test/robots.txt"]; share.gets == 0 || !strings.HasPrefix(got, "200 ") || !strings.Contains(got, "Disallow: /private") {
				t.Errorf("share consulted %d times, holds %q; want the gated robots.txt, 200", share.gets, got)
			}
		})
	}
}

// TestHeaderCookieRefused: cookies go in the jar, each to its own domain;
// a Cookie in Config.Header would go to every host.
func TestHeaderCookieRefused(t *testing.T) {
	cfg := fastConfig()
	cfg.Header = http.Header{"Cookie": {"sid=1"}}
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "Cookie") {
		t.Errorf("Validate(Header Cookie) = %v, want an error naming Cookie", err)
	}
}

// recordTransport answers every request with 200 and keeps its header.
type recordTransport struct {
	mu   sync.Mutex
	seen []http.Header
}

func (rt *recordTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.mu.Lock()
	rt.seen = append(rt.seen, r.Header.Clone())
	rt.mu.Unlock()
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
}

// TestClientCarriesIdentity: Client, for requests outside Run, goes
// through the crawl's transport (WithTransport) with its cookie jar and
// identity, whatever the caller's request set.
func TestClientCarriesIdentity(t *testing.T) {
	rt := &recordTransport{}
	cfg := fastConfig()
	cfg.UserAgent = identityAgent
	cfg.Header = http.Header{"X-Crawl-Test": {"yes"}}
	c := crawler.Client(cfg, crawler.WithTransport(rt), crawler.WithCookieJar(fileJar(t, "a.test\tFALSE\t/\tFALSE\t0\tsid\ta1\n")))
	req, err := http.NewRequest(http.MethodGet, "http://a.test/sitemap.xml", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("User-Agent", "someone-else")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(rt.seen) != 1 {
		t.Fatalf("the transport saw %d requests, want 1", len(rt.seen))
	}
	h := rt.seen[0]
	if h.Get("User-Agent") != identityAgent || h.Get("X-Crawl-Test") != "yes" || h.Get("Cookie") != "sid=a1" {
		t.Errorf("sent User-Agent %q, X-Crawl-Test %q, Cookie %q; want %q, yes, sid=a1", h.Get("User-Agent"), h.Get("X-Crawl-Test"), h.Get("Cookie"), identityAgent)
	}
	if req.Header.Get("User-Agent") != "someone-else" {
		t.Errorf("the caller's request was changed: User-Agent %q", req.Header.Get("User-Agent"))
	}
}
