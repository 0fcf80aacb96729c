package pipeline

import (
	"context"
	"fmt"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/sitemap"
)

// ownRequests is the engine configuration and options of the requests the
// pipeline sends beside the crawl's (a re-crawl's sitemaps, the topic's
// seed pages): the crawl's identity, cookies, proxy or replay transport,
// and the engine options given and its own (a HostGate); a caller adds
// the WARC recorder when there is one.
func (p *Pipeline) ownRequests() (crawler.Config, []crawler.Option, error) {
	opts, err := p.cookieJar()
	if err != nil {
		return crawler.Config{}, nil, err
	}
	opts = append(append(append(opts, crawler.WithLogger(p.log)), p.engineOpts...), p.opts.EngineOptions...)
	if p.opts.Transport != nil { // last, as in Run
		opts = append(opts, crawler.WithTransport(p.opts.Transport))
	}
	ecfg := engineConfig(p.cfg)
	if p.opts.Engine != nil {
		p.opts.Engine(&ecfg)
	}
	return ecfg, opts, nil
}

// changedBySitemap reads the sitemap seeds again and returns the stored
// pages whose sitemap <lastmod> is later than their fetch: what changed
// since, for a re-crawl to re-visit (with conditional GET, keyed by URL).
// The sitemaps are read as the crawl reads its own (crawler.ReadSitemaps:
// robots.txt, politeness, shared when distributed) and archived in the
// crawl's WARC. Sitemaps that fail are logged, not fatal: the
// re-crawl goes on without.
func (p *Pipeline) changedBySitemap(ctx context.Context) (map[string]crawler.Validators, error) {
	var roots []string
	for _, s := range p.seeds {
		if sitemap.IsSitemapURL(s) {
			roots = append(roots, s)
		}
	}
	if len(roots) == 0 {
		return nil, nil
	}
	norm, err := frontier.NewNormalizer(frontier.QueryRules{Strip: p.cfg.Scope.StripParams, Keep: p.cfg.Scope.KeepParams})
	if err != nil {
		return nil, fmt.Errorf("pipeline: re-crawl: %w", err)
	}
	// Read as the crawl reads its sitemaps: robots.txt, each host's
	// politeness (a distributed crawl's shared gate and robots.txt), the
	// crawl's identity, cookies and proxy (or replay transport), the WARC
	// recorder, and the engine options given (a HostGate).
	ecfg, opts, err := p.ownRequests()
	if err != nil {
		return nil, err
	}
	opts = append(opts, p.recorder()...) // the re-read is archived as the crawl is
	lastmod := map[string]time.Time{}
	err = crawler.ReadSitemaps(ctx, ecfg, roots, func(e sitemap.Entry) {
		if e.LastMod.IsZero() {
			return
		}
		if u, err := norm.Normalize(e.Loc, nil); err == nil {
			lastmod[u] = e.LastMod
		}
	}, func(err error) { p.log.Warn("re-crawl: sitemap", "err", err) }, opts...)
	if err != nil {
		return nil, err
	}
	changed := map[string]crawler.Validators{}
	err = p.st.PagesNoHTML(ctx, func(pg *crawl.Page) error {
		if t, ok := lastmod[pg.URL]; ok && t.After(pg.FetchedAt) {
			changed[pg.URL] = crawler.Validators{ETag: pg.Header.Get("ETag"), LastModified: pg.Header.Get("Last-Modified")}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("pipeline: re-crawl: %w", err)
	}
	return changed, nil
}
