package crawler

import (
	"context"
	"fmt"
	"net/url"
)

// resume reads where an earlier run of the same store stopped: the last
// fetch sequence number, how many pages are stored (for MaxPages), the last
// batch, and the pages stored but not yet through the batch hooks (a crash
// between storing pages and storing their batch), which are re-parsed and
// form the first batch of this run. The frontier backend reloads its own
// queue.
func (c *Crawler) resume(ctx context.Context) (*writer, error) {
	maxSeq, err := c.st.MaxSeq(ctx)
	if err != nil {
		return nil, fmt.Errorf("crawler: resume: %w", err)
	}
	c.seq.Store(maxSeq)
	counts, err := c.st.Counts(ctx)
	if err != nil {
		return nil, fmt.Errorf("crawler: resume: %w", err)
	}
	c.stats.stored.Store(counts.Pages)
	c.stats.storedStart.Store(counts.Pages)
	if c.revisits == nil { // a re-crawl counts its own fetches per host
		if err := c.quota.restore(ctx, c.st); err != nil {
			return nil, fmt.Errorf("crawler: resume: %w", err)
		}
	}
	if err := c.dups.load(ctx, c.st); err != nil {
		return nil, fmt.Errorf("crawler: resume: %w", err)
	}
	pages, err := c.st.UnbatchedPages(ctx)
	if err != nil {
		return nil, fmt.Errorf("crawler: resume: %w", err)
	}
	for _, p := range pages {
		u, err := url.Parse(p.FinalURL)
		if err != nil || p.FinalURL == "" {
			u, err = url.Parse(p.URL)
		}
		if err != nil {
			return nil, fmt.Errorf("crawler: resume: page %d: %w", p.Seq, err)
		}
		parsed, err := parsePage(p.HTML, u, p.Depth, c.linkRules())
		if err != nil {
			return nil, fmt.Errorf("crawler: resume: page %d: %w", p.Seq, err)
		}
		p.Doc, p.Links, p.Text = parsed.doc, parsed.links, parsed.text
		if p.Title == "" {
			p.Title, p.Keywords, p.Description = parsed.title, parsed.keywords, parsed.description
		}
	}
	if len(pages) > 0 {
		c.log.Info("resuming", "pages_stored", counts.Pages, "unbatched", len(pages))
	}
	return c.newWriter(counts.Batches, pages), nil
}
