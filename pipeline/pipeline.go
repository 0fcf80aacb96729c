package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/store"
	"github.com/redis/go-redis/v9"
)

// Options are the collaborators of a run that do not come from YAML.
type Options struct {
	Logger   *slog.Logger          // default slog.Default()
	Progress func(crawler.Stats)   // live statistics; nil for none
	Recrawl  bool                  // re-visit stored hub pages with conditional GET
	Hooks    func(*hooks.Chain)    // adds user hooks after the built-in ones
	Engine   func(*crawler.Config) // last-minute engine tweaks (tests, benchmarks)
	// Transport replaces the network (replay from WARC files); nil: HTTP.
	Transport http.RoundTripper
	// ArchiveOrder, when set (a replay in archive order), are the archived
	// URLs in archive order: the crawl fetches the URLs it discovers in
	// that order, with one worker, and no URL outside it (see replay.go).
	ArchiveOrder []string
	// Watch, when set, gets the engine before it runs (live dashboards
	// read its Stats); EngineOptions are added to the engine's options.
	Watch         func(*crawler.Crawler)
	EngineOptions []crawler.Option
	// BatchObserver, when set, is told how long each built-in's OnBatch
	// hook took, named clusters, records or topics.
	BatchObserver func(builtin string, d time.Duration)
}

// Pipeline is one configured crawl: store, frontier, built-in hooks and,
// for demo configurations, the demo site. Open builds it; Run crawls; Export
// writes the CSV files; Close releases everything.
type Pipeline struct {
	cfg   *config.Config
	opts  Options
	log   *slog.Logger
	st    *store.Store
	fr    frontier.Frontier
	chain *hooks.Chain
	seeds []string
	scope *frontier.Rules
	demo  *demo // nil unless cfg.Demo

	builtins []builtin // in hook order
	closers  []func() error
	// closeFrontier closes the frontier the first time it is called and
	// returns its error then, nil afterwards (Crawl closes it beside the
	// exports, Close when it was not).
	closeFrontier func() error
	revisits      map[string]crawler.Validators
	// revisitDepth is the depth of each stored hub a re-crawl re-visits.
	revisitDepth map[string]int
	// engineOpts are options of the engine the pipeline adds itself
	// (the shared politeness of a distributed crawl).
	engineOpts []crawler.Option
	rdb        redis.UniversalClient // a distributed crawl's Redis; else nil
	owner      string                // how this process is known to the others (distributed)
	arc        *archiver             // the WARC writer when warc.dir is set; else nil
	early      *earlyExports         // exports Crawl writes beside the final batch; nil for none
	seedFetch  *seedFetch            // the topic's seed pages fetched beside the store's opening; nil for none
	report     []string

	storedBefore int64       // pages in the store before a re-crawl
	marks        store.Marks // the store's sequence marks before a re-crawl
	leftQueued   int64       // URLs earlier runs left queued, not this re-crawl's

	ran            bool            // Run has returned
	sum            crawler.Summary // what the last Run returned
	sitemapChanged int             // stored pages a re-crawl re-visits for their sitemap lastmod
}

// builtin is one built-in method wired into the chain: any value whose
// hook interfaces (and the optional reporter) are discovered by type
// assertion (the raft BatchingFSM pattern). Built-ins store their batch
// results the way user hooks do: crawl.Batch.AddResult.
type builtin = any

// reporter is a builtin with lines for the end-of-run summary.
type reporter interface{ reportLines() []string }

// Open builds the pipeline of cfg: it starts the demo site when cfg.Demo,
// opens the store and the persisted frontier, and builds the enabled
// built-in hooks in their documented order (topic relevance, hub classifier,
// structural clustering, record extraction, fuzzy topics), then the user's.
func Open(ctx context.Context, cfg *config.Config, opts Options) (_ *Pipeline, err error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	p := &Pipeline{cfg: cfg, opts: opts, log: opts.Logger, chain: &hooks.Chain{}}
	defer func() {
		if err != nil {
			p.seedFetch.stop()
			p.Close() // release what was opened before the error
		}
	}()
	if p.seedFetch, err = p.startSeedFetch(ctx); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(cfg.DB), 0o755); err != nil {
		return nil, fmt.Errorf("pipeline: create store directory: %w", err)
	}
	if p.st, err = store.Open(ctx, cfg.DB); err != nil {
		return nil, err
	}
	p.closers = append(p.closers, p.st.Close)
	resolve := func(s []string) ([]string, error) { return s, nil }
	if cfg.Demo {
		d, err := startDemo(ctx, p.st)
		if err != nil {
			return nil, err
		}
		p.closers = append(p.closers, d.Close)
		p.demo = d
		resolve = d.resolve
	}
	if p.seeds, err = resolve(cfg.Seeds); err != nil {
		return nil, err
	}
	// A re-crawl reads its sitemaps again below, before the frontier
	// opens: through the WARC recorder and the shared politeness.
	if err := p.openArchive(); err != nil {
		return nil, err
	}
	if cfg.Distributed.Enabled() {
		if err := p.connectDistributed(ctx); err != nil {
			return nil, err
		}
	}
	if opts.Recrawl {
		if err := p.prepareRecrawl(ctx); err != nil {
			return nil, err
		}
	} else if err := p.st.SetMeta(ctx, recrawlMarksKey, ""); err != nil {
		return nil, err // a normal run abandons an unfinished re-crawl
	}
	scope, err := scopeOf(cfg, p.seeds)
	if err != nil {
		return nil, err
	}
	if p.scope, err = scope.Compile(); err != nil {
		return nil, fmt.Errorf("pipeline: scope: %w", err)
	}
	fcfg := frontier.Config{Scope: scope, FocusMargin: focusMargin(cfg.Topic), FocusWait: cfg.Topic.FocusWait, Since: p.marks.Frontier, Limits: limitsOf(cfg.Scope)}
	if cfg.Distributed.Enabled() {
		err = p.openDistributed(ctx, fcfg)
	} else {
		p.fr, err = sqlitefrontier.New(ctx, p.st, fcfg)
	}
	if err != nil {
		return nil, err
	}
	if len(opts.ArchiveOrder) > 0 {
		p.fr = newOrderedFrontier(p.fr, opts.ArchiveOrder)
	}
	p.closeFrontier = closeOnce(p.fr.Close)
	p.closers = append(p.closers, p.closeFrontier)
	if err := p.buildHooks(ctx, resolve); err != nil {
		return nil, err
	}
	if opts.Hooks != nil {
		opts.Hooks(p.chain)
	}
	return p, nil
}

// closeOnce returns a function that calls close the first time it is
// called and returns its error then, nil afterwards.
func closeOnce(close func() error) func() error {
	var once sync.Once
	return func() (err error) {
		once.Do(func() { err = close() })
		return err
	}
}

// Store is the pipeline's store, for exports and user code.
func (p *Pipeline) Store() *store.Store { return p.st }

// Demo is the running demo site of a demo configuration, nil otherwise.
func (p *Pipeline) Demo() *demosite.Site {
	if p.demo == nil {
		return nil
	}
	return p.demo.site
}

// Seeds are the resolved seed URLs.
func (p *Pipeline) Seeds() []string { return p.seeds }

// Close releases the frontier, the store and the demo site.
func (p *Pipeline) Close() error {
	var errs []error
	for i := len(p.closers) - 1; i >= 0; i-- {
		errs = append(errs, p.closers[i]())
	}
	p.closers = nil
	return errors.Join(errs...)
}

// Run crawls until the crawl ends (see crawler.Crawler.Run).
func (p *Pipeline) Run(ctx context.Context) (crawler.Summary, error) {
	ecfg := engineConfig(p.cfg)
	if p.opts.Engine != nil {
		p.opts.Engine(&ecfg)
	}
	opts := []crawler.Option{
		crawler.WithHooks(p.chain), crawler.WithLogger(p.log),
		crawler.WithScope(p.scope),
	}
	if p.opts.Progress != nil {
		opts = append(opts, crawler.WithProgress(p.opts.Progress))
	}
	if p.revisits != nil {
		opts = append(opts, crawler.WithRevisits(p.revisits))
	}
	jar, err := p.cookieJar()
	if err != nil {
		return crawler.Summary{}, err
	}
	opts = append(opts, jar...)
	aopts, st, closeArchive, err := p.archive()
	if err != nil {
		return crawler.Summary{}, err
	}
	if of, ok := p.fr.(*orderedFrontier); ok {
		ecfg.Workers = 1 // the hooks see the pages in archive order
		st = orderedStore{Store: st, st: p.st, fr: of}
	}
	opts = append(opts, p.engineOpts...)
	if p.early != nil {
		opts = append(opts, crawler.WithPagesStored(p.early.start))
	}
	opts = append(opts, p.opts.EngineOptions...)
	c, err := crawler.New(ecfg, p.fr, st, append(opts, aopts...)...)
	if err != nil {
		return crawler.Summary{}, errors.Join(err, closeArchive())
	}
	if p.opts.Watch != nil {
		p.opts.Watch(c)
	}
	sum, err := c.Run(ctx, p.seeds)
	p.ran, p.sum = true, sum
	err = errors.Join(err, closeArchive())
	if p.revisits != nil {
		p.report = append(p.report, p.recrawlReport(ctx, sum)...)
		if err == nil {
			err = p.endRecrawl(ctx, sum)
		}
	}
	return sum, err
}

// engineConfig converts the YAML sections to the engine's Config.
func engineConfig(c *config.Config) crawler.Config {
	e := crawler.Config{
		UserAgent: c.Fetch.UserAgent, Workers: c.Politeness.Workers,
		PerHostParallel: c.Politeness.PerHostParallel, PerHostDelay: c.Politeness.Delay,
		RespectRobots: c.Politeness.Robots, RobotsAgent: c.Politeness.RobotsAgent, MaxCrawlDelay: c.Politeness.MaxCrawlDelay,
		Timeout: c.Fetch.Timeout, Retries: c.Fetch.Retries, Backoff: c.Fetch.Backoff,
		MaxBackoff: c.Fetch.MaxBackoff, MaxRetryAfter: c.Fetch.MaxRetryAfter,
		MaxBodySize: c.Fetch.MaxBodySize, MaxRedirects: c.Fetch.MaxRedirects,
		ContentTypes: c.Fetch.ContentTypes, MaxPages: c.MaxPages, BatchSize: c.Batch.Size, BatchQueue: c.Batch.Queue,
		BatchBytes: int64(c.Batch.MaxBytes),
		StopGrace:  c.Fetch.StopGrace, Proxy: c.Fetch.Proxy,
	}
	if len(c.Fetch.Headers) > 0 {
		e.Header = http.Header{}
		for k, v := range c.Fetch.Headers {
			e.Header.Set(k, v)
		}
	}
	if c.Politeness.NoDelay {
		e.PerHostDelay = -1
	}
	e.StripParams, e.KeepParams = c.Scope.StripParams, c.Scope.KeepParams
	e.MaxLinksPerPage, e.MaxPagesPerHost = c.Scope.MaxLinksPerPage, c.Scope.MaxPagesPerHost
	e.Dedup, e.DedupDistance, e.DupPatternLimit = c.Dedup.Enabled, c.Dedup.Distance, c.Dedup.PatternLimit
	e.RobotsSitemaps = c.Scope.RobotsSitemaps
	if c.Distributed.Enabled() {
		// The crawl's budget is kept by the Redis frontier over all
		// processes (relative in a re-crawl); this store's own count
		// would stop a re-crawl at once.
		e.MaxPages = 0
	}
	return e
}

// limitsOf converts the scope's runaway-URL caps (-1: none) to frontier.Limits (0: none).
func limitsOf(s config.Scope) frontier.Limits {
	return frontier.Limits{MaxQueryVariants: max(s.MaxQueryVariants, 0), MaxURLsPerPattern: max(s.MaxURLsPerPattern, 0)}
}

// scopeOf builds the frontier scope; without configured domains the crawl
// stays on the seeds' hosts (and their subdomains).
func scopeOf(c *config.Config, seeds []string) (frontier.Scope, error) {
	s := frontier.Scope{
		AllowedDomains: c.Scope.Domains, DenyDomains: c.Scope.DenyDomains,
		AllowRegex: c.Scope.AllowRegex, DenyRegex: c.Scope.DenyRegex, MaxDepth: c.Scope.MaxDepth,
	}
	if len(s.AllowedDomains) == 1 && s.AllowedDomains[0] == "*" {
		s.AllowedDomains = nil
		return s, nil
	}
	if len(s.AllowedDomains) == 0 {
		seen := map[string]bool{}
		for _, raw := range seeds {
			u, err := url.Parse(raw)
			if err != nil {
				return s, fmt.Errorf("pipeline: seed %q: %w", raw, err)
			}
			h := strings.TrimPrefix(u.Hostname(), "www.")
			if !seen[h] {
				seen[h] = true
				s.AllowedDomains = append(s.AllowedDomains, h)
			}
		}
	}
	return s, nil
}
