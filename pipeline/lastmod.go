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

// changedBySitemap reads the sitemap seeds again and returns the stored
// pages whose sitemap <lastmod> is later than their fetch: what changed
// since, for a re-crawl to re-visit (with conditional GET, keyed by URL).
// Sitemaps that fail are logged, not fatal: the re-crawl goes on without.
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
	// The crawl's identity, cookies and proxy (or replay transport), as
	// its own sitemap reads have.
	opts, err := p.cookieJar()
	if err != nil {
		return nil, err
	}
	if p.opts.Transport != nil {
		opts = append(opts, crawler.WithTransport(p.opts.Transport))
	}
	client := crawler.Client(engineConfig(p.cfg), opts...)
	lastmod := map[string]time.Time{}
	get := func(ctx context.Context, u string) (*sitemap.Sitemap, error) {
		return sitemap.Get(ctx, client, "", u) // client sends the crawl's User-Agent
	}
	err = sitemap.Walk(ctx, roots, 0, get, func(_ string, e sitemap.Entry) error {
		if e.LastMod.IsZero() {
			return nil
		}
		if u, err := norm.Normalize(e.Loc, nil); err == nil {
			lastmod[u] = e.LastMod
		}
		return nil
	}, func(err error) { p.log.Warn("re-crawl: sitemap", "err", err) })
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
