package pipeline_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// newsSite is a home page and four section hubs ("…/" URLs) listing
// their articles; hubs answer conditional GETs with 304 while their list
// is unchanged. publish adds articles; every request is counted.
type newsSite struct {
	mu       sync.Mutex
	articles [4]int
	hits     map[string]int
}

func (s *newsSite) publish(section, n int) {
	s.mu.Lock()
	s.articles[section] += n
	s.mu.Unlock()
}

func (s *newsSite) reset() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.hits
	s.hits = map[string]int{}
	return h
}

func (s *newsSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits[r.URL.Path]++
	var b strings.Builder
	var sec, art int
	switch {
	case r.URL.Path == "/":
		b.WriteString("<html><head><title>News home</title></head><body>")
		for i := range 4 {
			fmt.Fprintf(&b, `<a href="/s%d/">section %d</a> `, i, i)
		}
	case strings.HasSuffix(r.URL.Path, "/") && len(r.URL.Path) == 4:
		fmt.Sscanf(r.URL.Path, "/s%d/", &sec)
		fmt.Fprintf(&b, "<html><head><title>Section %d</title></head><body>", sec)
		for i := range s.articles[sec] {
			fmt.Fprintf(&b, `<a href="/s%d/a%d.html">story %d</a> `, sec, i, i)
		}
	default:
		if n, _ := fmt.Sscanf(r.URL.Path, "/s%d/a%d.html", &sec, &art); n != 2 {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(&b, "<html><head><title>Story %d of section %d</title></head><body><p>Story %d of section %d: %s</p>", art, sec, art, sec, strings.Repeat(fmt.Sprintf("w%d ", sec*1000+art), 40))
	}
	b.WriteString("</body></html>")
	h := fnv.New64a()
	h.Write([]byte(b.String()))
	etag := fmt.Sprintf(`"%x"`, h.Sum64())
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, b.String())
}

func distConfig(t *testing.T, dir, db, seed, redisURL string, extra ...string) *config.Config {
	t.Helper()
	src := strings.Join(extra, "\n") + "\n" + fmt.Sprintf(`seeds: [%q]
db: %s
out: %s
exports: []
politeness: {no_delay: true, robots: false, workers: 2, per_host_parallel: 2}
scope: {robots_sitemaps: false}
dedup: {enabled: false}
distributed: {redis: %q, name: news, lease: 5s}
`, seed, filepath.Join(dir, db), filepath.Join(dir, "out-"+db), redisURL)
	cfg, err := config.Parse(strings.NewReader(src), "dist.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// runShared runs one crawl of two processes (two pipelines, two stores)
// sharing Redis, and returns their summaries.
func runShared(t *testing.T, cfgs [2]*config.Config, recrawl bool) [2]crawler.Summary {
	t.Helper()
	var sums [2]crawler.Summary
	var wg sync.WaitGroup
	for i, cfg := range cfgs {
		wg.Go(func() {
			ctx := context.Background()
			p, err := pipeline.Open(ctx, cfg, pipeline.Options{Hooks: labelHubs, Recrawl: recrawl})
			if err != nil {
				t.Error(err)
				return
			}
			defer p.Close()
			if sums[i], err = p.Run(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	return sums
}

// TestDistributedRecrawl: two processes crawl a news site; two sections
// then publish new stories; the two processes re-crawl it (-recrawl):
// each re-visits the hubs its own store holds with a conditional GET
// (304 for the three unchanged ones), and the new stories, found on the
// two changed hubs, are fetched once each over the crawl; no old story is
// fetched again.
func TestDistributedRecrawl(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	site := &newsSite{articles: [4]int{5, 5, 5, 5}, hits: map[string]int{}}
	web := httptest.NewServer(site)
	defer web.Close()
	dir := t.TempDir()
	cfgs := [2]*config.Config{distConfig(t, dir, "a.db", web.URL+"/", srv.URL(0)), distConfig(t, dir, "b.db", web.URL+"/", srv.URL(0))}
	first := runShared(t, cfgs, false)
	if n := first[0].Fetched + first[1].Fetched; n != 25 {
		t.Fatalf("first crawl fetched %d pages over two processes, want 25", n)
	}
	site.reset()
	site.publish(1, 2)
	site.publish(3, 2)
	second := runShared(t, cfgs, true)
	hits := site.reset()
	hubs, stories := 0, 0
	for path, n := range hits {
		if n > 1 {
			t.Errorf("re-crawl: %s requested %d times", path, n)
		}
		if strings.HasSuffix(path, "/") {
			hubs += n
		} else {
			stories += n
		}
	}
	notMod := second[0].NotModified + second[1].NotModified
	t.Logf("re-crawl of 2 processes: %d hub requests (%d answered 304), %d story requests; summaries %d+%d fetched", hubs, notMod, stories, second[0].Fetched, second[1].Fetched)
	if hubs != 5 || notMod != 3 || stories != 4 {
		t.Errorf("re-crawl: %d hub requests, %d answered 304, %d story requests; want 5, 3 and 4 (the new stories only)", hubs, notMod, stories)
	}
}

// TestDistributedRecrawlAfterBudget: a crawl of two processes stops at its
// page budget (the stop flag is set for all) with stories left queued; a
// re-crawl with the same max_pages is not stopped by it (it opens a
// re-crawl generation whose budget counts on top of the pages stored) and
// fetches its re-visits and the new stories they link to, not the stories
// the first crawl left queued: those are the unfinished crawl's, and the
// next normal run fetches them, each once.
func TestDistributedRecrawlAfterBudget(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	site := &newsSite{articles: [4]int{5, 5, 5, 5}, hits: map[string]int{}}
	web := httptest.NewServer(site)
	defer web.Close()
	dir := t.TempDir()
	cfg := func(db string, budget int) *config.Config {
		return distConfig(t, dir, db, web.URL+"/", srv.URL(0), fmt.Sprintf("max_pages: %d", budget))
	}
	first := runShared(t, [2]*config.Config{cfg("a.db", 8), cfg("b.db", 8)}, false)
	if n := first[0].Fetched + first[1].Fetched; n != 8 {
		t.Fatalf("first crawl stored %d pages, want 8 (max_pages)", n)
	}
	old := site.reset()
	site.publish(0, 3)
	second := runShared(t, [2]*config.Config{cfg("a.db", 8), cfg("b.db", 8)}, true)
	hits := site.reset()
	var oldStories, newStories []string
	for path := range hits {
		var sec, art int
		if n, _ := fmt.Sscanf(path, "/s%d/a%d.html", &sec, &art); n == 2 && (sec != 0 || art < 5) {
			oldStories = append(oldStories, path)
		} else if n == 2 {
			newStories = append(newStories, path)
		}
	}
	stored := second[0].TotalPages + second[1].TotalPages
	t.Logf("re-crawl after the budget: %d+%d fetched, %d pages stored over both stores (reasons %s, %s); requests %v",
		second[0].Fetched, second[1].Fetched, stored, second[0].Reason, second[1].Reason, hits)
	if stored != 11 || len(newStories) != 3 || len(oldStories) != 0 {
		t.Errorf("re-crawl: %d pages stored, new stories fetched %v, old stories %v; want 11 (8, then the 3 new stories) and no old story", stored, newStories, oldStories)
	}
	third := runShared(t, [2]*config.Config{cfg("a.db", 100), cfg("b.db", 100)}, false)
	hits = site.reset()
	for path, n := range hits {
		if old[path]+n > 1 && strings.HasSuffix(path, ".html") {
			t.Errorf("%s requested %d times over the crawl", path, old[path]+n)
		}
	}
	if stored := third[0].TotalPages + third[1].TotalPages; stored != 28 {
		t.Errorf("after the next normal run %d pages stored, want 28 (the stories the first crawl left, fetched now)", stored)
	}
}

// TestDistributedRecrawlDeadProcess: in a re-crawl, process A leases the
// re-visits of the hubs its store holds and dies (its Redis connection
// gone: no heartbeat, no goodbye); process B re-crawls too and, once A's
// lease has run out, gets A's re-visits re-issued like any link: it
// fetches them afresh into its own store, follows them to the new stories,
// and a merged export takes B's copies, the ones fetched last.
func TestDistributedRecrawlDeadProcess(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	site := &newsSite{articles: [4]int{5, 5, 5, 5}, hits: map[string]int{}}
	web := httptest.NewServer(site)
	defer web.Close()
	dir := t.TempDir()
	cfgs := [2]*config.Config{distConfig(t, dir, "a.db", web.URL+"/", srv.URL(0)), distConfig(t, dir, "b.db", web.URL+"/", srv.URL(0))}
	runShared(t, cfgs, false)
	ctx := context.Background()
	// A is the process whose store holds more hubs (they fall to either).
	var held [2][]store.HubPage
	for i, c := range cfgs {
		st, err := store.Open(ctx, c.DB)
		if err != nil {
			t.Fatal(err)
		}
		held[i], err = st.HubPages(ctx)
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	dead := 0
	if len(held[1]) > len(held[0]) {
		dead = 1
	}
	live, hubs := 1-dead, held[dead]
	site.reset()
	for s := range 4 {
		site.publish(s, 1)
	}
	// A: joins the re-crawl, leases its re-visits, dies.
	owner, err := pipeline.Owner(cfgs[dead].DB)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	fa, err := redisfrontier.New(ctx, rdb, redisfrontier.Config{Name: "news", Owner: owner, Lease: 5 * time.Second, Recrawl: true})
	if err != nil {
		t.Fatal(err)
	}
	var links []crawl.Link
	for _, h := range hubs {
		links = append(links, crawl.Link{URL: h.URL, Depth: h.Depth, Priority: crawler.SeedPriority})
	}
	if err := fa.Revisit(ctx, links); err != nil {
		t.Fatal(err)
	}
	rdb.Close()
	fa.Close() // fails to reach Redis: its leases stay until they expire
	// B re-crawls alone.
	p, err := pipeline.Open(ctx, cfgs[live], pipeline.Options{Hooks: labelHubs, Recrawl: true})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := p.Run(ctx)
	p.Close()
	if err != nil {
		t.Fatal(err)
	}
	hits := site.reset()
	stores := make([]*store.Store, 2)
	for i, c := range cfgs {
		if stores[i], err = store.Open(ctx, c.DB); err != nil {
			t.Fatal(err)
		}
		defer stores[i].Close()
	}
	taken, err := export.TakenPages(ctx, stores)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hubs {
		path := strings.TrimPrefix(h.URL, web.URL)
		if k, ok := taken[h.URL]; hits[path] != 1 || !ok || k.Store != live {
			t.Errorf("A's hub %s: requested %d times in the re-crawl, merged export takes %+v; want once, B's copy (store %d)", path, hits[path], k, live)
		}
	}
	for s := range 4 {
		if path := fmt.Sprintf("/s%d/a5.html", s); hits[path] != 1 {
			t.Errorf("new story %s requested %d times, want 1", path, hits[path])
		}
	}
	t.Logf("B re-crawled alone after A died: %d fetched, %d not modified; A's %d hubs re-issued to it; requests %v", sum.Fetched, sum.NotModified, len(hubs), hits)
}

// TestDistributedRecrawlSitemapShared: a re-crawl of a distributed crawl
// reads its sitemap seeds again in Open, before its frontier opens; that
// reading goes through the crawl's shared politeness as every request of
// the process does: the Redis host gate (it sets the host's next allowed
// start, gn:<host>) and the shared robots.txt (robots:<URL>). Both keys
// are deleted after the first crawl; Open alone must write them again.
func TestDistributedRecrawlSitemapShared(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	var mu sync.Mutex
	hits := map[string]int{}
	var web *httptest.Server
	web = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hits[r.URL.Path]++
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		case "/sitemap.xml":
			fmt.Fprintf(w, "<urlset><url><loc>%s/a</loc><lastmod>2999-01-01</lastmod></url></urlset>", web.URL)
		case "/a":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><body><p>Page a has words of its own.</p></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer web.Close()
	dir := t.TempDir()
	cfg := distConfig(t, dir, "a.db", web.URL+"/sitemap.xml", srv.URL(0))
	cfg.Politeness.Robots = nil // obeyed: the default
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sum, err := p.Run(ctx); err != nil || sum.Fetched != 1 {
		t.Fatalf("first crawl: fetched %d, %v; want 1 page", sum.Fetched, err)
	}
	p.Close()
	rdb := srv.Client()
	defer rdb.Close()
	prefix := redisfrontier.Prefix("news")
	gateKey := prefix + "gn:" + strings.TrimPrefix(web.URL, "http://")
	robots, err := rdb.Keys(ctx, prefix+"robots:*").Result()
	if err != nil || len(robots) != 1 || rdb.Exists(ctx, gateKey).Val() != 1 {
		t.Fatalf("after the crawl: robots keys %v (%v), gate key %s exists %d; want one robots key and the gate key", robots, err, gateKey, rdb.Exists(ctx, gateKey).Val())
	}
	if err := rdb.Del(ctx, gateKey, robots[0]).Err(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	before := hits["/sitemap.xml"]
	mu.Unlock()
	p, err = pipeline.Open(ctx, cfg, pipeline.Options{Recrawl: true})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	mu.Lock()
	read := hits["/sitemap.xml"] - before
	mu.Unlock()
	if read != 1 {
		t.Fatalf("Open of the re-crawl read the sitemap %d times, want 1", read)
	}
	if n := rdb.Exists(ctx, gateKey, robots[0]).Val(); n != 2 {
		t.Errorf("after the sitemap re-read %d of the gate key and the shared robots.txt are set, want 2: the re-read skipped the shared politeness", n)
	}
}
