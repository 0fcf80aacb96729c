package robots

import (
	"net/url"
	"strings"
	"time"
)

// Robots is one host's robots.txt as a crawler obeys it. The zero value is
// not useful; build one with Parse, FromResponse or Unreachable. A Robots
// is immutable and safe for concurrent use.
type Robots struct {
	unavailable bool                // server error or unreachable: disallow all
	specific    map[string]*ruleSet // product token (lower case) → merged groups
	global      *ruleSet            // merged "*" groups; nil when there are none
	sitemaps    []string
	base        *url.URL // the robots.txt URL, for relative Sitemap values
	truncated   bool
	directives  int
}

// Parse reads a robots.txt body. It never fails: lines it cannot read are
// skipped and the rest is obeyed (RFC 9309 §2.2); only the first MaxSize
// bytes are read. An empty or unreadable file allows everything.
func Parse(body []byte) *Robots {
	lines, truncated := scan(body)
	groups, sitemaps := parse(lines)
	r := &Robots{specific: map[string]*ruleSet{}, sitemaps: sitemaps, truncated: truncated, directives: len(lines)}
	for _, g := range groups {
		for _, a := range g.agents {
			s := r.specific[a]
			if s == nil {
				s = &ruleSet{}
				r.specific[a] = s
			}
			s.merge(g)
		}
		if g.global {
			if r.global == nil {
				r.global = &ruleSet{}
			}
			r.global.merge(g)
		}
	}
	return r
}

// FromResponse applies the status rules of RFC 9309 §2.3.1 to the answer
// to robotsURL (after at most five redirects): 2xx is parsed; 4xx other
// than 429 means no robots.txt, so everything is allowed; 429 and 5xx mean
// the host cannot say, so everything is disallowed (Unavailable reports
// true) until it is fetched again. Any other status (1xx, a 3xx that was
// not followed) counts as unavailable, which allows everything.
func FromResponse(robotsURL string, status int, body []byte) *Robots {
	var r *Robots
	switch {
	case status >= 200 && status < 300:
		r = Parse(body)
	case status == 429 || status >= 500:
		r = Unreachable()
	default:
		r = Parse(nil)
	}
	if u, err := url.Parse(robotsURL); err == nil && u.IsAbs() {
		r.base = u
	}
	return r
}

// Unreachable is the policy of a host whose robots.txt could not be
// fetched (network error, timeout, 5xx): everything is disallowed.
func Unreachable() *Robots {
	return &Robots{unavailable: true}
}

// Unavailable reports whether this is the disallow-all of a server error
// or an unreachable host, to be fetched again later.
func (r *Robots) Unavailable() bool { return r.unavailable }

// Truncated reports whether the file was longer than MaxSize and only its
// first MaxSize bytes (up to the last whole line) were read.
func (r *Robots) Truncated() bool { return r.truncated }

// Directives returns how many lines held a directive (known or not).
func (r *Robots) Directives() int { return r.directives }

// rulesFor returns the rules agent obeys: those of every group naming its
// product token (case-insensitive), else those of the "*" groups, else
// none (nil). An agent that is not a valid token matches only "*".
func (r *Robots) rulesFor(agent string) *ruleSet {
	if ValidToken(agent) {
		if s := r.specific[strings.ToLower(agent)]; s != nil {
			return s
		}
	}
	return r.global
}

// Allowed reports whether agent (a product token, see ProductToken) may
// fetch rawURL: an absolute URL or a path with its query. The path is
// compared in normalized percent-encoding against every rule of the
// agent's groups; the rule matching the most octets decides, Allow winning
// a tie; no matching rule (or an empty pattern) allows.
func (r *Robots) Allowed(agent, rawURL string) bool {
	if r.unavailable {
		return false
	}
	s := r.rulesFor(agent)
	if s == nil || len(s.rules) == 0 {
		return true
	}
	path := normalize(pathOf(rawURL))
	allow, disallow := -1, -1
	var buf []int
	for _, ru := range s.rules {
		n := len(ru.pattern)
		if (ru.allow && n <= allow) || (!ru.allow && n <= disallow) || !matches(path, ru.pattern, &buf) {
			continue
		}
		if ru.allow {
			allow = n
		} else {
			disallow = n
		}
	}
	return disallow <= 0 || allow >= disallow
}

// Disallows reports whether agent may be refused some URL: the robots.txt
// is unavailable (everything is), or one of agent's groups has a Disallow
// rule with a pattern. When it is false, Allowed is true for every URL, so
// a caller asking of many URLs may skip them.
func (r *Robots) Disallows(agent string) bool {
	if r.unavailable {
		return true
	}
	s := r.rulesFor(agent)
	if s == nil {
		return false
	}
	for _, ru := range s.rules {
		if !ru.allow && ru.pattern != "" {
			return true
		}
	}
	return false
}

// CrawlDelay returns the Crawl-delay of agent's groups (the longest, when
// several give one) and whether any gave a readable one. Crawl-delay is
// not part of RFC 9309; it is honoured because sites rely on it.
func (r *Robots) CrawlDelay(agent string) (time.Duration, bool) {
	if s := r.rulesFor(agent); s != nil && s.hasDel {
		return s.delay, true
	}
	return 0, false
}

// Sitemaps returns the absolute http(s) URLs of the Sitemap lines, in file
// order without repeats; relative values are resolved against the
// robots.txt URL given to FromResponse, others are dropped.
func (r *Robots) Sitemaps() []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range r.sitemaps {
		u, err := url.Parse(v)
		if err != nil {
			continue
		}
		if !u.IsAbs() && r.base != nil {
			u = r.base.ResolveReference(u)
		}
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			continue
		}
		s := u.String()
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
