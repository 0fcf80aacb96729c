package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/hooks"
)

// process fetches one link (following redirects hop by hop), parses the
// page, runs the OnPage hooks and then the OnURL hooks on its out-links.
func (c *Crawler) process(ctx context.Context, link crawl.Link) result {
	host := crawl.HostKey(link.URL)
	defer func() {
		c.hosts.unclaim(host)
		c.signal()
	}()
	res := result{link: link}
	fctx := c.fetch.context() // ends at the end of the stop grace
	resp, chain, err := c.fetchFollow(fctx, link)
	var held *heldError
	switch {
	case errors.Is(err, errStopped) || (err != nil && fctx.Err() != nil):
		res.stopped = true // abandoned at the end of the stop grace: stays queued
		return res
	case errors.As(err, &held):
		res.heldUntil = held.until
		return res
	case err != nil:
		res.failure = asFetchError(err)
		c.files.observeFailure(link.URL, res.failure)
		return res
	case resp.status == http.StatusNotModified && c.isRevisit(link.URL):
		res.notMod = true
		res.header = resp.header
		return res
	case resp.status < 200 || resp.status > 299:
		res.failure = &FetchError{Kind: statusKind(resp.status), Status: resp.status, Err: fmt.Errorf("%s: %s", resp.url, http.StatusText(resp.status)), Attempts: resp.attempts}
		return res
	}
	page, err := c.buildPage(link, resp, chain)
	if err != nil {
		res.failure = asFetchError(err)
		res.failure.Attempts = resp.attempts
		c.files.observeFailure(link.URL, res.failure) // binary content behind an HTML type
		return res
	}
	c.files.observe(link.URL, true)
	if c.dups != nil {
		d, fp := c.dups.check(ctx, page)
		if d != nil {
			res.dup = d // recorded as a duplicate; its links are not followed
			return res
		}
		res.fp = fp
	}
	res.page = page
	if err := c.chain.RunPage(ctx, page); err != nil {
		res.hookErrs += c.hookError("OnPage", page.URL, err)
	}
	res.push = c.judgeLinks(ctx, page, &res)
	if !c.keepDOM {
		page.Doc = nil // no batch hook will look at it: let it go now
	}
	return res
}

// judgeLinks runs the OnURL hooks on each out-link and returns the links
// to push. Links dropped by a hook (ErrSkip) or failing a hook are not
// pushed. The hooks see the links the frontier will drop marked
// FrontierDrops, and those the crawler will refuse unfetched marked
// Refused (drops.go).
func (c *Crawler) judgeLinks(ctx context.Context, page *crawl.Page, res *result) []crawl.Link {
	judge := make([]crawl.Link, 0, len(page.Links)) // hooks judge copies: page.Links keeps what the page said
	for i := range page.Links {
		if followable(page.Links[i].URL) {
			judge = append(judge, page.Links[i])
		}
	}
	c.markDrops(ctx, judge)
	c.markRefused(judge)
	push := judge[:0] // the links kept, in place
	for i := range judge {
		l := judge[i]
		err := c.chain.RunURL(ctx, page, &l)
		switch {
		case err == nil:
			push = append(push, l)
		case errors.Is(err, hooks.ErrSkip):
		default:
			res.hookErrs += c.hookError("OnURL", l.URL, err)
		}
	}
	return push
}

// hookError handles a hook's error: ErrStop stops the crawl, anything else
// is logged and counted. It returns how many errors to count.
func (c *Crawler) hookError(hook, u string, err error) int {
	if errors.Is(err, hooks.ErrStop) {
		c.stop("hook-stop")
		return 0
	}
	c.log.Warn("hook failed", "hook", hook, "url", u, "err", err)
	return 1
}

// fetchFollow fetches link.URL and follows up to MaxRedirects redirects,
// checking robots.txt and the scope of every hop. It returns the final
// response and the URLs redirected through.
func (c *Crawler) fetchFollow(ctx context.Context, link crawl.Link) (*response, []string, error) {
	target := link.URL
	var chain []string
	seen := map[string]bool{}
	for hop := 0; ; hop++ {
		if err := c.checkRobots(ctx, target); err != nil {
			return nil, chain, err
		}
		var hdr http.Header
		if hop == 0 {
			hdr = c.conditionalHeader(target)
		}
		host := crawl.HostKey(target)
		resp, err := c.fetch.get(c.stopping, target, hdr, func() (func(), error) { return c.gate(host) })
		if err != nil {
			return resp, chain, err
		}
		if !isRedirect(resp.status) {
			return resp, chain, nil
		}
		loc := resp.header.Get("Location")
		base, _ := url.Parse(target)
		next, err := c.norm.Normalize(loc, base)
		if err != nil {
			return nil, chain, &FetchError{Kind: "bad-redirect", Status: resp.status, Err: fmt.Errorf("%s: Location %q: %w", target, loc, err)}
		}
		seen[target] = true
		chain = append(chain, target)
		switch {
		case seen[next]:
			return nil, chain, &FetchError{Kind: "redirect-loop", Status: resp.status, Err: fmt.Errorf("%s redirects back to %s", target, next)}
		case hop+1 > c.cfg.MaxRedirects:
			return nil, chain, &FetchError{Kind: "too-many-redirects", Status: resp.status, Err: fmt.Errorf("%s: more than %d redirects", link.URL, c.cfg.MaxRedirects)}
		}
		if c.scope != nil {
			if err := c.scope.Allow(crawl.Link{URL: next, Depth: link.Depth}); err != nil {
				return nil, chain, &FetchError{Kind: "out-of-scope", Status: resp.status, Err: fmt.Errorf("%s redirects to %s: %w", target, next, err)}
			}
		}
		target = next
	}
}

func isRedirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// checkRobots returns a robots FetchError when robots.txt forbids target,
// a heldError when the host's robots.txt is unavailable (5xx, 429,
// unreachable: the URL waits for it), and applies the host's Crawl-delay
// (capped at MaxCrawlDelay).
func (c *Crawler) checkRobots(ctx context.Context, target string) error {
	if !*c.cfg.RespectRobots {
		return nil
	}
	u, err := url.Parse(target)
	if err != nil {
		return &FetchError{Kind: "bad-url", Err: err}
	}
	// The host as the crawl keys it (politeness, the robots.txt cache), not
	// as target spells it: a sitemap seed "http://Docs.Example:80/…" shares
	// the robots.txt and the politeness of the pages of docs.example.
	host := crawl.HostKey(target)
	if host == "" {
		return &FetchError{Kind: "bad-url", Err: fmt.Errorf("%q: not an absolute URL", target)}
	}
	p := c.robots.policy(ctx, u.Scheme, host, c.gate) // url.Parse lower-cases the scheme
	if p.rules.Unavailable() {
		if c.stopped() {
			return errStopped
		}
		return &heldError{host: host, until: p.expires}
	}
	if d, ok := p.rules.CrawlDelay(c.cfg.RobotsAgent); ok {
		if d = min(d, c.cfg.MaxCrawlDelay); d > 0 {
			c.hosts.setCrawlDelay(host, d)
		}
	}
	if !p.allowed(target, c.cfg.RobotsAgent) {
		return &FetchError{Kind: "robots", Err: fmt.Errorf("%s: %w", target, crawl.ErrDisallowed)}
	}
	return nil
}

// gate waits for host's politeness to let a request go (see hostTable),
// then for the shared politeness when there is one (HostGate).
func (c *Crawler) gate(host string) (func(), error) {
	done, err := c.hosts.request(c.stopping, host)
	if err != nil || c.shared == nil {
		return done, err
	}
	release, err := c.shared.Acquire(c.stopping, host, c.hosts.delayOf(host))
	if err != nil {
		done()
		if c.stopped() {
			return nil, errStopped
		}
		return nil, &FetchError{Kind: "network", Err: fmt.Errorf("%s: shared politeness: %w", host, err)}
	}
	return func() { release(); done() }, nil
}

// ready reports whether a link of host may be dispatched now.
func (c *Crawler) ready(host string) bool {
	return c.hosts.ready(host) && (c.shared == nil || c.shared.Ready(host))
}

func (c *Crawler) isRevisit(u string) bool {
	_, ok := c.revisits[u]
	return ok
}

func (c *Crawler) conditionalHeader(u string) http.Header {
	v, ok := c.revisits[u]
	if !ok {
		return nil
	}
	h := http.Header{}
	if v.ETag != "" {
		h.Set("If-None-Match", v.ETag)
	}
	if v.LastModified != "" {
		h.Set("If-Modified-Since", v.LastModified)
	}
	return h
}

// buildPage decodes, checks and parses a 2xx response into a Page.
func (c *Crawler) buildPage(link crawl.Link, resp *response, chain []string) (*crawl.Page, error) {
	body, cs, err := decodeBody(resp.body, resp.contentType, resp.alreadyUTF8)
	if err != nil {
		return nil, &FetchError{Kind: "charset", Err: fmt.Errorf("%s: %w", resp.url, err)}
	}
	if looksBinary(body) {
		return nil, &FetchError{Kind: "not-html", Err: fmt.Errorf("%s: binary content served as %q: %w", resp.url, resp.contentType, crawl.ErrNotHTML)}
	}
	final, err := url.Parse(resp.url)
	if err != nil {
		return nil, &FetchError{Kind: "bad-url", Err: err}
	}
	p, err := parsePage(body, final, link.Depth, c.linkRules())
	if err != nil {
		return nil, &FetchError{Kind: "parse", Err: fmt.Errorf("%s: %w", resp.url, err)}
	}
	if p.capped > 0 {
		c.stats.linksCapped.Add(1)
		c.stats.linksDropped.Add(int64(p.capped))
	}
	return &crawl.Page{
		URL: link.URL, FinalURL: resp.url, Redirects: chain, Status: resp.status,
		FetchedAt: c.now(), Depth: link.Depth, Parent: link.Parent, Anchor: link.Anchor,
		Header: resp.header, ContentType: resp.contentType, Charset: cs, HTML: body, Size: resp.size,
		Doc: p.doc, Title: p.title, Keywords: p.keywords, Description: p.description, Text: p.text,
		Links: p.links, Label: link.Label, Score: link.Score, Relevance: -1,
	}, nil
}

func (c *Crawler) linkRules() linkRules {
	return linkRules{norm: c.norm, max: max(c.cfg.MaxLinksPerPage, 0)}
}

// looksBinary reports whether decoded content is binary rather than text:
// NUL bytes or mostly control characters in the first 1 KiB.
func looksBinary(b []byte) bool {
	n := min(len(b), 1024)
	ctrl := 0
	for _, ch := range b[:n] {
		if ch == 0 {
			return true
		}
		if ch < 0x20 && ch != '\n' && ch != '\r' && ch != '\t' && ch != '\f' {
			ctrl++
		}
	}
	return n > 0 && ctrl*10 > n
}

// followable drops links whose extension names a non-page resource
// (media, archives, assets); documents such as PDFs go on to the
// content-type filter.
func followable(u string) bool {
	k := crawl.ResourceOf(u)
	return k == crawl.ResourcePage || k == crawl.ResourceDocument
}

func asFetchError(err error) *FetchError {
	var fe *FetchError
	if errors.As(err, &fe) {
		return fe
	}
	return &FetchError{Kind: "network", Err: err}
}
