package crawler

import (
	"context"
	"strings"

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
// that the crawler already refuses to fetch: a host's files of their
// extension are not pages (fileKinds), or the robots.txt of their origin,
// fetched already, disallows them. The built-in URL hooks then skip the
// label and score of a link never to be fetched, and what it would teach
// them: on a Sphinx site every page links its reStructuredText source, and
// those links were half of what the hooks judged on the CMake docs; on a
// wiki, the edit and history links robots.txt disallows are many of a
// page's. Nothing is marked when no URL hook would read the marks.
func (c *Crawler) markRefused(links []crawl.Link) {
	if !c.urlHooks {
		return
	}
	var memo robotsMemo
	for i := range links {
		if !links[i].FrontierDrops && (c.files.refuses(links[i].URL) || c.robotsRefuses(links[i].URL, &memo)) {
			links[i].Refused = true
		}
	}
}

// robotsMemo is what robotsRefuses found for the origin of the link it was
// last asked about (a page's links mostly share one): the URL's scheme and
// authority as written, and that origin's robots.txt when it is known,
// available and disallows something to the crawl's agent (nil otherwise).
type robotsMemo struct {
	prefix string
	policy *robotsPolicy
}

// robotsRefuses reports whether the robots.txt of u's origin, in the cache
// and not expired, disallows u; an origin whose robots.txt is not known
// yet, or unavailable (the host is held, not refused), refuses nothing.
func (c *Crawler) robotsRefuses(u string, m *robotsMemo) bool {
	if !*c.cfg.RespectRobots {
		return false
	}
	i := strings.Index(u, "://")
	if i <= 0 {
		return false
	}
	end := i + 3 // the authority's end: a byte loop, IndexAny cost a link more than the rest
	for end < len(u) && u[end] != '/' && u[end] != '?' && u[end] != '#' {
		end++
	}
	if prefix := u[:end]; prefix != m.prefix {
		m.prefix, m.policy = prefix, nil
		if host := crawl.HostKey(u); host != "" {
			p := c.robots.known(strings.ToLower(u[:i]), host)
			if p != nil && !p.rules.Unavailable() && p.rules.Disallows(c.cfg.RobotsAgent) {
				m.policy = p
			}
		}
	}
	return m.policy != nil && !m.policy.allowed(u, c.cfg.RobotsAgent)
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
