package frontier

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"
)

// DefaultStripParams are the query (and ;path) parameter names Normalize
// removes: session ids and click/campaign trackers, which make one page
// reachable under endless URLs. Names match case-insensitively; '*' is a
// wildcard (path.Match syntax).
var DefaultStripParams = []string{
	"sid", "jsessionid", "phpsessid", "aspsessionid*", "sessionid", "session_id",
	"cfid", "cftoken", "utm_*", "fbclid", "gclid", "dclid", "gbraid", "wbraid",
	"msclkid", "yclid", "mc_cid", "mc_eid", "_ga", "_gl", "igshid",
}

// QueryRules configures how a Normalizer canonicalises query parameters.
// The zero value strips DefaultStripParams.
type QueryRules struct {
	// Strip adds parameter names (or globs such as "ref_*") to remove, on
	// top of DefaultStripParams.
	Strip []string
	// Keep names parameters (or globs) kept even when Strip or the
	// defaults match them; ["*"] keeps every parameter.
	Keep []string
}

// Normalizer is Normalize with configured query rules. The zero value
// uses the defaults; it is safe for concurrent use.
type Normalizer struct {
	strip []string // lower-cased globs; nil means DefaultStripParams
	keep  []string
}

// NewNormalizer checks and compiles q; an error names the bad pattern.
func NewNormalizer(q QueryRules) (*Normalizer, error) {
	n := &Normalizer{strip: lowerAll(DefaultStripParams)}
	for _, p := range q.Strip {
		if err := checkGlob(p); err != nil {
			return nil, fmt.Errorf("frontier: strip param %q: %w", p, err)
		}
		n.strip = append(n.strip, strings.ToLower(p))
	}
	for _, p := range q.Keep {
		if err := checkGlob(p); err != nil {
			return nil, fmt.Errorf("frontier: keep param %q: %w", p, err)
		}
		n.keep = append(n.keep, strings.ToLower(p))
	}
	return n, nil
}

func checkGlob(p string) error {
	if strings.TrimSpace(p) == "" {
		return fmt.Errorf("empty name")
	}
	if _, err := path.Match(p, ""); err != nil {
		return err
	}
	return nil
}

func lowerAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.ToLower(x)
	}
	return out
}

// Normalize is the package-level Normalize under n's query rules.
func (n *Normalizer) Normalize(raw string, base *url.URL) (string, error) {
	return normalize(raw, base, n)
}

// stripped reports whether the parameter named name (escaped form) goes.
func (n *Normalizer) stripped(name string) bool {
	if name == "" {
		return false
	}
	if dec, err := url.QueryUnescape(name); err == nil {
		name = dec
	}
	name = strings.ToLower(name)
	strip := n.strip
	if strip == nil {
		strip = DefaultStripParams
	}
	if !matchAny(strip, name) {
		return false
	}
	return !matchAny(n.keep, name)
}

func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if g == name {
			return true
		}
		if strings.ContainsAny(g, "*?[\\") {
			if ok, _ := path.Match(g, name); ok {
				return true
			}
		}
	}
	return false
}

// canonicalQuery drops empty and stripped parameters of an escaped query
// and sorts the rest by name, stably: repeated names keep their order.
func (n *Normalizer) canonicalQuery(q string) string {
	if q == "" {
		return ""
	}
	params := strings.Split(q, "&")
	kept := params[:0]
	for _, p := range params {
		if p == "" || n.stripped(paramName(p)) {
			continue
		}
		kept = append(kept, p)
	}
	slices.SortStableFunc(kept, func(a, b string) int { return strings.Compare(paramName(a), paramName(b)) })
	return strings.Join(kept, "&")
}

func paramName(p string) string {
	if i := strings.IndexByte(p, '='); i >= 0 {
		return p[:i]
	}
	return p
}

// stripPathParams removes ;name=value path parameters whose name is
// stripped (";jsessionid=…"), from every segment of an escaped path.
func (n *Normalizer) stripPathParams(p string) string {
	if !strings.Contains(p, ";") {
		return p
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if !strings.Contains(s, ";") {
			continue
		}
		parts := strings.Split(s, ";")
		out := parts[:1]
		for _, pp := range parts[1:] {
			if !n.stripped(paramName(pp)) {
				out = append(out, pp)
			}
		}
		segs[i] = strings.Join(out, ";")
	}
	return strings.Join(segs, "/")
}
