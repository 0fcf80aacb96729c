package frontier

import (
	"fmt"
	"net"
	"regexp"
	"strings"

	"github.com/crawl-project/crawl"
)

// Scope is the plain configuration of which links may enter a frontier.
// The zero value allows every link.
type Scope struct {
	// AllowedDomains: when not empty, a link's host name must equal one of
	// them or be a subdomain of one ("example.com" allows
	// "news.example.com"). "*" allows every host. Ports are ignored.
	AllowedDomains []string
	// DenyDomains: hosts equal to or under one of them are refused, even
	// when allowed above.
	DenyDomains []string
	// AllowRegex: when not empty, the URL must match at least one.
	AllowRegex []string
	// DenyRegex: the URL must match none.
	DenyRegex []string
	// MaxDepth: links deeper than this are refused; 0 means no limit.
	MaxDepth int
}

// Rules is a compiled Scope. It is safe for concurrent use.
type Rules struct {
	allowAll bool
	allow    []string
	deny     []string
	allowRE  []*regexp.Regexp
	denyRE   []*regexp.Regexp
	maxDepth int
}

// Compile checks the scope and compiles its regular expressions; an error
// names the bad field and value.
func (s Scope) Compile() (*Rules, error) {
	r := &Rules{maxDepth: s.MaxDepth, allowAll: len(s.AllowedDomains) == 0}
	if s.MaxDepth < 0 {
		return nil, fmt.Errorf("frontier: scope: max depth %d is negative", s.MaxDepth)
	}
	for _, d := range s.AllowedDomains {
		if strings.TrimSpace(d) == "*" {
			r.allowAll = true
			continue
		}
		n, err := domain(d)
		if err != nil {
			return nil, fmt.Errorf("frontier: scope: allowed domain %q: %w", d, err)
		}
		r.allow = append(r.allow, n)
	}
	for _, d := range s.DenyDomains {
		n, err := domain(d)
		if err != nil {
			return nil, fmt.Errorf("frontier: scope: deny domain %q: %w", d, err)
		}
		r.deny = append(r.deny, n)
	}
	for _, x := range s.AllowRegex {
		re, err := regexp.Compile(x)
		if err != nil {
			return nil, fmt.Errorf("frontier: scope: allow regex %q: %w", x, err)
		}
		r.allowRE = append(r.allowRE, re)
	}
	for _, x := range s.DenyRegex {
		re, err := regexp.Compile(x)
		if err != nil {
			return nil, fmt.Errorf("frontier: scope: deny regex %q: %w", x, err)
		}
		r.denyRE = append(r.denyRE, re)
	}
	return r, nil
}

// domain normalises a configured domain the way Normalize does hosts.
func domain(d string) (string, error) {
	d = strings.TrimSpace(d)
	d = strings.TrimPrefix(d, ".")
	if d == "" {
		return "", fmt.Errorf("empty")
	}
	if strings.ContainsAny(d, "/?#@") {
		return "", fmt.Errorf("not a domain name")
	}
	u, err := Normalize("http://"+d+"/", nil)
	if err != nil {
		return "", err
	}
	h := crawl.HostKey(u)
	if name, _, err := net.SplitHostPort(h); err == nil {
		h = name
	}
	return h, nil
}

// Allow returns nil when l is in scope, else an error wrapping
// crawl.ErrOutOfScope that names the rule refusing it.
func (r *Rules) Allow(l crawl.Link) error {
	rule, host, at := r.refusal(l)
	switch rule {
	case inScope:
		return nil
	case overDepth:
		return fmt.Errorf("%w: %s: depth %d over max depth %d", crawl.ErrOutOfScope, l.URL, l.Depth, r.maxDepth)
	case notHTTP:
		return fmt.Errorf("%w: %s: not an absolute http(s) URL", crawl.ErrOutOfScope, l.URL)
	case notAllowedDomain:
		return fmt.Errorf("%w: %s: host %s not in allowed domains", crawl.ErrOutOfScope, l.URL, host)
	case deniedDomain:
		return fmt.Errorf("%w: %s: host %s in deny domain %s", crawl.ErrOutOfScope, l.URL, host, r.deny[at])
	case noAllowRegex:
		return fmt.Errorf("%w: %s: matches no allow regex", crawl.ErrOutOfScope, l.URL)
	default: // deniedRegex
		return fmt.Errorf("%w: %s: matches deny regex %q", crawl.ErrOutOfScope, l.URL, r.denyRE[at].String())
	}
}

// Allows reports whether l is in scope (Allow(l) == nil) without
// building the error: for callers that only drop what is out of scope.
func (r *Rules) Allows(l crawl.Link) bool {
	rule, _, _ := r.refusal(l)
	return rule == inScope
}

// The rules refusal reports.
const (
	inScope = iota
	overDepth
	notHTTP
	notAllowedDomain
	deniedDomain
	noAllowRegex
	deniedRegex
)

// refusal is the first rule refusing l (inScope when none does), the
// link's host name, and which deny domain or deny regex refused it.
func (r *Rules) refusal(l crawl.Link) (rule int, host string, at int) {
	if r.maxDepth > 0 && l.Depth > r.maxDepth {
		return overDepth, "", 0
	}
	if strings.HasPrefix(l.URL, "http://") || strings.HasPrefix(l.URL, "https://") { // normalised: lower-case scheme
		host = hostName(crawl.HostKey(l.URL))
	}
	if host == "" {
		return notHTTP, "", 0
	}
	if !r.allowAll && !underAny(host, r.allow) {
		return notAllowedDomain, host, 0
	}
	for i, d := range r.deny {
		if under(host, d) {
			return deniedDomain, host, i
		}
	}
	if len(r.allowRE) > 0 {
		ok := false
		for _, re := range r.allowRE {
			if re.MatchString(l.URL) {
				ok = true
				break
			}
		}
		if !ok {
			return noAllowRegex, host, 0
		}
	}
	for i, re := range r.denyRE {
		if re.MatchString(l.URL) {
			return deniedRegex, host, i
		}
	}
	return inScope, host, 0
}

// hostName strips the port from host:port.
func hostName(hostport string) string {
	if strings.HasPrefix(hostport, "[") {
		if i := strings.IndexByte(hostport, ']'); i > 0 {
			return hostport[:i+1]
		}
		return hostport
	}
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		return hostport[:i]
	}
	return hostport
}

func underAny(host string, domains []string) bool {
	for _, d := range domains {
		if under(host, d) {
			return true
		}
	}
	return false
}

// under reports whether host is d or a subdomain of d.
func under(host, d string) bool {
	return host == d || strings.HasSuffix(host, d) && host[len(host)-len(d)-1] == '.'
}
