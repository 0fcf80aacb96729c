package crawler_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// hostileSite serves a home page linking to /a, /b and /private/x, and
// robots.txt from robots.
func hostileSite(t *testing.T, robots http.HandlerFunc) *accessLog {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", robots)
	mux.HandleFunc("/robots/", robots) // redirect targets
	page := func(title, links string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<title>%s</title>%s", title, links)
		}
	}
	mux.HandleFunc("/{$}", page("home", `<a href="/a">a</a> <a href="/b">b</a> <a href="/private/x">p</a> <a href="/late">l</a>`))
	mux.HandleFunc("/a", page("a", ""))
	mux.HandleFunc("/b", page("b", ""))
	mux.HandleFunc("/late", page("late", ""))
	mux.HandleFunc("/private/x", page("private", ""))
	return newAccessLog(t, mux)
}

func TestHostileRobots(t *testing.T) {
	garbage := make([]byte, 64<<10)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range garbage {
		garbage[i] = byte(rng.UintN(256))
	}
	huge := "User-agent: *\nDisallow: /private/\n" + strings.Repeat("# a comment line to make the file huge\n", 3<<20/39) + "Disallow: /late\n"
	redirects := func(n int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			var i int
			fmt.Sscanf(r.URL.Path, "/robots/%d", &i)
			if r.URL.Path == "/robots.txt" || i < n {
				http.Redirect(w, r, fmt.Sprintf("/robots/%d", i+1), http.StatusMovedPermanently)
				return
			}
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		}
	}
	tests := []struct {
		name      string
		robots    http.HandlerFunc
		private   bool // /private/x fetched
		late      bool // /late fetched
		robotsHit int  // robots.txt requests (redirect hops included)
	}{
		{"garbage bytes", func(w http.ResponseWriter, r *http.Request) {
			w.Write(garbage)
			fmt.Fprint(w, "\nUser-agent: *\nDisallow: /private/\n")
			w.Write(garbage)
		}, false, true, 1},
		{"huge file", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, huge) }, false, true, 1},
		{"five redirects", redirects(5), false, true, 6},
		{"six redirects", redirects(6), true, true, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := hostileSite(t, tt.robots)
			st, fr := env(t, t.TempDir())
			sum := run(t, fastConfig(), st, fr, []string{site.URL + "/"})
			if got := site.count("/private/x") > 0; got != tt.private {
				t.Errorf("/private/x fetched %v, want %v", got, tt.private)
			}
			if got := site.count("/late") > 0; got != tt.late {
				t.Errorf("/late fetched %v, want %v", got, tt.late)
			}
			if site.count("/a") != 1 || site.count("/b") != 1 || sum.Reason != "frontier-empty" {
				t.Errorf("/a %d, /b %d fetches, reason %q; want 1, 1, frontier-empty", site.count("/a"), site.count("/b"), sum.Reason)
			}
			hits := 0
			for _, e := range site.log() {
				if strings.HasPrefix(e.path, "/robots") {
					hits++
				}
			}
			if hits != tt.robotsHit {
				t.Errorf("robots.txt requests %d, want %d", hits, tt.robotsHit)
			}
		})
	}
}

// A robots.txt answering 503 holds the host's URLs; once it answers 200
// they are fetched, and none was stored as a failure.
func TestRobotsUnavailableThenRecovers(t *testing.T) {
	var calls atomic.Int32
	site := hostileSite(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) <= 2 {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	})
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.Retries = -1
	cfg.RobotsRetry = 30 * time.Millisecond
	sum := run(t, cfg, st, fr, []string{site.URL + "/"})
	if sum.Stored != 4 || sum.Failed != 1 || sum.Errors["robots"] != 1 || sum.Held != 0 {
		t.Errorf("stored %d, failed %d (%s), held %d; want 4 pages, 1 robots refusal, 0 held", sum.Stored, sum.Failed, sum.ErrorSummary(), sum.Held)
	}
	entries := site.log()
	if entries[0].path != "/robots.txt" || entries[1].path != "/robots.txt" || entries[2].path != "/robots.txt" {
		t.Errorf("first requests %v, want robots.txt three times before any page", entries[:3])
	}
	if site.count("/private/x") != 0 || site.count("/a") != 1 {
		t.Errorf("/private/x %d, /a %d fetches; want 0 and 1", site.count("/private/x"), site.count("/a"))
	}
}

// A robots.txt that never recovers: the run gives up waiting after a few
// tries and leaves the URL queued, not failed; the next run, with
// robots.txt back, fetches it.
func TestRobotsUnavailableHeldAcrossRuns(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	site := hostileSite(t, func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	})
	dir := t.TempDir()
	st, fr := env(t, dir)
	cfg := fastConfig()
	cfg.Retries = -1
	cfg.RobotsRetry = 20 * time.Millisecond
	sum := run(t, cfg, st, fr, []string{site.URL + "/"})
	if sum.Held != 1 || sum.Failed != 0 || sum.Stored != 0 || site.count("/") != 0 {
		t.Fatalf("first run: held %d, failed %d, stored %d, home fetched %d; want 1, 0, 0, 0", sum.Held, sum.Failed, sum.Stored, site.count("/"))
	}
	if n := site.count("/robots.txt"); n < 3 {
		t.Errorf("robots.txt asked %d times, want at least 3 (held, retried)", n)
	}
	fr.Close()
	st.Close()

	down.Store(false)
	st2, fr2 := env(t, dir)
	sum = run(t, cfg, st2, fr2, []string{site.URL + "/"})
	if sum.Held != 0 || sum.TotalPages != 4 || site.count("/") != 1 {
		t.Errorf("second run: held %d, pages %d, home fetched %d; want 0, 4, 1", sum.Held, sum.TotalPages, site.count("/"))
	}
}
