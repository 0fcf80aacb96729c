package crawler_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
)

// accessLog is a loopback server that logs the path and the arrival time
// of every request, as a site's own access log would.
type accessLog struct {
	*httptest.Server
	mu      sync.Mutex
	entries []logEntry
}

type logEntry struct {
	path string
	at   time.Time
}

func newAccessLog(t *testing.T, h http.Handler) *accessLog {
	t.Helper()
	l := &accessLog{}
	l.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		l.mu.Lock()
		l.entries = append(l.entries, logEntry{path: r.URL.RequestURI(), at: at})
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(l.Close)
	return l
}

func (l *accessLog) log() []logEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.entries)
}

func (l *accessLog) count(path string) int {
	n := 0
	for _, e := range l.log() {
		if e.path == path {
			n++
		}
	}
	return n
}

// minGap returns the smallest time between two consecutive requests of
// entries (in arrival order), skipping those whose path is skip.
func minGap(entries []logEntry, skip string) (time.Duration, int) {
	var prev time.Time
	gap, n := time.Duration(1<<62), 0
	for _, e := range entries {
		if e.path == skip {
			continue
		}
		if !prev.IsZero() {
			gap = min(gap, e.at.Sub(prev))
			n++
		}
		prev = e.at
	}
	return gap, n
}

// redirectSite serves a home page linking to chains redirect chains of
// hops redirects each, and to refused URLs robots.txt disallows.
func redirectSite(chains, hops, refused int, robotsTxt string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, robotsTxt) })
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		for c := 0; c < chains; c++ {
			fmt.Fprintf(&b, `<a href="/r/%d/0">chain %d</a> `, c, c)
		}
		for i := 0; i < refused; i++ {
			fmt.Fprintf(&b, `<a href="/private/%d">p</a> `, i)
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<title>home</title>%s", b.String())
	})
	mux.HandleFunc("/r/{c}/{i}", func(w http.ResponseWriter, r *http.Request) {
		var i int
		fmt.Sscan(r.PathValue("i"), &i)
		if i < hops {
			http.Redirect(w, r, fmt.Sprintf("/r/%s/%d", r.PathValue("c"), i+1), http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<title>end of chain</title>")
	})
	mux.HandleFunc("/private/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "<title>private</title>") })
	return mux
}

// With delay 50ms and one request at a time, the site's own log shows no
// two requests closer than 50ms: redirect hops and robots.txt included.
// The bound holds under any load: a request starts at least the delay
// after the previous one ended, and the site logged that one before it
// answered. Only lower bounds are asserted.
func TestPolitenessEveryRequest(t *testing.T) {
	const delay = 50 * time.Millisecond
	const chains, hops = 4, 3
	site := newAccessLog(t, redirectSite(chains, hops, 5, "User-agent: *\nDisallow: /private/\n"))
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.PerHostDelay, cfg.PerHostParallel, cfg.Workers = delay, 1, 4
	sum := run(t, cfg, st, fr, []string{site.URL + "/"})

	entries := site.log()
	if want := 1 + 1 + chains*(hops+1); len(entries) != want {
		t.Errorf("site saw %d requests, want %d (robots.txt, home, %d chains of %d hops)", len(entries), want, chains, hops+1)
	}
	if sum.Stored != 1+chains || sum.Errors["robots"] != 5 {
		t.Errorf("stored %d pages, robots refusals %d; want %d and 5", sum.Stored, sum.Errors["robots"], 1+chains)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.path, "/private/") {
			t.Errorf("refused URL %s was requested", e.path)
		}
	}
	gapAll, nAll := minGap(entries, "")
	gapPages, nPages := minGap(entries, "/robots.txt")
	if gapAll < delay || gapPages < delay {
		t.Errorf("min gap between request starts %v (all %d gaps), %v (robots.txt aside, %d gaps); want ≥ %v", gapAll, nAll, gapPages, nPages, delay)
	}
	t.Logf("delay %v, per_host_parallel 1: %d requests, min gap %v (robots.txt included), %v (robots.txt aside)", delay, len(entries), gapAll, gapPages)
}

// slotCount is a HostGate that counts the politeness slots taken (every
// request sent takes one) and never makes a request wait.
type slotCount struct{ n sync.Map } // host → *int64 (atomic)

func (g *slotCount) Acquire(_ <-chan struct{}, host string, _ time.Duration) (func(), error) {
	v, _ := g.n.LoadOrStore(host, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
	return func() {}, nil
}

func (g *slotCount) Ready(string) bool { return true }

func (g *slotCount) total() int64 {
	var n int64
	g.n.Range(func(_, v any) bool { n += v.(*atomic.Int64).Load(); return true })
	return n
}

// A URL refused by robots.txt costs its host no delay slot: with forty
// refused links ahead of one allowed page, the host's politeness is asked
// for a slot once per request the site saw (robots.txt, the home page, the
// allowed page), never for a refused URL. Counted, not timed.
func TestRefusedURLsTakeNoSlot(t *testing.T) {
	const refused = 40
	site := newAccessLog(t, redirectSite(1, 0, refused, "User-agent: *\nDisallow: /private/\n"))
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.PerHostDelay, cfg.PerHostParallel, cfg.Workers = 20*time.Millisecond, 1, 4
	slots := &slotCount{}
	sum := run(t, cfg, st, fr, []string{site.URL + "/"}, crawler.WithHostGate(slots))
	if sum.Errors["robots"] != refused || site.count("/r/0/0") != 1 {
		t.Fatalf("robots refusals %d, chain page fetched %d times; want %d and 1", sum.Errors["robots"], site.count("/r/0/0"), refused)
	}
	if n, sent := slots.total(), len(site.log()); n != int64(sent) || sent != 3 {
		t.Errorf("%d politeness slots taken for %d requests sent; want one a request, 3 requests (refused URLs take none)", n, sent)
	}
}

func TestRobotsAgentValidated(t *testing.T) {
	tests := []struct {
		cfg crawler.Config
		ok  bool
	}{
		{crawler.Config{}, true},
		{crawler.Config{RobotsAgent: "my-bot"}, true},
		{crawler.Config{RobotsAgent: "my bot"}, false},
		{crawler.Config{UserAgent: "/1.0 (x)"}, false},
		{crawler.Config{UserAgent: "/1.0 (x)", RobotsAgent: "x"}, true},
	}
	for _, tt := range tests {
		if err := tt.cfg.Validate(); (err == nil) != tt.ok {
			t.Errorf("Validate(UserAgent %q, RobotsAgent %q) = %v, want ok %v", tt.cfg.UserAgent, tt.cfg.RobotsAgent, err, tt.ok)
		}
	}
	if got := crawler.DefaultConfig().RobotsAgent; got != "crawl" {
		t.Errorf("default RobotsAgent = %q, want crawl", got)
	}
}
