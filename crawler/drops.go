package crawler

import (
	"context"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
)

// markDrops asks the frontier (frontier.Dropper) which of a page's
// followable links its Push will drop whatever the URL hooks make of them
// (seen before, or outside the scope), before those hooks run, and marks
// them crawl.Link.FrontierDrops, so that the built-in hooks skip the work
// whose only product Push throws away (their label, score and priority):
// on a documentation site most of a page's links lead to pages queued or
// fetched already, or off the site. Nothing is marked when the frontier
// cannot say or no URL hook would read the marks. An error of the frontier
// (a Redis round trip) only means no link is marked: the hooks then do all
// their work, and the push reports a frontier that is down.
func (c *Crawler) markDrops(ctx context.Context, links []crawl.Link) {
	if c.dropper == nil || len(links) == 0 {
		return
	}
	drops := make([]bool, len(links))
	if c.dropper.Drops(ctx, links, drops) != nil {
		return
	}
	for i := range links {
		links[i].FrontierDrops = drops[i]
	}
}

// markRefused marks crawl.Link.Refused the links, not marked FrontierDrops,
// that the crawler already refuses to fetch (fileKinds: a host's files of
// their extension are not pages), so that the built-in URL hooks skip the
// label and score of a link never to be fetched, and what it would teach
// them: on a Sphinx site every page links its reStructuredText source, and
// those links were half of what the hooks judged on the CMake docs.
// Nothing is marked when no URL hook would read the marks.
func (c *Crawler) markRefused(links []crawl.Link) {
	if !c.urlHooks {
		return
	}
	for i := range links {
		if !links[i].FrontierDrops && c.files.refuses(links[i].URL) {
			links[i].Refused = true
		}
	}
}

// urlDropper is the frontier's Dropper when some URL hook may read its
// answers, nil otherwise (the chain is complete when New runs, as for its
// batch needs).
func urlDropper(fr frontier.Frontier, chain *hooks.Chain) frontier.Dropper {
	d, ok := fr.(frontier.Dropper)
	if urls, _, _ := chain.Len(); !ok || urls == 0 {
		return nil
	}
	return d
}
