package topic

import (
	"net/url"
	"strings"
)

// parseLink is url.Parse(raw) as newPending and urlDir read it, its host
// and path (nil when raw does not parse). A plain absolute URL
// (plainAbsolute), what the crawl's links nearly all are, is split
// without the parser, which would give its host and path as they are
// (no escape, no dot segment, a host of lower-case letters, digits, '.'
// and '-'): a new link's URL is read once, and the parser cost more
// than the rest of its URL features.
func parseLink(raw string) *url.URL {
	if s, ok := plainAbsolute(raw); ok {
		scheme, rest, _ := strings.Cut(s, "://")
		rest, query, hasQuery := strings.Cut(rest, "?")
		host, path := rest, ""
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			host, path = rest[:i], rest[i:]
		}
		return &url.URL{Scheme: scheme, Host: host, Path: path, RawQuery: query, ForceQuery: hasQuery && query == ""}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	return u
}
