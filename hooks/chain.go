package hooks

import (
	"context"
	"errors"

	"github.com/crawl-project/crawl"
)

// Chain holds the hooks of a crawl in the order they run. The zero Chain is
// empty and ready to use. Add hooks before the crawl starts; a Chain is not
// safe for concurrent modification, but its Run methods are safe for
// concurrent use once built.
type Chain struct {
	urls    []URLHook
	pages   []PageHook
	batches []BatchHook
}

// OnURL appends URL hooks.
func (c *Chain) OnURL(h ...URLHook) { c.urls = append(c.urls, h...) }

// OnPage appends page hooks.
func (c *Chain) OnPage(h ...PageHook) { c.pages = append(c.pages, h...) }

// OnBatch appends batch hooks.
func (c *Chain) OnBatch(h ...BatchHook) { c.batches = append(c.batches, h...) }

// Len reports how many hooks of each kind the chain holds.
func (c *Chain) Len() (urls, pages, batches int) {
	return len(c.urls), len(c.pages), len(c.batches)
}

// BatchNeeds is what the batch hooks together need of a page (Needs): a
// hook that does not declare it (NeedsDeclarer) needs everything.
func (c *Chain) BatchNeeds() Needs {
	var n Needs
	for _, h := range c.batches {
		d, ok := h.(NeedsDeclarer)
		if !ok {
			return Needs{DOM: true, HTML: true}
		}
		hn := d.BatchNeeds()
		n.DOM, n.HTML = n.DOM || hn.DOM, n.HTML || hn.HTML
	}
	return n
}

// RunURL runs the URL hooks in order. It returns ErrSkip when a hook dropped
// the link, ErrStop when a hook asked to stop, or the first other error
// (later hooks do not run after an error).
func (c *Chain) RunURL(ctx context.Context, from *crawl.Page, link *crawl.Link) error {
	for _, h := range c.urls {
		url, depth := link.URL, link.Depth
		if err := callURL(ctx, h, from, link); err != nil {
			return err
		}
		if link.URL != url || link.Depth != depth {
			// the frontier's and the crawler's answers were of another link
			link.FrontierDrops, link.Refused = false, false
		}
	}
	return nil
}

// RunPage runs the page hooks in order. ErrSkip from a hook ends the chain
// for this page and RunPage returns nil; ErrStop and other errors end the
// chain and are returned.
func (c *Chain) RunPage(ctx context.Context, page *crawl.Page) error {
	for _, h := range c.pages {
		if err := callPage(ctx, h, page); err != nil {
			if errors.Is(err, ErrSkip) {
				return nil
			}
			return err
		}
	}
	return nil
}

// RunBatch runs the batch hooks in order, with the same rules as RunPage.
func (c *Chain) RunBatch(ctx context.Context, batch *crawl.Batch) error {
	for _, h := range c.batches {
		if err := callBatch(ctx, h, batch); err != nil {
			if errors.Is(err, ErrSkip) {
				return nil
			}
			return err
		}
	}
	return nil
}

func callURL(ctx context.Context, h URLHook, from *crawl.Page, link *crawl.Link) (err error) {
	defer recoverInto("OnURL", &err)
	return h.OnURL(ctx, from, link)
}

func callPage(ctx context.Context, h PageHook, page *crawl.Page) (err error) {
	defer recoverInto("OnPage", &err)
	return h.OnPage(ctx, page)
}

func callBatch(ctx context.Context, h BatchHook, batch *crawl.Batch) (err error) {
	defer recoverInto("OnBatch", &err)
	return h.OnBatch(ctx, batch)
}
