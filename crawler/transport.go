package crawler

import (
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"time"
)

// WithTransportWrapper wraps the HTTP transport the crawl would use (the one
// set by WithTransport before it, else the default) — every fetch, robots.txt
// included, passes through the wrapper. A WARC recorder is one.
func WithTransportWrapper(wrap func(http.RoundTripper) http.RoundTripper) Option {
	return func(cr *Crawler) {
		t := cr.transport
		if t == nil {
			t = defaultTransport(cr.cfg)
		}
		cr.transport = wrap(t)
	}
}

// identify sets the crawl's identity on h: User-Agent, then Config.Header
// (which may replace what h held, never User-Agent: Validate refuses it).
// Page requests, robots.txt and sitemaps all carry it.
func (c Config) identify(h http.Header) {
	h.Set("User-Agent", c.UserAgent)
	for k, v := range c.Header {
		h[k] = v
	}
}

// ownClient is the client of the requests the crawler sends beside page
// fetches (robots.txt, sitemaps): the crawl's transport, its cookie jar and
// its identity, so a site sees one client whatever it is asked for.
func ownClient(cfg Config, transport http.RoundTripper, jar http.CookieJar) *http.Client {
	return &http.Client{Transport: identified{base: transport, cfg: cfg}, Jar: jar, Timeout: cfg.Timeout}
}

// identified sends each request with the crawl's identity (Config.identify).
type identified struct {
	base http.RoundTripper
	cfg  Config
}

func (t identified) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context()) // a RoundTripper must not change the caller's request
	t.cfg.identify(r.Header)
	return t.base.RoundTrip(r)
}

// Client returns the client a crawler built with cfg and opts sends its
// own requests with (robots.txt, sitemaps): its transport (WithTransport,
// WithTransportWrapper, Config.Proxy), its cookie jar (WithCookieJar) and
// its identity (Config.UserAgent, Config.Header). For reading a site
// outside Run as the crawl would, such as a re-crawl's sitemaps.
func Client(cfg Config, opts ...Option) *http.Client {
	c := outsideRun(cfg, opts)
	return ownClient(c.cfg, c.transport, c.jar)
}

// outsideRun is a crawler built with cfg (its defaults filled) and opts
// for requests outside Run (Client, NewOutside): the options applied and
// the transport and cookie jar they left unset made.
func outsideRun(cfg Config, opts []Option) *Crawler {
	cfg.fill()
	c := &Crawler{cfg: cfg, log: slog.Default(), now: time.Now, stopping: make(chan struct{})}
	for _, o := range opts {
		o(c)
	}
	c.ownDefaults()
	return c
}

// ownDefaults sets the transport and the cookie jar options left unset.
func (c *Crawler) ownDefaults() {
	if c.transport == nil {
		c.transport = defaultTransport(c.cfg)
	}
	if c.jar == nil {
		c.jar, _ = cookiejar.New(nil) // never fails with nil options
	}
}
