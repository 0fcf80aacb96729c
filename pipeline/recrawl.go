package pipeline

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl/crawler"
)

// prepareRecrawl sets up the incremental re-crawl of paper 001: every
// stored page labelled hub is queued again, at the seeds' priority so the
// re-visits come before anything else, and re-visited with a conditional
// GET; its out-links then enter the frontier, which drops every URL seen
// before, so of the URLs discovered in this run only the new ones are
// fetched. URLs an earlier run left queued (its page budget ran out) stay
// queued and compete by priority; the report counts them apart. The page
// budget becomes relative: max_pages pages on top of the store. It must
// run before the frontier loads its queue.
func (p *Pipeline) prepareRecrawl(ctx context.Context) error {
	hubs, err := p.st.HubPages(ctx)
	if err != nil {
		return err
	}
	urls := make([]string, len(hubs))
	p.revisits = make(map[string]crawler.Validators, len(hubs))
	for i, h := range hubs {
		urls[i] = h.URL
		p.revisits[h.URL] = crawler.Validators{ETag: h.ETag, LastModified: h.LastModified}
	}
	if p.marks, err = p.st.Marks(ctx); err != nil {
		return err
	}
	if _, err := p.st.ReopenFrontier(ctx, urls, crawler.SeedPriority); err != nil {
		return fmt.Errorf("pipeline: re-crawl: %w", err)
	}
	counts, err := p.st.Counts(ctx)
	if err != nil {
		return err
	}
	p.storedBefore = counts.Pages
	if p.cfg.MaxPages > 0 {
		p.cfg.MaxPages += int(counts.Pages)
	}
	return nil
}

// recrawlReport says what the re-crawl found and saved: a full re-crawl
// would have fetched every stored page again plus the new ones.
func (p *Pipeline) recrawlReport(ctx context.Context, sum crawler.Summary) []string {
	hubs := int64(len(p.revisits))
	stored := int64(sum.TotalPages) - p.storedBefore
	fetches := sum.Fetched + sum.NotModified + sum.Failed
	full := p.storedBefore + stored
	lines := []string{
		fmt.Sprintf("re-crawl        %d hub pages queued for a conditional re-visit, %d answered 304 Not Modified; %d pages stored", hubs, sum.NotModified, stored),
	}
	if newURLs, before, err := p.st.StoredSince(ctx, p.marks); err != nil {
		p.log.Warn("re-crawl report", "err", err)
	} else {
		lines = append(lines, fmt.Sprintf("new pages       %d found since the last run; %d more were left queued by it", newURLs, before))
	}
	return append(lines, fmt.Sprintf("fetches saved   %d of %d a full re-crawl would make (%d made)", max(0, full-fetches), full, fetches))
}
