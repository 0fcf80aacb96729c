package crawler

import (
	"context"
	"net/http"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/sitemap"
)

// sitemapBatch is how many sitemap URLs are pushed to the frontier at once.
const sitemapBatch = 1000

// sitemaps reads the sitemaps named by seeds and by robots.txt Sitemap
// lines, one root at a time on its own goroutine, and pushes their page
// URLs to the frontier (which applies the scope and drops seen URLs) at
// priority 0, depth 1, tagged "sitemap". Every request goes through
// robots.txt and the host's politeness slot. A root counts as background
// work until read, so the crawl does not end while one is pending.
type sitemaps struct {
	c      *Crawler
	client *http.Client

	mu    sync.Mutex
	queue []string
	seen  map[string]bool
	files int // files read this run, at most sitemap.DefaultMaxFiles
	wake  chan struct{}
	done  chan struct{}
}

// newSitemaps reads sitemaps with client (ownClient: the crawl's identity).
func newSitemaps(c *Crawler, client *http.Client) *sitemaps {
	return &sitemaps{
		c: c, client: client,
		seen: map[string]bool{}, wake: make(chan struct{}, 1), done: make(chan struct{}),
	}
}

// add queues sitemap roots not queued before.
func (s *sitemaps) add(roots []string) {
	s.mu.Lock()
	for _, r := range roots {
		if !s.seen[r] {
			s.seen[r] = true
			s.queue = append(s.queue, r)
			s.c.background.Add(1)
		}
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *sitemaps) next() (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) == 0 {
		return "", false
	}
	r := s.queue[0]
	s.queue = s.queue[1:]
	return r, true
}

// run reads queued roots until the crawl stops dispatching.
func (s *sitemaps) run(ctx context.Context) {
	defer close(s.done)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.c.stopping:
			cancel()
		case <-ctx.Done():
		}
	}()
	for {
		root, ok := s.next()
		if !ok {
			select {
			case <-s.wake:
				continue
			case <-s.c.stopping:
				return
			}
		}
		s.walk(ctx, root)
		s.c.background.Add(-1)
		s.c.signal()
	}
}

func (s *sitemaps) walk(ctx context.Context, root string) {
	var links []crawl.Link
	flush := func() {
		if len(links) == 0 {
			return
		}
		n, err := s.c.fr.Push(ctx, links)
		if err != nil {
			s.c.log.Warn("sitemap: push", "err", err)
		}
		s.c.stats.sitemapURLs.Add(int64(n))
		links = links[:0]
		s.c.signal()
	}
	s.mu.Lock()
	left := sitemap.DefaultMaxFiles - s.files
	s.mu.Unlock()
	if left <= 0 {
		s.c.log.Warn("sitemap: file budget spent; not read", "sitemap", root)
		return
	}
	_ = sitemap.Walk(ctx, []string{root}, left, s.get, func(from string, e sitemap.Entry) error {
		u, err := s.c.norm.Normalize(e.Loc, nil)
		if err != nil {
			s.c.stats.sitemapProblems.Add(1)
			return nil
		}
		links = append(links, crawl.Link{URL: u, Parent: from, Depth: 1, Tags: []string{"sitemap"}})
		if len(links) >= sitemapBatch {
			flush()
		}
		return nil
	}, func(err error) {
		s.c.stats.sitemapProblems.Add(1)
		s.c.log.Debug("sitemap problem", "err", err)
	})
	flush()
}

// get reads one sitemap file through robots.txt and the host's politeness.
func (s *sitemaps) get(ctx context.Context, u string) (*sitemap.Sitemap, error) {
	s.mu.Lock()
	s.files++
	s.mu.Unlock()
	if err := s.c.checkRobots(ctx, u); err != nil {
		return nil, err
	}
	done, err := s.c.gate(crawl.HostKey(u)) // the host's delay and parallelism, keyed as the crawl's pages
	if err != nil {
		return nil, err
	}
	defer done()
	sm, err := sitemap.Get(ctx, s.client, s.c.cfg.UserAgent, u)
	if err == nil {
		s.c.stats.sitemaps.Add(1)
	}
	return sm, err
}

// robotsSitemaps are the absolute sitemap URLs of a robots.txt's Sitemap lines.
func robotsSitemaps(p *robotsPolicy) []string {
	if p == nil || p.rules == nil {
		return nil
	}
	return p.rules.Sitemaps()
}

// ReadSitemaps reads the sitemaps at roots, and those they index, outside
// Run as a crawler built with cfg and opts reads its own (a re-crawl reads
// its sitemap seeds before its frontier loads): robots.txt obeyed (a
// disallowed sitemap is not fetched), each host's politeness kept (delay,
// parallelism, Crawl-delay, WithHostGate), with the crawl's client
// (Client: transport, cookies, identity). visit gets each entry; a sitemap
// that fails goes to problem (may be nil) and the walk goes on.
func ReadSitemaps(ctx context.Context, cfg Config, roots []string, visit func(sitemap.Entry), problem func(error), opts ...Option) error {
	o, err := NewOutside(cfg, opts...)
	if err != nil {
		return err
	}
	s := newSitemaps(o.c, o.client)
	return sitemap.Walk(ctx, roots, 0, s.get, func(_ string, e sitemap.Entry) error {
		visit(e)
		return nil
	}, problem)
}
