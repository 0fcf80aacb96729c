package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
)

// limitSite serves pages /p/0 … /p/299, each linking to six others and to
// five query variants of /cal (/cal?d=…, pages without links), and lets
// a test wait for a number of page hits.
type limitSite struct {
	mu   sync.Mutex
	hits int
	wake chan struct{}
}

func (s *limitSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/p/0" && !strings.HasPrefix(r.URL.Path, "/p/") && r.URL.Path != "/cal" {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	s.hits++
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
	time.Sleep(20 * time.Millisecond)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var i int
	if _, err := fmt.Sscanf(r.URL.Path, "/p/%d", &i); err != nil {
		fmt.Fprintf(w, "<html><head><title>Day %s</title></head><body>nothing on %s</body></html>", r.URL.RawQuery, r.URL.RawQuery)
		return
	}
	fmt.Fprintf(w, "<html><head><title>Page %d</title></head><body><ul>", i)
	for j := 1; j <= 6; j++ {
		fmt.Fprintf(w, `<li><a href="/p/%d">item %d</a></li>`, (i*6+j)%300, j)
	}
	for j := range 5 {
		fmt.Fprintf(w, `<li><a href="/cal?d=%d">day %d</a></li>`, i*5+j, j)
	}
	fmt.Fprint(w, "</ul></body></html>")
}

// waitHits waits until the site has served n requests since from.
func (s *limitSite) waitHits(t *testing.T, from, n int) {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		s.mu.Lock()
		h := s.hits
		s.mu.Unlock()
		if h-from >= n {
			return
		}
		select {
		case <-s.wake:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatalf("the site served %d requests in a minute, want %d", h-from, n)
		}
	}
}

// TestLimitsKeptOnResume kills a crawl with SIGKILL three times, each
// time after 12 page requests (before its limits are reached), then lets
// it finish: max_pages_per_host (40) and max_query_variants (30) hold for
// the whole crawl, not for each run: 40 URLs of the host fetched and
// stored, 30 /cal variants in the frontier.
func TestLimitsKeptOnResume(t *testing.T) {
	site := &limitSite{wake: make(chan struct{}, 1)}
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	db := filepath.Join(dir, "l.db")
	cfg := fmt.Sprintf(`seeds: [%q]
db: %s
out: %s
exports: []
politeness: {workers: 2, no_delay: true, robots: false}
scope: {max_pages_per_host: 40, max_query_variants: 30, robots_sitemaps: false}
dedup: {enabled: false}
`, srv.URL+"/p/0", db, filepath.Join(dir, "out"))
	cfgPath := filepath.Join(dir, "l.yaml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		site.mu.Lock()
		from := site.hits
		site.mu.Unlock()
		cmd := child(cfgPath)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		site.waitHits(t, from, 12)
		cmd.Process.Kill()
		cmd.Wait()
	}
	out, err := child(cfgPath).CombinedOutput()
	if err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	counts, err := st.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	variants := 0
	err = st.FrontierURLs(ctx, func(u string) error {
		if strings.Contains(u, "/cal?") {
			variants++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	site.mu.Lock()
	hits := site.hits
	site.mu.Unlock()
	t.Logf("4 runs (3 killed): %d requests, %d pages stored, %d /cal variants queued", hits, counts.Pages, variants)
	if counts.Pages != 40 || variants != 30 {
		t.Errorf("%d pages stored and %d /cal variants queued over 4 runs of one crawl; want 40 (max_pages_per_host) and 30 (max_query_variants)", counts.Pages, variants)
	}
}
