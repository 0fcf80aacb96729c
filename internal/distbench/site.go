package distbench

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Site is a web of Hosts loopback hosts (one server each, so each is its
// own host:port for politeness) with Pages pages each, /p/0 … /p/<Pages-1>.
// Page i links to pages 2i+1 and 2i+2 of its host (so every page is
// reachable from /p/0), to three random pages of its host and to two random
// pages of other hosts. Every page answer waits Latency first. robots.txt
// is 404 (everything allowed). Every request is logged.
type Site struct {
	Hosts, Pages int
	Latency      time.Duration
	// Mirror makes every odd host serve the text of the host before it
	// (page n of host 2k+1 reads as page n of host 2k, its links stay on
	// its own host): near-duplicates for duplicate detection to find.
	Mirror bool

	servers []*httptest.Server
	mu      sync.Mutex
	log     []Request
}

// Request is one entry of the access log.
type Request struct {
	Host  string // host:port
	Path  string
	Start time.Time // when the handler began
}

// NewSite starts the site; Close stops it.
func NewSite(hosts, pages int, latency time.Duration) *Site {
	s := &Site{Hosts: hosts, Pages: pages, Latency: latency}
	for range hosts {
		s.servers = append(s.servers, httptest.NewServer(http.HandlerFunc(s.serve)))
	}
	return s
}

// Close stops the servers.
func (s *Site) Close() {
	for _, srv := range s.servers {
		srv.Close()
	}
}

// Roots are the URLs of every host's page 0: the seeds.
func (s *Site) Roots() []string {
	out := make([]string, len(s.servers))
	for i, srv := range s.servers {
		out[i] = srv.URL + "/p/0"
	}
	return out
}

// URLs are every page's URL.
func (s *Site) URLs() []string {
	var out []string
	for _, srv := range s.servers {
		for i := range s.Pages {
			out = append(out, fmt.Sprintf("%s/p/%d", srv.URL, i))
		}
	}
	return out
}

// Log returns a copy of the access log.
func (s *Site) Log() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.log...)
}

func (s *Site) serve(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	s.mu.Lock()
	s.log = append(s.log, Request{Host: r.Host, Path: r.URL.Path, Start: start})
	s.mu.Unlock()
	n, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
	if !strings.HasPrefix(r.URL.Path, "/p/") || err != nil || n < 0 || n >= s.Pages {
		http.NotFound(w, r)
		return
	}
	time.Sleep(s.Latency)
	host := s.hostIndex(r.Host)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, s.page(host, n))
}

func (s *Site) hostIndex(hostport string) int {
	for i, srv := range s.servers {
		if strings.TrimPrefix(srv.URL, "http://") == hostport {
			return i
		}
	}
	return 0
}

var words = strings.Fields(`match goal league season club player coach transfer score final cup team stadium
fans injury win draw defeat record title race lap driver tennis set serve court golf round course hole
cricket wicket innings runs bowler rugby try scrum pitch referee penalty corner striker keeper midfield`)

// page is the HTML of page n of host h: distinct text, so no page looks
// like a duplicate of another.
func (s *Site) page(h, n int) string {
	text := h
	if s.Mirror {
		text = h - h%2
	}
	rng := rand.New(rand.NewPCG(uint64(text), uint64(n)))
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><html><head><title>Host %d page %d</title></head><body><h1>Page %d of host %d</h1><p>", text, n, n, text)
	for range 120 {
		b.WriteString(words[rng.IntN(len(words))])
		b.WriteByte(' ')
	}
	fmt.Fprintf(&b, "%d %d</p><ul>", text*1_000_003+n, rng.Int64())
	link := func(host, page int) {
		if page < s.Pages {
			fmt.Fprintf(&b, `<li><a href="%s/p/%d">%s %d</a></li>`, s.servers[host].URL, page, words[rng.IntN(len(words))], page)
		}
	}
	link(h, 2*n+1)
	link(h, 2*n+2)
	for range 3 {
		link(h, rng.IntN(s.Pages))
	}
	for range 2 {
		link(rng.IntN(len(s.servers)), rng.IntN(s.Pages))
	}
	b.WriteString("</ul></body></html>")
	return b.String()
}
