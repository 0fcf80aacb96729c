package crawler

import (
	"context"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
)

// frontierDrops asks the frontier (frontier.Dropper) which of a page's
// links its Push will drop whatever the URL hooks make of them (seen
// before, or outside the scope), before those hooks run: drops[i] reports
// links[i] (its followable links only; nil when the frontier cannot say
// or no URL hook would read the answer). judgeLinks marks those links
// crawl.Link.FrontierDrops, and the built-in hooks skip the work whose
// only product Push throws away (their label, score and priority): on a
// documentation site most of a page's links lead to pages queued or
// fetched already, or off the site. An error of the frontier (a Redis
// round trip) only means no link is marked: the hooks then do all their
// work, and the push reports a frontier that is down.
func (c *Crawler) frontierDrops(ctx context.Context, links []crawl.Link) []bool {
	if c.dropper == nil || len(links) == 0 {
		return nil
	}
	ask := make([]crawl.Link, 0, len(links))
	for i := range links {
		if followable(links[i].URL) {
			ask = append(ask, links[i])
		}
	}
	answers := make([]bool, len(ask))
	if c.dropper.Drops(ctx, ask, answers) != nil {
		return nil
	}
	drops := make([]bool, len(links))
	j := 0
	for i := range links {
		if followable(links[i].URL) {
			drops[i] = answers[j]
			j++
		}
	}
	return drops
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
