package frontier

import (
	"net/url"
	"strings"

	"github.com/crawl-project/crawl/internal/relpath"
)

// PageNormalizer is Normalize for the links of one page, all resolved
// against the same base: Normalize(raw) returns exactly what
// n.Normalize(raw, base) returns, but the bulk of a page's links are
// resolved without parsing them. A fragment of the page itself ("#x") is
// the page, and a plain relative path ("os.html",
// "../library/os.html#os.fspath": letters, digits and ._~- between single
// slashes, after k "../") is appended to the normalised directory k
// levels up, which Normalize itself computes once per k for a probe path.
// Any other link goes through Normalize. Not safe for concurrent use.
type PageNormalizer struct {
	n        *Normalizer
	base     *url.URL
	self     string   // the page without fragment; "" when it has no fast path
	selfDone bool     // self computed
	ups      []string // ups[k]: the directory "../"×k + a plain path is appended to; "" when it has no fast path
	done     []bool   // ups[k] computed
}

// maxUps bounds the "../" levels a PageNormalizer resolves without
// parsing.
const maxUps = 8

// ForPage returns a PageNormalizer of n's rules for the links of a page
// at base.
func (n *Normalizer) ForPage(base *url.URL) *PageNormalizer {
	return &PageNormalizer{n: n, base: base}
}

// Normalize is n.Normalize(raw, base) (see the package's Normalize).
func (p *PageNormalizer) Normalize(raw string) (string, error) {
	if p.base != nil && raw != "" {
		if s, ok := p.fast(raw); ok {
			return s, nil
		}
	}
	return normalize(raw, p.base, p.n)
}

// fast resolves raw without parsing it when it is a fragment of the page
// or a plain relative path; ok is false for any other link.
func (p *PageNormalizer) fast(raw string) (string, bool) {
	path, frag, hasFrag := strings.Cut(raw, "#")
	if !plainBytes(path) || hasFrag && !plainBytes(frag) {
		return "", false
	}
	if path == "" {
		return p.page()
	}
	k := 0
	for strings.HasPrefix(path, "../") && k < maxUps {
		path, k = path[3:], k+1
	}
	if !relpath.Plain(path) {
		return "", false
	}
	dir := p.up(k)
	if dir == "" {
		return "", false
	}
	return dir + path, true
}

// page is the page itself, without fragment, as Normalize gives it.
func (p *PageNormalizer) page() (string, bool) {
	if !p.selfDone {
		p.selfDone = true
		if s, err := normalize("#", p.base, p.n); err == nil {
			p.self = s
		}
	}
	return p.self, p.self != ""
}

// up returns ups[k], computing it when first asked for: Normalize of
// "../"×k + "x" without its last byte, when that ends in "/x".
func (p *PageNormalizer) up(k int) string {
	for len(p.ups) <= k {
		p.ups, p.done = append(p.ups, ""), append(p.done, false)
	}
	if !p.done[k] {
		p.done[k] = true
		s, err := normalize(strings.Repeat("../", k)+"x", p.base, p.n)
		if err == nil && strings.HasSuffix(s, "/x") && !strings.Contains(s, "?") {
			p.ups[k] = s[:len(s)-1]
		}
	}
	return p.ups[k]
}

// plainBytes reports whether s holds no byte Normalize would strip,
// escape or decode: no white space or control character, no '%'.
func plainBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f || c == '%' {
			return false
		}
	}
	return true
}
