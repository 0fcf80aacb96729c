package crawler

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/crawl-project/crawl/dedup"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/robots"
)

// Config is the engine's plain-data configuration. The zero value of a
// field means "use the default" given in its comment; DefaultConfig returns
// a Config with every default filled in.
type Config struct {
	UserAgent string // default "crawl/1.0 (+https://github.com/crawl-project/crawl)"

	Workers         int           // concurrent fetches over all hosts; default 16
	PerHostParallel int           // concurrent fetches per host (host:port); default 2
	PerHostDelay    time.Duration // minimum time between request starts on one host; default 250ms; negative means none
	RespectRobots   *bool         // honour robots.txt; default true
	RobotsAgent     string        // product token matched against robots.txt groups; default the token of UserAgent
	MaxCrawlDelay   time.Duration // cap on a robots.txt Crawl-delay; default 10s
	RobotsCacheSize int           // hosts whose robots.txt is kept; default 10,000
	RobotsTTL       time.Duration // how long a fetched robots.txt is trusted; default 24h
	RobotsRetry     time.Duration // how long a 5xx/unreachable robots.txt disallows the host; default 10m

	Timeout       time.Duration // per request; default 20s
	Retries       int           // retries of network errors, 429 and 5xx; default 3; negative means none
	Backoff       time.Duration // first retry delay, doubled each retry; default 500ms
	MaxBackoff    time.Duration // cap on a retry delay; default 30s
	MaxRetryAfter time.Duration // longest Retry-After honoured (longer gives up); default 2m
	MaxBodySize   int64         // bytes; larger bodies fail with kind too-large; default 10 MiB
	MaxRedirects  int           // redirects followed per URL; default 10
	ContentTypes  []string      // media types accepted; default text/html and application/xhtml+xml
	// Proxy is the URL of the proxy every request goes through (http://,
	// https:// or socks5://, with user:password@ when it needs them);
	// empty: the default transport's (the environment's). Ignored with
	// WithTransport.
	Proxy string
	// Header is sent with every request, robots.txt and sitemaps included
	// (after the defaults, so it may replace Accept; User-Agent comes from
	// UserAgent, cookies from the jar: WithCookieJar).
	Header http.Header
	// StopGrace is how long fetches in flight may go on after Run's context
	// is cancelled (Ctrl-C) before they are abandoned; abandoned URLs stay
	// queued for the next run. Default 5s; negative abandons them at once.
	StopGrace time.Duration

	MaxPages int // stop after this many stored pages (over all runs of a store); 0 = no limit

	// StripParams and KeepParams are the query rules of URL normalisation
	// (frontier.QueryRules): names or globs stripped on top of
	// frontier.DefaultStripParams, and names kept even so.
	StripParams, KeepParams []string
	// MaxLinksPerPage caps the distinct out-links kept from one page;
	// default 10,000 (the largest real pages measured hold under 1,000:
	// Python's genindex-all 425, PostgreSQL's bookindex 803); negative
	// means no cap. Pages cut are counted in Stats.LinksCapped.
	MaxLinksPerPage int
	// Dedup records a page whose body equals, or whose visible-text SimHash
	// is within DedupDistance of, a page stored earlier (this run, or an
	// earlier run of a store that keeps fingerprints) as a duplicate of it
	// (a failure of kind "duplicate" naming the first) and does not follow
	// its links; default true.
	Dedup *bool
	// DedupDistance is the Hamming distance for near-duplicates; default 6;
	// negative means identical text only (0).
	DedupDistance int
	// DupPatternLimit: once a URL pattern (frontier.PatternOf: digits
	// generalised, query values dropped) has produced this many
	// duplicates, at least twice as many as its distinct pages, its other
	// URLs are refused unfetched (mirrors, printable copies, calendars of
	// empty days); default 5; negative means never. Needs Dedup.
	DupPatternLimit int
	// RobotsSitemaps reads the sitemaps robots.txt files list (Sitemap:
	// lines) and queues their URLs; default true. Seeds ending in .xml or
	// .xml.gz are read as sitemaps either way.
	RobotsSitemaps *bool
	// MaxPagesPerHost caps the URLs fetched from one host (host:port):
	// pages and failures, of this run and, counted again on resume, of the
	// earlier runs of the store (a re-crawl counts its own); links beyond
	// it are refused. A frontier shared by many processes may apply it
	// itself for all of them (redisfrontier). 0 = no limit.
	MaxPagesPerHost int
	BatchSize       int // pages per OnBatch call; default 200
	// BatchBytes ends a batch early once its pages' bodies (as received,
	// Page.Size) reach it, so that the pages a batch keeps for its hooks
	// (a parsed DOM takes about 7 times its body) stay bounded on sites
	// of large pages; default 8 MiB (about 85 pages of the Python
	// documentation, 60 MB of DOM).
	BatchBytes int64
	// BatchQueue is how many batches may wait for the OnBatch hooks while
	// one runs; default 2. OnBatch work runs beside the workers; only when
	// this queue is full does storing (and so fetching) wait for it.
	BatchQueue int

	// CommitEvery caps the pages per store transaction; default 64.
	CommitEvery int
	// CommitWait is the longest a fetched page waits for its group to fill
	// before it is stored; default 50ms. A group is stored at once when the
	// scheduler runs out of links to dispatch.
	CommitWait    time.Duration
	ProgressEvery time.Duration // how often Progress is called; default 1s
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	var c Config
	c.fill()
	return c
}

func (c *Config) fill() {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	if c.UserAgent == "" {
		c.UserAgent = "crawl/1.0 (+https://github.com/crawl-project/crawl)"
	}
	if c.Workers == 0 {
		c.Workers = 16
	}
	if c.PerHostParallel == 0 {
		c.PerHostParallel = 2
	}
	if c.RobotsAgent == "" {
		c.RobotsAgent = robots.ProductToken(c.UserAgent)
	}
	def(&c.PerHostDelay, 250*time.Millisecond)
	if c.RespectRobots == nil {
		t := true
		c.RespectRobots = &t
	}
	def(&c.MaxCrawlDelay, 10*time.Second)
	if c.RobotsCacheSize == 0 {
		c.RobotsCacheSize = 10000
	}
	def(&c.RobotsTTL, 24*time.Hour)
	def(&c.RobotsRetry, 10*time.Minute)
	def(&c.Timeout, 20*time.Second)
	def(&c.StopGrace, 5*time.Second)
	if c.Retries == 0 {
		c.Retries = 3
	}
	def(&c.Backoff, 500*time.Millisecond)
	def(&c.MaxBackoff, 30*time.Second)
	def(&c.MaxRetryAfter, 2*time.Minute)
	if c.MaxBodySize == 0 {
		c.MaxBodySize = 10 << 20
	}
	if c.MaxRedirects == 0 {
		c.MaxRedirects = 10
	}
	if c.ContentTypes == nil {
		c.ContentTypes = []string{"text/html", "application/xhtml+xml"}
	}
	if c.BatchSize == 0 {
		c.BatchSize = 200
	}
	if c.BatchBytes == 0 {
		c.BatchBytes = 8 << 20
	}
	if c.BatchQueue == 0 {
		c.BatchQueue = 2
	}
	if c.MaxLinksPerPage == 0 {
		c.MaxLinksPerPage = 10000
	}
	if c.Dedup == nil {
		t := true
		c.Dedup = &t
	}
	if c.DedupDistance == 0 {
		c.DedupDistance = 6
	} else if c.DedupDistance < 0 {
		c.DedupDistance = 0
	}
	if c.RobotsSitemaps == nil {
		t := true
		c.RobotsSitemaps = &t
	}
	if c.DupPatternLimit == 0 {
		c.DupPatternLimit = 5
	}
	if c.CommitEvery == 0 {
		c.CommitEvery = 64
	}
	def(&c.ProgressEvery, time.Second)
	def(&c.CommitWait, 50*time.Millisecond)
	if c.PerHostDelay < 0 {
		c.PerHostDelay = 0
	}
	if c.Retries < 0 {
		c.Retries = 0
	}
	if c.StopGrace < 0 {
		c.StopGrace = 0
	}
}

// Validate reports the first field with a value the engine cannot use.
func (c Config) Validate() error {
	var errs []error
	check := func(bad bool, format string, args ...any) {
		if bad {
			errs = append(errs, fmt.Errorf("crawler: "+format, args...))
		}
	}
	check(c.Workers < 0, "Workers %d is negative", c.Workers)
	check(c.PerHostParallel < 0, "PerHostParallel %d is negative", c.PerHostParallel)
	check(c.MaxCrawlDelay < 0, "MaxCrawlDelay %v is negative", c.MaxCrawlDelay)
	check(c.Timeout < 0, "Timeout %v is negative", c.Timeout)
	check(c.MaxBodySize < 0, "MaxBodySize %d is negative", c.MaxBodySize)
	check(c.MaxRedirects < 0, "MaxRedirects %d is negative", c.MaxRedirects)
	check(c.MaxPages < 0, "MaxPages %d is negative", c.MaxPages)
	check(c.BatchSize < 0, "BatchSize %d is negative", c.BatchSize)
	check(c.BatchQueue < 0, "BatchQueue %d is negative", c.BatchQueue)
	check(c.BatchBytes < 0, "BatchBytes %d is negative", c.BatchBytes)
	check(c.CommitEvery < 0, "CommitEvery %d is negative", c.CommitEvery)
	check(c.RobotsAgent != "" && !robots.ValidToken(c.RobotsAgent), "RobotsAgent %q is not a product token (letters, '-' and '_' only)", c.RobotsAgent)
	check(c.RobotsAgent == "" && c.UserAgent != "" && robots.ProductToken(c.UserAgent) == "",
		"UserAgent %q does not start with a product token: set RobotsAgent", c.UserAgent)
	check(c.RobotsCacheSize < 0, "RobotsCacheSize %d is negative", c.RobotsCacheSize)
	check(c.Header.Get("User-Agent") != "", "Header sets User-Agent; set UserAgent")
	check(c.Header.Get("Cookie") != "", "Header sets Cookie; put cookies in the jar (WithCookieJar), each sent to its own domain")
	if c.Proxy != "" {
		if _, err := ParseProxy(c.Proxy); err != nil {
			errs = append(errs, err)
		}
	}
	check(c.DedupDistance > dedup.MaxDistance, "DedupDistance %d is over %d", c.DedupDistance, dedup.MaxDistance)
	check(c.MaxPagesPerHost < 0, "MaxPagesPerHost %d is negative", c.MaxPagesPerHost)
	if _, err := frontier.NewNormalizer(frontier.QueryRules{Strip: c.StripParams, Keep: c.KeepParams}); err != nil {
		errs = append(errs, fmt.Errorf("crawler: %w", err))
	}
	return errors.Join(errs...)
}

// ParseProxy checks a proxy URL: scheme http, https or socks5 (socks5h
// means the same here: the proxy resolves host names) and a host.
func ParseProxy(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("crawler: proxy %q: %w", raw, err)
	}
	switch u.Scheme {
	case "http", "https", "socks5", "socks5h":
	default:
		return nil, fmt.Errorf("crawler: proxy %q: scheme %q, want http, https or socks5", raw, u.Scheme)
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("crawler: proxy %q: no host", raw)
	}
	return u, nil
}
