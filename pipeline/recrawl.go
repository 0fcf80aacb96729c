package pipeline

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/store"
)

// recrawlMarksKey is the meta key that holds the store marks a re-crawl
// started from until it ends (frontier empty or page budget spent) or a
// normal run starts, so that a re-crawl interrupted and run again keeps
// the URLs it had found.
const recrawlMarksKey = "recrawl_marks"

// prepareRecrawl sets up the incremental re-crawl of paper 001: every
// stored page labelled hub (and every stored page whose <lastmod> in the
// sitemap seeds is later than its fetch) is queued again, at the seeds'
// priority so the re-visits come first, and re-visited with a conditional
// GET; its out-links then enter the frontier, which drops every URL seen
// before.
// The frontier sees only the reopened hubs and the URLs discovered from
// now on (frontier.Config.Since): URLs an earlier run left queued (its page
// budget ran out) wait for a normal run, so a re-crawl fetches only what
// is new. The page budget becomes relative: max_pages pages on top of the
// store. It must run before the frontier loads its queue.
func (p *Pipeline) prepareRecrawl(ctx context.Context) error {
	p.revisitDepth = map[string]int{}
	hubs, err := p.st.HubPages(ctx)
	if err != nil {
		return err
	}
	urls := make([]string, len(hubs))
	p.revisits = make(map[string]crawler.Validators, len(hubs))
	for i, h := range hubs {
		urls[i] = h.URL
		p.revisits[h.URL] = crawler.Validators{ETag: h.ETag, LastModified: h.LastModified}
		p.revisitDepth[h.URL] = h.Depth
	}
	changed, err := p.changedBySitemap(ctx)
	if err != nil {
		return err
	}
	for u, v := range changed {
		if _, ok := p.revisits[u]; !ok {
			urls = append(urls, u)
			p.revisits[u] = v
			p.sitemapChanged++
		}
	}
	if p.marks, err = p.recrawlMarks(ctx); err != nil {
		return err
	}
	if _, err := p.st.ReopenFrontier(ctx, urls, crawler.SeedPriority); err != nil {
		return fmt.Errorf("pipeline: re-crawl: %w", err)
	}
	all, _, err := p.st.FrontierStats(ctx, 0)
	if err != nil {
		return err
	}
	mine, _, err := p.st.FrontierStats(ctx, p.marks.Frontier)
	if err != nil {
		return err
	}
	p.leftQueued = all - mine
	counts, err := p.st.Counts(ctx)
	if err != nil {
		return err
	}
	p.storedBefore = counts.Pages
	if p.cfg.MaxPages > 0 && !p.cfg.Distributed.Enabled() { // distributed: relative to the crawl's pages (redisfrontier)
		p.cfg.MaxPages += int(counts.Pages)
	}
	return nil
}

// recrawlMarks returns the marks of the re-crawl an interrupted run left
// unfinished, else the store's marks now, recorded until the re-crawl ends.
func (p *Pipeline) recrawlMarks(ctx context.Context) (store.Marks, error) {
	var m store.Marks
	v, ok, err := p.st.Meta(ctx, recrawlMarksKey)
	if err != nil {
		return m, err
	}
	if ok && v != "" {
		if _, err := fmt.Sscanf(v, "%d %d", &m.Page, &m.Frontier); err != nil {
			return m, fmt.Errorf("pipeline: re-crawl: meta %s = %q: %w", recrawlMarksKey, v, err)
		}
		return m, nil
	}
	if m, err = p.st.Marks(ctx); err != nil {
		return m, err
	}
	return m, p.st.SetMeta(ctx, recrawlMarksKey, fmt.Sprintf("%d %d", m.Page, m.Frontier))
}

// endRecrawl forgets the re-crawl's marks once it has ended by itself.
func (p *Pipeline) endRecrawl(ctx context.Context, sum crawler.Summary) error {
	if sum.Reason != "frontier-empty" && sum.Reason != "max-pages" {
		return nil
	}
	return p.st.SetMeta(ctx, recrawlMarksKey, "")
}

// recrawlReport says what the re-crawl found and saved: a full re-crawl
// would have fetched every stored page again plus the new ones.
func (p *Pipeline) recrawlReport(ctx context.Context, sum crawler.Summary) []string {
	hubs := int64(len(p.revisits) - p.sitemapChanged)
	stored := int64(sum.TotalPages) - p.storedBefore
	fetches := sum.Fetched + sum.NotModified + sum.Failed
	full := p.storedBefore + stored
	lines := []string{
		fmt.Sprintf("re-crawl        %d hub pages queued for a conditional re-visit, %d answered 304 Not Modified; %d pages stored", hubs, sum.NotModified, stored),
	}
	if p.sitemapChanged > 0 {
		lines = append(lines, fmt.Sprintf("sitemap lastmod %d stored pages changed since fetched, queued for a re-visit", p.sitemapChanged))
	}
	if newURLs, before, err := p.st.StoredSince(ctx, p.marks); err != nil {
		p.log.Warn("re-crawl report", "err", err)
	} else {
		lines = append(lines, fmt.Sprintf("new pages       %d found since the last run (%d left queued by earlier runs were not fetched)", newURLs, p.leftQueued))
		if before > 0 {
			p.log.Warn("re-crawl fetched URLs an earlier run had queued", "pages", before)
		}
	}
	return append(lines, fmt.Sprintf("fetches saved   %d of %d a full re-crawl would make (%d made)", max(0, full-fetches), full, fetches))
}
