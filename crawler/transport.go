package crawler

import "net/http"

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
