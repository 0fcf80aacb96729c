package trapsite

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/crawl-project/crawl/internal/demosite"
)

// Config configures a Site. The zero value is the trap site with 300 real pages.
type Config struct {
	Pages   int  // real article pages; default 300
	Hostile bool // add the hostile pages and a garbage robots.txt
}

// Site is the trap site; it is an http.Handler, safe for concurrent use.
type Site struct {
	cfg   Config
	texts []demosite.Text

	mu       sync.Mutex
	rnd      *rand.Rand
	requests int
	traps    int
	real     map[int]bool // article numbers fetched
	byKind   map[string]int
}

// Counts is what the site has served so far.
type Counts struct {
	Requests int            // every request, robots.txt included
	Traps    int            // requests of trap URLs
	Real     int            // distinct real articles requested
	ByKind   map[string]int // requests per kind: real, index, robots, cal, sid, perm, mirror, hostile…
}

// TrapShare is Traps / Requests.
func (c Counts) TrapShare() float64 {
	if c.Requests == 0 {
		return 0
	}
	return float64(c.Traps) / float64(c.Requests)
}

// New builds a site over the first cfg.Pages distinct articles of the corpus.
func New(cfg Config) (*Site, error) {
	if cfg.Pages == 0 {
		cfg.Pages = 300
	}
	all, err := demosite.Texts()
	if err != nil {
		return nil, fmt.Errorf("trapsite: %w", err)
	}
	seen := map[string]bool{}
	var texts []demosite.Text
	for _, t := range all { // the corpus holds some articles twice: skip them
		key := strings.Join(t.Paras, "\n")
		if seen[key] || seen[t.Title] {
			continue
		}
		seen[key], seen[t.Title] = true, true
		texts = append(texts, t)
		if len(texts) == cfg.Pages {
			break
		}
	}
	if len(texts) < cfg.Pages {
		return nil, fmt.Errorf("trapsite: only %d distinct articles, want %d", len(texts), cfg.Pages)
	}
	return &Site{cfg: cfg, texts: texts, rnd: rand.New(rand.NewPCG(1, 2)), real: map[int]bool{}, byKind: map[string]int{}}, nil
}

// Counts returns the request counts so far.
func (s *Site) Counts() Counts {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := Counts{Requests: s.requests, Traps: s.traps, Real: len(s.real), ByKind: map[string]int{}}
	for k, v := range s.byKind {
		c.ByKind[k] = v
	}
	return c
}

// Kind classifies a request path and query: "real" (an article), "index",
// "home", "robots" (not traps), or the trap's kind ("sid" for any URL
// with a session id). n is the article number of a real request.
func Kind(path, rawQuery string) (kind string, n int) {
	plain := rawQuery == ""
	switch {
	case strings.Contains("&"+rawQuery, "&sid="):
		return "sid", 0
	case path == "/robots.txt":
		return "robots", 0
	case path == "/" && plain:
		return "home", 0
	case strings.HasPrefix(path, "/index/") && plain:
		return "index", 0
	case strings.HasPrefix(path, "/doc/"):
		n, err := strconv.Atoi(strings.TrimPrefix(path, "/doc/"))
		if err != nil {
			return "bad", 0
		}
		if plain {
			return "real", n
		}
		return "perm", n
	case path == "/cal":
		return "cal", 0
	case path == "/p":
		return "sid", 0
	case strings.HasPrefix(path, "/mirror/"):
		return "mirror", 0
	case strings.HasPrefix(path, "/hostile/"):
		return "hostile", 0
	}
	return "other", 0
}

func (s *Site) count(r *http.Request) {
	kind, n := Kind(r.URL.Path, r.URL.RawQuery)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests++
	s.byKind[kind]++
	switch kind {
	case "real":
		s.real[n] = true
	case "home", "index", "robots":
	default:
		s.traps++
	}
}

func (s *Site) sid() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strconv.FormatUint(s.rnd.Uint64(), 36)
}

// ServeHTTP implements http.Handler.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.count(r)
	path := r.URL.Path
	prefix := ""
	if rest, ok := strings.CutPrefix(path, "/mirror"); ok && strings.HasPrefix(rest, "/") {
		prefix, path = "/mirror", rest
	}
	switch {
	case path == "/robots.txt":
		s.robots(w)
	case s.cfg.Hostile && strings.HasPrefix(path, "/hostile/"):
		s.hostile(w, r)
	case path == "/":
		s.home(w, prefix)
	case strings.HasPrefix(path, "/index/"):
		s.index(w, r, prefix, strings.TrimPrefix(path, "/index/"))
	case strings.HasPrefix(path, "/doc/"):
		s.article(w, r, prefix, strings.TrimPrefix(path, "/doc/"))
	case path == "/cal":
		s.calendar(w, r)
	case path == "/p":
		s.portal(w, r)
	default:
		http.NotFound(w, r)
	}
}
