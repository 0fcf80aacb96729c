package crawl

import "strings"

// HostKey returns the key of the host an absolute http(s) URL is fetched
// from: its host and port, lower-case, without user info, without a
// trailing dot, and without the scheme's default port (":80" for http,
// ":443" for https); "" when the URL has no "scheme://" prefix. Examples:
// "http://Example.COM:80/a" → "example.com", "https://a.test:8443/" →
// "a.test:8443", "http://[::1]:8080/" → "[::1]:8080".
//
// It is the one host key of the crawl: politeness (per-host delay and
// parallelism), the frontier's per-host ready queues and its stored host
// column, per-host quotas and statistics, the hub classifier's per-host
// calibration and the fuzzy topics' site grouping all use it, so two
// spellings of one server are one host everywhere. On a URL that
// frontier.Normalize returned it is exactly that URL's host part (Normalize
// has already lower-cased it, converted it to punycode and dropped the
// default port); it does no punycode conversion itself.
func HostKey(rawURL string) string {
	i := strings.Index(rawURL, "://")
	if i <= 0 {
		return ""
	}
	scheme, rest := rawURL[:i], rawURL[i+3:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	if j := strings.LastIndexByte(rest, '@'); j >= 0 {
		rest = rest[j+1:]
	}
	if hasUpper(rest) {
		rest = strings.ToLower(rest)
	}
	rest = strings.TrimRight(rest, ":") // an empty port is no port
	name, port := rest, ""
	j := strings.IndexByte(rest, ':')
	if strings.HasPrefix(rest, "[") { // IPv6: the port follows the "]"
		if j = strings.Index(rest, "]:"); j >= 0 {
			j++
		}
	}
	if j >= 0 {
		name, port = rest[:j], rest[j+1:]
	}
	switch {
	case port == "":
	case port == "80" && strings.EqualFold(scheme, "http"),
		port == "443" && strings.EqualFold(scheme, "https"):
		port = ""
	}
	trimmed := strings.TrimRight(name, ".")
	if port == "" {
		return trimmed
	}
	if len(trimmed) == len(name) {
		return rest
	}
	return trimmed + ":" + port
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
