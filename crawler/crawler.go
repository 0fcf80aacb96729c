package crawler

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/sitemap"
)

// Store is what the engine needs from persistence, in the root package's
// vocabulary; *store.Store has it.
type Store interface {
	SaveResults(ctx context.Context, pages []*crawl.Page, failures []crawl.Failure) error
	SaveBatch(ctx context.Context, b *crawl.Batch) error
	UnbatchedPages(ctx context.Context) ([]*crawl.Page, error)
	MaxSeq(ctx context.Context) (int64, error)
	Counts(ctx context.Context) (crawl.Counts, error)
	// UpdatePage stores a re-fetch of a stored page (re-crawl), keeping its seq.
	UpdatePage(ctx context.Context, p *crawl.Page) error
	// SetValidators records a re-visit answered 304 and marks its URL done.
	SetValidators(ctx context.Context, url, etag, lastModified string) error
}

// Crawler is the engine: it pops links from the frontier, fetches them
// through Colly with robots.txt and per-host politeness, parses them, runs
// the hooks and stores everything. Build one with New, call Run once.
type Crawler struct {
	cfg         Config
	fr          frontier.Frontier
	dropper     frontier.Dropper // fr, when it says which links its Push drops and a URL hook may care (drops.go); nil otherwise
	urlHooks    bool             // some URL hook may read the links' marks (drops.go)
	st          Store
	chain       *hooks.Chain
	log         *slog.Logger
	now         func() time.Time
	fetch       *fetcher
	transport   http.RoundTripper
	jar         http.CookieJar
	scope       *frontier.Rules
	robots      *robotsCache
	hosts       *hostTable
	shared      HostGate // politeness shared with other processes; nil: this process only
	robotsShare RobotsShare
	dupShare    DupShare // the duplicate index shared with other processes; nil: this process's
	held        *heldLinks
	norm        *frontier.Normalizer
	dups        *dupIndex  // nil when Config.Dedup is off
	quota       *hostQuota // nil without Config.MaxPagesPerHost
	files       *fileKinds // which extensions each host serves as other than HTML
	sitemaps    *sitemaps
	// background counts work outside the frontier that may still queue
	// links (sitemap roots being read): the crawl is not dry before it ends.
	background atomic.Int64
	// pagesStored is told when the run's pages are all stored (WithPagesStored).
	pagesStored func()

	progress   func(Stats)
	observe    func(host string, d time.Duration, status int, err error)
	saveBatch  func(ctx context.Context, b *crawl.Batch) error
	revisits   map[string]Validators // URL → validators for conditional GET (re-crawl)
	keepDOM    bool                  // a batch hook needs page.Doc: pages keep it until their batch ran
	keepHTML   bool                  // a batch hook needs page.HTML: pages keep it until their batch ran
	stats      stats
	seq        atomic.Int64
	stopOnce   sync.Once
	stopping   chan struct{} // closed when the crawl should stop dispatching
	stopReason atomic.Value  // string
	ended      atomic.Bool   // Run has done its work
	wake       chan struct{}
	hungry     chan struct{} // the scheduler has nothing to dispatch: store results now
	pause      pauseGate     // Pause and Resume
	// dispatched holds math.Float64bits of the priority of the link the
	// scheduler dispatched last: the frontier's best at that moment. The
	// writer stores a group at once when it holds out-links above it.
	dispatched atomic.Uint64
}

// Validators are the conditional-GET validators of a page fetched before.
type Validators struct {
	ETag         string
	LastModified string
}

// Option injects a collaborator into New.
type Option func(*Crawler)

// WithHooks sets the hook chain (default: none).
func WithHooks(c *hooks.Chain) Option { return func(cr *Crawler) { cr.chain = c } }

// WithLogger sets the logger (default: slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(cr *Crawler) { cr.log = l } }

// WithTransport sets the HTTP transport (default: a clone of http.DefaultTransport
// with connection limits sized to the worker count).
func WithTransport(t http.RoundTripper) Option {
	return func(cr *Crawler) { cr.transport = t }
}

// WithCookieJar sets the cookie jar of every request: pages, robots.txt
// and sitemaps (default: an empty in-memory jar that keeps what sites set).
// cookiefile.Jar builds one from a Netscape cookie file.
func WithCookieJar(j http.CookieJar) Option { return func(cr *Crawler) { cr.jar = j } }

// WithProgress sets a function called every Config.ProgressEvery with the
// current statistics, and once more at the end.
func WithProgress(f func(Stats)) Option { return func(cr *Crawler) { cr.progress = f } }

// WithBatchSaver replaces how a batch is stored after the batch hooks ran
// (default: Store.SaveBatch). Hooks need it not to store their results:
// crawl.Batch.AddResult does that in the batch's transaction.
func WithBatchSaver(f func(ctx context.Context, b *crawl.Batch) error) Option {
	return func(cr *Crawler) { cr.saveBatch = f }
}

// WithPagesStored sets a function called once a Run, on the store
// writer's goroutine, when every page, link and failure the run fetched is
// committed to the store, before the last batch's hooks (crawl.Batch.Final)
// run and store their results: what is read from the store then that no
// batch hook writes is what the crawl leaves. It is not called when a
// store write has failed. It must return quickly (start work on a
// goroutine of its own); the Run may still end interrupted or failing
// after it.
func WithPagesStored(f func()) Option { return func(cr *Crawler) { cr.pagesStored = f } }

// WithRevisits makes the crawl re-fetch these already-stored URLs with
// conditional GET (If-None-Match / If-Modified-Since): the incremental
// re-crawl of hub pages. The caller must have re-queued them in the frontier.
func WithRevisits(v map[string]Validators) Option { return func(cr *Crawler) { cr.revisits = v } }

// WithScope makes the crawler check every redirect target against the
// scope (links are checked by the frontier when pushed; redirects never
// pass through it). A redirect out of scope fails with kind out-of-scope.
func WithScope(r *frontier.Rules) Option { return func(cr *Crawler) { cr.scope = r } }

// WithFetchObserver sets a function told of every HTTP request the
// fetcher sends (robots.txt excluded): the host, how long the exchange took
// (politeness waits excluded), the status (0 without a response) and the
// error. It runs on the fetching goroutine and must be quick.
func WithFetchObserver(f func(host string, d time.Duration, status int, err error)) Option {
	return func(cr *Crawler) { cr.observe = f }
}

// HostGate is per-host politeness shared beyond this process, e.g. by all
// the processes of a distributed crawl (redispolite.Gate): every request
// the engine sends passes through it after the process's own per-host
// limits. Acquire waits until a request to host may start under the shared
// limits, the host's delay being delay (Crawl-delay aware), and returns
// the function that ends the request; it returns an error when stop closes
// first or the shared state is unreachable. Ready is a quick, local guess
// whether a request to host could start now (the scheduler skips hosts
// that are not), called with the frontier locked.
type HostGate interface {
	Acquire(stop <-chan struct{}, host string, delay time.Duration) (release func(), err error)
	Ready(host string) bool
}

// WithHostGate makes every request also pass g (default: politeness is
// this process's own).
func WithHostGate(g HostGate) Option { return func(cr *Crawler) { cr.shared = g } }

// RobotsShare shares robots.txt answers between the processes of a
// distributed crawl (redisgate.Robots), so that a host's robots.txt is
// fetched once for the crawl, not once per process. Get returns the
// status and body stored for a robots.txt URL; Put stores an answer
// (network errors are not shared) for ttl. Errors count as a miss.
type RobotsShare interface {
	Get(ctx context.Context, robotsURL string) (status int, body []byte, ok bool)
	Put(ctx context.Context, robotsURL string, status int, body []byte, ttl time.Duration)
}

// WithRobotsShare makes the robots.txt cache consult and fill s.
func WithRobotsShare(s RobotsShare) Option { return func(cr *Crawler) { cr.robotsShare = s } }

// WithClock sets the clock (default time.Now); for tests.
func WithClock(now func() time.Time) Option { return func(cr *Crawler) { cr.now = now } }

// New returns a crawler over fr and st. cfg zero fields take their defaults.
func New(cfg Config, fr frontier.Frontier, st Store, opts ...Option) (*Crawler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if fr == nil || st == nil {
		return nil, errors.New("crawler: New needs a frontier and a store")
	}
	cfg.fill()
	c := &Crawler{
		cfg: cfg, fr: fr, st: st, chain: &hooks.Chain{}, log: slog.Default(), now: time.Now,
		stopping: make(chan struct{}), wake: make(chan struct{}, 1), hungry: make(chan struct{}, 1),
	}
	for _, o := range opts {
		o(c)
	}
	c.ownDefaults()
	c.fetch = newFetcher(cfg, c.transport)
	c.fetch.observe = c.observe
	c.fetch.c.SetCookieJar(c.jar) // the jar of robots.txt and sitemaps too
	var err error
	if c.norm, err = normalizerOf(cfg); err != nil {
		return nil, err
	}
	if *cfg.Dedup {
		if c.dups, err = newDupIndex(cfg.DedupDistance, cfg.DupPatternLimit); err != nil {
			return nil, err
		}
		c.dups.share, c.dups.log = c.dupShare, c.log
	}
	c.quota = newHostQuota(cfg.MaxPagesPerHost)
	c.files = newFileKinds()
	if k, ok := fr.(hostQuotaKeeper); ok && k.MaxPagesPerHost() > 0 {
		c.quota = nil // the (shared) frontier keeps it for every process
	}
	c.dropper = urlDropper(fr, c.chain)
	urls, _, _ := c.chain.Len()
	c.urlHooks = urls > 0
	needs := c.chain.BatchNeeds()
	c.keepDOM, c.keepHTML = needs.DOM, needs.HTML
	c.hosts = newHostTable(cfg.PerHostParallel, cfg.PerHostDelay, c.now)
	c.held = newHeldLinks(maxHolds)
	own := ownClient(cfg, c.transport, c.jar)
	c.robots = newRobotsCache(own, cfg.RobotsCacheSize, cfg.RobotsTTL, cfg.RobotsRetry, c.now)
	c.robots.share = c.robotsShare
	c.sitemaps = newSitemaps(c, own)
	if *cfg.RobotsSitemaps {
		c.robots.found = func(p *robotsPolicy) { c.sitemaps.add(robotsSitemaps(p)) }
	}
	if c.saveBatch == nil {
		c.saveBatch = func(ctx context.Context, b *crawl.Batch) error { return st.SaveBatch(ctx, b) }
	}
	c.stats.init(c.now())
	return c, nil
}

func defaultTransport(cfg Config) http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	if cfg.Proxy != "" {
		u, _ := ParseProxy(cfg.Proxy) // checked by Validate
		t.Proxy = http.ProxyURL(u)
	}
	t.MaxIdleConns = cfg.Workers * 4
	t.MaxIdleConnsPerHost = cfg.PerHostParallel * 2
	t.ResponseHeaderTimeout = cfg.Timeout
	return t
}

// stop makes the crawl stop dispatching new fetches; reason is reported in
// the summary.
func (c *Crawler) stop(reason string) {
	c.stopOnce.Do(func() {
		c.stopReason.Store(reason)
		close(c.stopping)
	})
}

func (c *Crawler) stopped() bool {
	select {
	case <-c.stopping:
		return true
	default:
		return false
	}
}

func (c *Crawler) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// Run crawls from seeds until the frontier runs dry, MaxPages pages are
// stored, a hook returns hooks.ErrStop or ctx is cancelled. In every case
// the pages in flight are finished and stored and the last batch runs
// before Run returns; after ctx is cancelled, fetches still in flight
// StopGrace later are abandoned and their URLs stay queued. Seeds already seen (on resume) are ignored. The
// returned Summary says why the crawl ended; err is non-nil only for
// failures of the store or frontier.
func (c *Crawler) Run(ctx context.Context, seeds []string) (Summary, error) {
	work := context.WithoutCancel(ctx) // in-flight work is finished even after ctx ends
	w, err := c.resume(work)
	if err != nil {
		return Summary{}, err
	}
	if err := c.pushSeeds(work, seeds); err != nil {
		return Summary{}, err
	}
	// fetchCtx ends StopGrace after ctx: fetches still in flight are then
	// abandoned (their URLs stay queued); what is done is still stored.
	fetchCtx, abandon := context.WithCancel(work)
	defer abandon()
	c.fetch.c.Context = fetchCtx // every fetch and robots.txt request of this run
	go func() {
		select {
		case <-ctx.Done():
			c.stop("interrupted")
			t := time.NewTimer(c.cfg.StopGrace)
			defer t.Stop()
			select {
			case <-t.C:
				abandon()
			case <-fetchCtx.Done():
			}
		case <-fetchCtx.Done():
		}
	}()
	stopProgress := c.startProgress()
	w.start(work)
	go c.sitemaps.run(work)
	c.schedule(work, w)
	<-c.sitemaps.done // no push after the writer's last commit
	werr := w.finish(work)
	c.ended.Store(true)
	stopProgress()
	herr := c.saveHosts(work) // for views of the store after the crawl
	sum, serr := c.summary(work)
	return sum, errors.Join(werr, herr, serr)
}

// normalizerOf is the normaliser of the crawl's URLs (Config.StripParams,
// Config.KeepParams).
func normalizerOf(cfg Config) (*frontier.Normalizer, error) {
	n, err := frontier.NewNormalizer(frontier.QueryRules{Strip: cfg.StripParams, Keep: cfg.KeepParams})
	if err != nil {
		return nil, fmt.Errorf("crawler: %w", err)
	}
	return n, nil
}

// SeedPriority is the frontier priority of seeds: above any score a hook
// sets, so seeds are fetched first.
const SeedPriority = 1e9

// pushSeeds queues seeds with the highest priority; seen ones are ignored.
// Seeds naming a sitemap (.xml, .xml.gz) are read as sitemaps instead.
func (c *Crawler) pushSeeds(ctx context.Context, seeds []string) error {
	links := make([]crawl.Link, 0, len(seeds))
	var maps []string
	for _, s := range seeds {
		if sitemap.IsSitemapURL(s) {
			maps = append(maps, s)
			continue
		}
		u, err := c.norm.Normalize(s, nil)
		if err != nil {
			return fmt.Errorf("crawler: seed %q: %w", s, err)
		}
		links = append(links, crawl.Link{URL: u, Priority: SeedPriority, Tags: []string{"seed"}})
	}
	if _, err := c.fr.Push(ctx, links); err != nil {
		return fmt.Errorf("crawler: push seeds: %w", err)
	}
	c.sitemaps.add(maps)
	return nil
}
