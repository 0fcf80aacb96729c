package crawler

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/gocolly/colly/v2"
)

// response is one HTTP exchange as the fetcher returns it.
type response struct {
	url         string // URL of this exchange
	status      int
	header      http.Header
	contentType string
	body        []byte // raw, or UTF-8 when alreadyUTF8
	alreadyUTF8 bool
	size        int
	attempts    int // requests sent for this URL, retries included
}

// FetchError is a fetch that failed for good. Kind names the class of
// failure as counted in the summary and stored in the failures table.
type FetchError struct {
	Kind   string // network, timeout, http-4xx, http-5xx, not-html, too-large, redirect-loop, too-many-redirects, robots, bad-url, parse
	Status int
	Err    error
	// Attempts is how many requests were sent (retries included); 0 when
	// none was (robots, scope, a bad URL).
	Attempts int
}

func (e *FetchError) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s (status %d): %v", e.Kind, e.Status, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Kind, e.Err)
}

func (e *FetchError) Unwrap() error { return e.Err }

// errStopped is returned when a fetch was abandoned because the crawl is
// stopping; the URL stays queued for the next run.
var errStopped = errors.New("crawler: stopping")

// fetcher fetches one URL through Colly. Colly's own robots handling, URL
// revisit checks and redirect following are switched off: the crawler owns
// the frontier, robots.txt and redirects, so that each hop is checked.
type fetcher struct {
	cfg      Config
	c        *colly.Collector
	inflight atomic.Int64 // requests sent and not yet answered
	// observe, when set, is told of every request sent (see WithFetchObserver).
	observe func(host string, d time.Duration, status int, err error)
}

type fetchSlot struct {
	resp    *response
	tooBig  bool
	notHTML bool
}

func newFetcher(cfg Config, transport http.RoundTripper) *fetcher {
	c := colly.NewCollector()
	// Set every option explicitly: NewCollector applies COLLY_* environment
	// variables, and a library must not let them change its behaviour.
	c.UserAgent = cfg.UserAgent
	c.IgnoreRobotsTxt = true
	c.AllowURLRevisit = true
	c.Async = false
	c.MaxDepth = 0
	c.MaxBodySize = int(cfg.MaxBodySize) + 1
	c.DetectCharset = false
	c.ParseHTTPErrorResponse = true
	c.CacheDir = ""
	c.AllowedDomains = nil
	c.DisallowedDomains = nil
	c.URLFilters = nil
	c.DisallowedURLFilters = nil
	c.MaxRequests = 0
	c.WithTransport(drainingTransport{base: transport})
	c.SetRequestTimeout(cfg.Timeout)
	c.SetRedirectHandler(func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse })

	c.OnResponseHeaders(func(r *colly.Response) {
		slot := r.Ctx.GetAny("slot").(*fetchSlot)
		if n, err := strconv.ParseInt(r.Headers.Get("Content-Length"), 10, 64); err == nil && n > cfg.MaxBodySize {
			slot.tooBig = true
			r.Request.Abort()
			return
		}
		if r.StatusCode >= 200 && r.StatusCode < 300 && !cfg.allowedType(r.Headers.Get("Content-Type")) {
			slot.notHTML = true
			r.Request.Abort()
		}
	})
	c.OnResponse(func(r *colly.Response) {
		slot := r.Ctx.GetAny("slot").(*fetchSlot)
		ct := r.Headers.Get("Content-Type")
		slot.resp = &response{
			url: r.Request.URL.String(), status: r.StatusCode, header: r.Headers.Clone(),
			contentType: ct, body: r.Body, size: len(r.Body),
			alreadyUTF8: headerHasCharset(ct) && !strings.Contains(strings.ToLower(ct), "image/"),
		}
	})
	return &fetcher{cfg: cfg, c: c}
}

// context is the context of every request: it ends when a stopping crawl
// abandons the fetches in flight.
func (f *fetcher) context() context.Context { return f.c.Context }

// once performs one GET without retries or redirect following, sent when
// gate lets it.
func (f *fetcher) once(target string, header http.Header, gate func() (func(), error)) (*response, error) {
	done, err := gate()
	if err != nil {
		return nil, err
	}
	defer done()
	f.inflight.Add(1)
	start := time.Now()
	resp, err := f.request(target, header)
	f.inflight.Add(-1)
	if f.observe != nil {
		status := 0
		if resp != nil {
			status = resp.status
		}
		f.observe(crawl.HostKey(target), time.Since(start), status, err)
	}
	return resp, err
}

// request sends one GET through Colly and classifies what went wrong.
func (f *fetcher) request(target string, header http.Header) (*response, error) {
	slot := &fetchSlot{}
	ctx := colly.NewContext()
	ctx.Put("slot", slot)
	hdr := http.Header{}
	hdr.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1")
	f.cfg.identify(hdr)
	for k, v := range header {
		hdr[k] = v
	}
	err := f.c.Request(http.MethodGet, target, nil, ctx, hdr)
	switch {
	case err != nil && f.c.Context.Err() != nil:
		return nil, errStopped // abandoned: the crawl is stopping
	case slot.tooBig:
		return nil, &FetchError{Kind: "too-large", Err: fmt.Errorf("%s: body over %d bytes", target, f.cfg.MaxBodySize)}
	case slot.notHTML:
		return nil, &FetchError{Kind: "not-html", Err: fmt.Errorf("%s: content type not allowed", target)}
	case err != nil && slot.resp == nil:
		return nil, classifyNetErr(err)
	case slot.resp == nil:
		return nil, &FetchError{Kind: "network", Err: errors.New("no response")}
	}
	if len(slot.resp.body) > int(f.cfg.MaxBodySize) {
		return nil, &FetchError{Kind: "too-large", Err: fmt.Errorf("%s: body over %d bytes", target, f.cfg.MaxBodySize)}
	}
	return slot.resp, nil
}

// get performs a GET with retries: network errors, 429 and 5xx are retried
// up to cfg.Retries times with exponential backoff and jitter, honouring
// Retry-After up to cfg.MaxRetryAfter. stop is closed when the crawl is
// stopping; a fetch waiting for a retry then gives up with errStopped.
// Every attempt is sent through gate (the host's politeness).
func (f *fetcher) get(stop <-chan struct{}, target string, header http.Header, gate func() (func(), error)) (*response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := f.once(target, header, gate)
		if errors.Is(err, errStopped) {
			return nil, err
		}
		wait, retry := f.retryWait(resp, err, attempt)
		if !retry {
			if resp != nil {
				resp.attempts = attempt + 1
			}
			var fe *FetchError
			if errors.As(err, &fe) {
				fe.Attempts = attempt + 1
			}
			if err == nil && (resp.status == http.StatusTooManyRequests || resp.status >= 500) {
				return resp, &FetchError{Kind: statusKind(resp.status), Status: resp.status, Err: fmt.Errorf("%s: gave up after %d attempts", target, attempt+1), Attempts: attempt + 1}
			}
			return resp, err
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-stop:
			t.Stop()
			return nil, errStopped
		}
	}
}

func (f *fetcher) retryWait(resp *response, err error, attempt int) (time.Duration, bool) {
	if attempt >= f.cfg.Retries {
		return 0, false
	}
	if err != nil {
		var fe *FetchError
		if errors.As(err, &fe) && (fe.Kind == "network" || fe.Kind == "timeout") {
			return f.backoff(attempt), true
		}
		return 0, false
	}
	if resp.status != http.StatusTooManyRequests && resp.status < 500 {
		return 0, false
	}
	if ra, ok := parseRetryAfter(resp.header.Get("Retry-After"), time.Now()); ok {
		if ra > f.cfg.MaxRetryAfter {
			return 0, false
		}
		return ra, true
	}
	return f.backoff(attempt), true
}

func (f *fetcher) backoff(attempt int) time.Duration {
	d := f.cfg.Backoff << attempt
	if d <= 0 || d > f.cfg.MaxBackoff {
		d = f.cfg.MaxBackoff
	}
	// Full jitter over the upper half keeps retries of many URLs apart.
	return d/2 + rand.N(d/2+1)
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d, true
		}
		return 0, true
	}
	return 0, false
}

func statusKind(status int) string {
	switch {
	case status >= 500:
		return "http-5xx"
	case status == http.StatusTooManyRequests:
		return "http-429"
	case status >= 400:
		return "http-" + strconv.Itoa(status)
	default:
		return "http-" + strconv.Itoa(status)
	}
}

func classifyNetErr(err error) *FetchError {
	var ne net.Error
	var dnsErr *net.DNSError
	var ue *url.Error
	switch {
	case errors.As(err, &dnsErr):
		return &FetchError{Kind: "dns", Err: err}
	case errors.As(err, &ne) && ne.Timeout():
		return &FetchError{Kind: "timeout", Err: err}
	case errors.As(err, &ue) && ue.Op == "parse":
		return &FetchError{Kind: "bad-url", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &FetchError{Kind: "timeout", Err: err}
	default:
		return &FetchError{Kind: "network", Err: err}
	}
}

// allowedType reports whether a Content-Type passes the filter. An empty
// or missing type is sniffed later from the body, so it passes here.
func (c Config) allowedType(ct string) bool {
	if ct == "" || len(c.ContentTypes) == 0 {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	for _, t := range c.ContentTypes {
		if strings.EqualFold(mt, t) {
			return true
		}
	}
	return false
}
