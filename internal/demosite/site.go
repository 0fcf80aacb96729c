package demosite

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

// Config tunes the demo web. The zero value is the documented default.
type Config struct {
	// Holdback is how many articles of each topic are held back, to be
	// published later by Publish. Default 20.
	Holdback int
	// CrawlDelay is the Crawl-delay the sport host's robots.txt asks for.
	// Default 1s.
	CrawlDelay time.Duration
	// SlowDelay is how long /slow.html takes to answer. Default 3s.
	SlowDelay time.Duration
}

// Site is the demo web: five hosts on loopback ports, each with its own
// template. Build it with New, start it with Start, stop it with Close.
// It is safe for concurrent use.
type Site struct {
	cfg      Config
	articles []*article
	hosts    []*host
	thumb    []byte // the JPEG every /img/N.jpg serves

	mu      sync.RWMutex
	version int                           // bumped by Publish
	cache   map[string]*cachedPage        // host base + path → rendered page
	cmu     sync.Mutex                    // guards cache under mu's read lock; replaced under mu's write lock
	prev    map[string]*cachedPage        // renders before the last Publish, for validators
	byTopic map[string][]*article         // published, newest first
	initial map[string][]*article         // published from the start, corpus order
	tags    map[int]map[string][]*article // host → tag → published articles, newest first
	popular []link                        // popularSearches, kept by reindex and SetBase (it scans every article)

	tmu    sync.Mutex            // guards truths; taken inside mu
	truths map[string]truthEntry // memoised Truth answers, reset with the cache

	servers []*http.Server
	lns     []net.Listener
}

type cachedPage struct {
	body        []byte
	contentType string
	etag        string
	modified    time.Time
}

// New builds the demo web (not yet listening).
func New(cfg Config) (*Site, error) {
	if cfg.Holdback == 0 {
		cfg.Holdback = 20
	}
	if cfg.CrawlDelay == 0 {
		cfg.CrawlDelay = time.Second
	}
	if cfg.SlowDelay == 0 {
		cfg.SlowDelay = 3 * time.Second
	}
	if cfg.Holdback < 0 || cfg.CrawlDelay < 0 || cfg.SlowDelay < 0 {
		return nil, errors.New("demosite: negative Config value")
	}
	arts, err := loadCorpus()
	if err != nil {
		return nil, err
	}
	thumb, err := thumbnail()
	if err != nil {
		return nil, err
	}
	s := &Site{cfg: cfg, articles: arts, hosts: newHosts(), thumb: thumb}
	s.place()
	s.initial = map[string][]*article{}
	for _, a := range arts {
		if a.published {
			s.initial[a.topic] = append(s.initial[a.topic], a)
		}
	}
	s.reindex()
	return s, nil
}

// place assigns every article to a host and a URL, and holds back the last
// cfg.Holdback articles of each topic.
func (s *Site) place() {
	perTopic := map[string]int{}
	counts := map[string]int{}
	for _, a := range s.articles {
		counts[a.topic]++
	}
	for _, a := range s.articles {
		i := perTopic[a.topic]
		perTopic[a.topic]++
		a.host = hostFor(a)
		a.path = fmt.Sprintf("/%s/%s/%s-%d.html", a.topic, a.date.Format("2006/01/02"), slug(a.title), a.id)
		a.order = i
		a.published = i < counts[a.topic]-s.cfg.Holdback
	}
}

// reindex rebuilds the topic and tag lists from the published articles.
func (s *Site) reindex() {
	s.byTopic = map[string][]*article{}
	s.tags = map[int]map[string][]*article{}
	for _, a := range s.articles {
		if !a.published {
			continue
		}
		s.byTopic[a.topic] = append(s.byTopic[a.topic], a)
		if s.tags[a.host] == nil {
			s.tags[a.host] = map[string][]*article{}
		}
		for _, k := range a.keywords[:min(3, len(a.keywords))] {
			s.tags[a.host][k] = append(s.tags[a.host][k], a)
		}
	}
	newest := func(l []*article) {
		sort.Slice(l, func(i, j int) bool { return l[i].order > l[j].order })
	}
	for _, l := range s.byTopic {
		newest(l)
	}
	for _, m := range s.tags {
		for _, l := range m {
			newest(l)
		}
	}
	s.prev, s.cache = s.cache, map[string]*cachedPage{}
	s.popular = s.popularSearches()
	s.resetTruths()
}

func (s *Site) resetTruths() {
	s.tmu.Lock()
	s.truths = map[string]truthEntry{}
	s.tmu.Unlock()
}

// Start listens on a free loopback port per host and serves the site.
func (s *Site) Start() error {
	for i := range s.hosts {
		if err := s.listen(i, "127.0.0.1:0"); err != nil {
			s.Close()
			return err
		}
	}
	return nil
}

// StartOn is Start with the first host on addr (the others on free ports).
func (s *Site) StartOn(addr string) error {
	if err := s.listen(0, addr); err != nil {
		return err
	}
	for i := 1; i < len(s.hosts); i++ {
		if err := s.listen(i, "127.0.0.1:0"); err != nil {
			s.Close()
			return err
		}
	}
	return nil
}

// StartAt listens on the given addresses, one per host in host order
// ("127.0.0.1:0" picks a free port). A crawl that must find the site at
// the same URLs again (resume, re-crawl) starts it at the addresses of the
// first run.
func (s *Site) StartAt(addrs []string) error {
	if len(addrs) != len(s.hosts) {
		return fmt.Errorf("demosite: StartAt needs %d addresses, got %d", len(s.hosts), len(addrs))
	}
	for i, a := range addrs {
		if err := s.listen(i, a); err != nil {
			s.Close()
			return err
		}
	}
	return nil
}

// Addrs returns the listening address of every host, for StartAt.
func (s *Site) Addrs() []string {
	out := make([]string, len(s.hosts))
	for i, h := range s.hosts {
		out[i] = strings.TrimPrefix(h.base, "http://")
	}
	return out
}

// SetBase tells the site that host i is served at base
// ("http://127.0.0.1:port", no trailing slash) by a server of the caller's,
// e.g. an httptest.Server running Handler(i). Links and Truth use it. Call
// it before serving, once per host; Start, StartOn and StartAt do it
// themselves.
func (s *Site) SetBase(i int, base string) error {
	if i < 0 || i >= len(s.hosts) {
		return fmt.Errorf("demosite: SetBase: no host %d (have %d)", i, len(s.hosts))
	}
	if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") || strings.HasSuffix(base, "/") {
		return fmt.Errorf("demosite: SetBase: base %q is not an http(s) URL without trailing slash", base)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hosts[i].base = base
	s.cache = map[string]*cachedPage{} // rendered links name the old base
	s.popular = s.popularSearches()
	s.resetTruths()
	return nil
}

func (s *Site) listen(i int, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("demosite: listen %s: %w", addr, err)
	}
	s.mu.Lock()
	s.hosts[i].base = "http://" + ln.Addr().String()
	s.popular = s.popularSearches() // they name the search host's base
	s.mu.Unlock()
	srv := &http.Server{Handler: s.Handler(i), ReadHeaderTimeout: 10 * time.Second}
	s.servers = append(s.servers, srv)
	s.lns = append(s.lns, ln)
	go srv.Serve(ln)
	return nil
}

// Close stops every host.
func (s *Site) Close() error {
	var errs []error
	for _, srv := range s.servers {
		errs = append(errs, srv.Close())
	}
	s.servers, s.lns = nil, nil
	return errors.Join(errs...)
}

// Hosts returns the base URL of every host ("http://127.0.0.1:port"), in
// host order: 0 the general news site, 1 the sport site, 2 the business and
// tech wire, 3 the politics and entertainment review, 4 the search portal.
func (s *Site) Hosts() []string {
	out := make([]string, len(s.hosts))
	for i, h := range s.hosts {
		out[i] = h.base
	}
	return out
}

// Seeds returns the home page of every host.
func (s *Site) Seeds() []string {
	out := s.Hosts()
	for i := range out {
		out[i] += "/"
	}
	return out
}

// SportSeeds returns the URLs of the first n published sport articles (in
// corpus order: deterministic).
func (s *Site) SportSeeds(n int) []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []string
	for _, a := range s.articles {
		if a.topic == "sport" && a.published && len(out) < n {
			out = append(out, s.urlOf(a))
		}
	}
	return out
}

// SportSample returns the URLs of n published sport articles spread evenly
// over the sport corpus (deterministic). The corpus runs by sub-topic
// (athletics first, then football, cricket, rugby, tennis), so the first n
// (SportSeeds) are all athletics, while a sample covers the whole section:
// seeds that define "sport" rather than "athletics".
func (s *Site) SportSample(n int) []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var sport []*article
	for _, a := range s.articles {
		if a.topic == "sport" && a.published {
			sport = append(sport, a)
		}
	}
	n = min(max(n, 0), len(sport))
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, s.urlOf(sport[i*len(sport)/n]))
	}
	return out
}

// Publish releases n held-back articles of every topic: they appear at the
// top of their home, section and tag pages, whose ETag and Last-Modified
// change; every other page keeps its validators. It returns how many
// articles were published.
func (s *Site) Publish(n int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	done := 0
	for _, t := range Topics {
		left := n
		for _, a := range s.articles {
			if left > 0 && a.topic == t && !a.published {
				a.published = true
				left--
				done++
			}
		}
	}
	s.version++
	s.reindex()
	return done
}

func (s *Site) urlOf(a *article) string { return s.hosts[a.host].base + a.path }

// hostIndex finds the host of an absolute URL.
func (s *Site) hostIndex(rawURL string) (int, string, bool) {
	for i, h := range s.hosts {
		if h.base != "" && strings.HasPrefix(rawURL, h.base+"/") {
			return i, rawURL[len(h.base):], true
		}
	}
	return 0, "", false
}

// modTime is the Last-Modified of pages first rendered in version v.
func modTime(v int) time.Time {
	return time.Date(2005, 12, 31, 12, 0, 0, 0, time.UTC).Add(time.Duration(v) * time.Hour)
}
