package topic

import (
	"net/url"

	"github.com/crawl-project/crawl"
)

// LinkContext returns the context of a link that Config.LinkContext scores:
// its anchor text and, when urlWords is set (Config.URLWords), its URL path
// (the tokeniser splits the path into words at slashes, hyphens and
// digits: "/sport/2005/01/02/holmes-wins-gold-12.html" gives sport, holmes,
// wins, gold, html). Host, query and fragment are left out: a host name is
// the same for every link of a site.
func LinkContext(l *crawl.Link, urlWords bool) string {
	if !urlWords {
		return l.Anchor
	}
	return withURLWords(l.Anchor, l.URL)
}

// withURLWords appends the path of URL u to text.
func withURLWords(text, u string) string {
	path := urlPath(u)
	if text == "" || path == "" {
		return text + path
	}
	return text + " " + path
}

// linkScore is the cosine of the link's context to the centroid that gives
// the page scores of h's strategy.
func (h *Hook) linkScore(l *crawl.Link) float64 {
	return h.textScore(LinkContext(l, h.cfg.URLWords))
}

// priority blends the parent page's score with the link's context score
// by Config.LinkContext (0: the paper's priority, the page's score alone).
func (h *Hook) priority(pageScore float64, l *crawl.Link) float64 {
	w := h.cfg.LinkContext
	if w == 0 || h.cfg.Strategy == StrategyBFS {
		return pageScore
	}
	return (1-w)*pageScore + w*h.linkScore(l)
}

// urlPath is the path of a URL, "" when it does not parse.
func urlPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Path
}
