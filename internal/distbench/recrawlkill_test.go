package distbench_test

import (
	"context"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/internal/distbench"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// loggedSite serves the demo site's hosts, each request logged, every
// answer after latency.
type loggedSite struct {
	site    *demosite.Site
	servers []*httptest.Server
	latency time.Duration
	mu      sync.Mutex
	hits    map[string]int // absolute URL → requests
}

func newLoggedSite(t *testing.T, latency time.Duration) *loggedSite {
	site, err := demosite.New(demosite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := &loggedSite{site: site, latency: latency, hits: map[string]int{}}
	for i := range len(site.Hosts()) {
		h := site.Handler(i)
		var base string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.mu.Lock()
			s.hits[base+r.URL.RequestURI()]++
			s.mu.Unlock()
			time.Sleep(s.latency)
			h.ServeHTTP(w, r)
		}))
		base = srv.URL
		if err := site.SetBase(i, srv.URL); err != nil {
			t.Fatal(err)
		}
		s.servers = append(s.servers, srv)
		t.Cleanup(srv.Close)
	}
	return s
}

// waitRequests waits until the log holds n requests.
func (s *loggedSite) waitRequests(n int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		got := 0
		for _, k := range s.hits {
			got += k
		}
		s.mu.Unlock()
		if got >= n {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// requested is a copy of the log so far.
func (s *loggedSite) requested() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.hits)
}

// reset returns the log so far and starts a new one.
func (s *loggedSite) reset() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.hits
	s.hits = map[string]int{}
	return h
}

// redirectTargets counts, per URL, the requests of hits that the site
// redirected to it.
func (s *loggedSite) redirectTargets(t *testing.T, hits map[string]int) map[string]int {
	out := map[string]int{}
	for u, n := range hits {
		for i, h := range s.site.Hosts() {
			if strings.HasPrefix(u, h+"/") {
				rec := httptest.NewRecorder()
				s.site.Handler(i).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, u, nil))
				if loc := rec.Header().Get("Location"); rec.Code/100 == 3 && loc != "" {
					out[loc] += n
				}
			}
		}
	}
	return out
}

var hrefRE = regexp.MustCompile(`href="([^"]+)"`)

// links are the absolute URLs page u links to, as the site serves it now
// (read from its handler, not logged).
func (s *loggedSite) links(t *testing.T, u string) []string {
	base, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range s.site.Hosts() {
		if strings.HasPrefix(u, h+"/") {
			rec := httptest.NewRecorder()
			s.site.Handler(i).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, u, nil))
			var out []string
			for _, m := range hrefRE.FindAllStringSubmatch(rec.Body.String(), -1) {
				if r, err := base.Parse(strings.ReplaceAll(m[1], "&amp;", "&")); err == nil {
					r.Fragment = ""
					out = append(out, r.String())
				}
			}
			return out
		}
	}
	t.Fatalf("%s is not a URL of the site", u)
	return nil
}

// TestRecrawlKillNine: two crawl processes crawl the demo site (depth ≤ 2:
// homes, section and tag hubs, the articles they list) to the end; the
// site publishes new articles; both re-crawl (-recrawl), re-visiting the
// hubs their own stores hold. Mid-re-crawl process 0 is killed with
// SIGKILL and restarted at once (same store: it settles what it stored
// and gives back the rest), later process 1 is killed and not restarted
// (its leases run out and are re-issued to process 0, which finishes).
// No URL is lost: every hub is re-visited and every new article they list
// is fetched and stored; a URL is requested twice only when a killed
// process held it (leased) and it had been requested when the process
// died (fetched, not settled yet: the at-least-once window), and no more
// often than that; Redis ends with nothing queued or leased.
//
//	go test ./internal/distbench -run RecrawlKillNine -v
func TestRecrawlKillNine(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	web := newLoggedSite(t, 10*time.Millisecond)
	c := distbench.NewCluster(t, crawlBin, t.TempDir(), distbench.Options{
		Redis: srv.URL(0), Name: "rkill", Seeds: web.site.Seeds(), Workers: 3, PerHost: 2, Lease: 3 * time.Second,
		MaxDepth: 2, Builtins: true, Extra: "hub: {enabled: true, policy: tag}\n",
	})
	for i := range 2 {
		c.Start(i)
	}
	c.Wait(5 * time.Minute)
	first := web.reset()
	var hubs []store.HubPage
	for i := range 2 {
		st, err := store.Open(ctx, c.DB(i))
		if err != nil {
			t.Fatal(err)
		}
		h, err := st.HubPages(ctx)
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		hubs = append(hubs, h...)
	}
	base, err := rdb.Get(ctx, "crawl:{rkill}:n:stored").Int64()
	if err != nil {
		t.Fatal(err)
	}
	published := web.site.Publish(6)
	// the new articles the re-crawl must fetch: those the hubs within
	// depth 1 list now and nobody requested before
	want := map[string]bool{}
	for _, h := range hubs {
		if h.Depth > 1 {
			continue
		}
		for _, u := range web.links(t, h.URL) {
			if tr, ok := web.site.Truth(u); ok && tr.Kind == "article" && first[u] == 0 {
				want[u] = true
			}
		}
	}
	t.Logf("first crawl: %d pages stored, %d URLs requested, %d hubs; %d articles published, %d of them listed by hubs of depth ≤ 1",
		base, len(first), len(hubs), published, len(want))
	if len(hubs) < 20 || len(want) < 10 {
		t.Fatalf("%d hubs, %d new articles to fetch: the re-crawl would show little", len(hubs), len(want))
	}
	for i := range 2 {
		c.StartWith(i, "-recrawl")
	}
	held := 0
	window := map[string]bool{} // links a killed process held and had requested: the at-least-once window
	kill := func(i int, restart bool, at int) {
		if !web.waitRequests(at, 2*time.Minute) {
			t.Fatalf("the re-crawl did not reach %d requests", at)
		}
		c.Kill(i)
		asked := web.requested()
		owner, err := pipeline.Owner(c.DB(i))
		if err != nil {
			t.Fatal(err)
		}
		leased, err := redisfrontier.LeasedURLs(ctx, rdb, "rkill", owner)
		if err != nil {
			t.Fatal(err)
		}
		held += len(leased)
		inWindow := 0
		for _, u := range leased {
			if asked[u] > 0 {
				window[u] = true
				inWindow++
			}
		}
		t.Logf("killed process %d after %d requests of the re-crawl: it held %d links, %d of them requested already; restarted: %v", i, at, len(leased), inWindow, restart)
		if restart {
			c.StartWith(i, "-recrawl")
		}
	}
	kill(0, true, len(hubs)/4)
	kill(1, false, len(hubs)/2)
	c.Wait(5 * time.Minute)
	again := web.reset()
	revisited, fetchedNew, twice := 0, 0, 0
	for _, h := range hubs {
		if again[h.URL] > 0 {
			revisited++
		}
	}
	stored, err := distbench.StoredPages(ctx, dbs(c, 2))
	if err != nil {
		t.Fatal(err)
	}
	var lost []string
	for u := range want {
		if again[u] > 0 && stored[u] > 0 {
			fetchedNew++
		} else {
			lost = append(lost, u)
		}
	}
	// a page reached through a redirect (/old/N) too is requested once
	// more, kills or not
	redirected := web.redirectTargets(t, again)
	var outside []string
	for u, n := range again {
		n -= redirected[u]
		twice += max(n-1, 0)
		if n > 1 && !window[u] {
			outside = append(outside, u)
		}
	}
	end, _ := rdb.Get(ctx, "crawl:{rkill}:n:stored").Int64()
	t.Logf("pages stored by the re-crawl (Redis counter): %d", end-base)
	queued, _ := rdb.Get(ctx, "crawl:{rkill}:n:queued").Int64()
	leased, _ := rdb.Get(ctx, "crawl:{rkill}:n:leased").Int64()
	t.Logf("re-crawl: %d requests for %d URLs; %d of %d hubs re-visited; %d of %d new articles fetched and stored; %d requests again, the killed processes held %d links, %d of them requested already; Redis: %d queued, %d leased",
		sum(again), len(again), revisited, len(hubs), fetchedNew, len(want), twice, held, len(window), queued, leased)
	if revisited != len(hubs) {
		t.Errorf("%d of %d hubs re-visited: want all", revisited, len(hubs))
	}
	if len(lost) > 0 {
		t.Errorf("%d new articles not fetched or not stored, e.g. %v", len(lost), lost[:min(3, len(lost))])
	}
	if twice > len(window) || len(outside) > 0 {
		t.Errorf("%d requests for URLs already requested in the re-crawl, %d links in the at-least-once window (held by a killed process and requested); %d fetched again outside it, e.g. %v",
			twice, len(window), len(outside), outside[:min(3, len(outside))])
	}
	if queued != 0 || leased != 0 {
		t.Errorf("Redis after the re-crawl: %d queued, %d leased; want none", queued, leased)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
