package crawler

import (
	"context"
	"net/http"
	"sync"

	"github.com/crawl-project/crawl"
)

// Outside sends requests outside Run as a crawler built with the same
// Config and options sends its own: robots.txt obeyed (RFC 9309: a
// disallowed URL is not requested, and a host whose robots.txt answers
// 5xx or 429 or cannot be reached gets no request), each host's
// politeness kept (PerHostDelay, PerHostParallel, its Crawl-delay,
// WithHostGate), the host known by the crawl's key (crawl.HostKey of the
// URL as the crawl normalises it), and the crawl's client (Client:
// identity, cookies, proxy, transport and its wrappers, such as a WARC
// recorder). It is for reading
// a site before its crawl starts: a re-crawl's sitemaps (ReadSitemaps), a
// topic's seed pages. Its politeness is its own: Run starts with a fresh
// host table (a distributed crawl's HostGate is shared). Safe for
// concurrent use.
type Outside struct {
	c      *Crawler
	client *http.Client
	stop   sync.Once
}

// NewOutside returns an Outside for a crawler built with cfg and opts.
func NewOutside(cfg Config, opts ...Option) (*Outside, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	c := outsideRun(cfg, opts)
	cfg = c.cfg
	var err error
	if c.norm, err = normalizerOf(cfg); err != nil {
		return nil, err
	}
	c.hosts = newHostTable(cfg.PerHostParallel, cfg.PerHostDelay, c.now)
	own := ownClient(cfg, c.transport, c.jar)
	c.robots = newRobotsCache(own, cfg.RobotsCacheSize, cfg.RobotsTTL, cfg.RobotsRetry, c.now)
	c.robots.share = c.robotsShare
	return &Outside{c: c, client: own}, nil
}

// Do calls get with the crawl's client once robots.txt allows target and
// target's host may be sent a request; the host's slot is held until get
// returns, so get should read what it needs of the answer. Without
// calling get it returns an error wrapping crawl.ErrDisallowed when
// robots.txt forbids target, an error naming the host's robots.txt when
// that is unavailable, the URL's error when the crawl could not queue it,
// or ctx's error. Once a ctx given to Do ends, the
// Outside stops: waits for a host end and later calls fail.
func (o *Outside) Do(ctx context.Context, target string, get func(*http.Client) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	defer context.AfterFunc(ctx, func() { o.stop.Do(func() { close(o.c.stopping) }) })()
	// robots.txt and the host's politeness as for the URL the crawl would
	// queue (Normalize: its host lower-cased, its default port dropped),
	// whose host is crawl.HostKey, the key of every host table of the crawl
	key, err := o.c.norm.Normalize(target, nil)
	if err == nil {
		if err = o.c.checkRobots(ctx, key); err == nil {
			var done func()
			if done, err = o.c.gate(crawl.HostKey(key)); err == nil {
				defer done()
				return get(o.client)
			}
		}
	}
	if ctx.Err() != nil { // the wait or robots.txt's fetch was cut short
		return ctx.Err()
	}
	return err
}
