package topic

import (
	"net/url"
	"strings"

	"github.com/crawl-project/crawl/internal/relpath"
)

// hrefResolver makes an href absolute, without its fragment, as
// base.Parse(href) and String() do; the bulk of a page's links are
// resolved without parsing: a fragment of the page itself ("#x") is the
// page, and a relative path of plain characters after k "../" (k ≥ 0) is
// appended to the base's directory k levels up, computed once per k by
// the parser itself.
type hrefResolver struct {
	base *url.URL
	self string   // the page without fragment; "" when unknown
	ups  []string // ups[k]: the directory "../"×k + a plain path is appended to; "" when unknown
}

// maxUps bounds the "../" levels resolved without parsing.
const maxUps = 8

func newHrefResolver(base *url.URL) hrefResolver {
	r := hrefResolver{base: base}
	if base == nil || base.Opaque != "" || base.Scheme == "" {
		return r
	}
	r.ups = make([]string, 0, 2)
	if s, ok := plainAbsolute(base.String()); ok { // the page and its directory without parsing
		r.self = s
		s, _, _ = strings.Cut(s, "?")
		if i := strings.IndexByte(s[len(base.Scheme)+3:], '/'); i < 0 {
			r.ups = append(r.ups, s+"/")
		} else {
			r.ups = append(r.ups, s[:strings.LastIndexByte(s, '/')+1])
		}
		return r
	}
	r.self = r.parse("#")
	r.up(0)
	return r
}

// up returns ups[k], computing it when first asked for.
func (r *hrefResolver) up(k int) string {
	for len(r.ups) <= k {
		dots := strings.Repeat("../", len(r.ups))
		dir := ""
		if s := r.parse(dots + "x"); strings.HasSuffix(s, "/x") {
			dir = s[:len(s)-1]
		}
		r.ups = append(r.ups, dir)
	}
	return r.ups[k]
}

// resolve returns href's absolute URL without fragment, "" when it does
// not parse.
func (r *hrefResolver) resolve(href string) string {
	if u, ok := plainAbsolute(href); ok { // the links out of a site: the same whatever the base
		return u
	}
	path, frag, hasFrag := strings.Cut(href, "#")
	if r.ups != nil && (!hasFrag || plainFragment(frag)) {
		if path == "" && hasFrag {
			return r.self
		}
		k := 0
		for strings.HasPrefix(path, "../") && k < maxUps {
			path, k = path[3:], k+1
		}
		if relpath.Plain(path) {
			if dir := r.up(k); dir != "" {
				return dir + path
			}
		}
	}
	return r.parse(href)
}

// fragment is resolve(href) for an href of a plain fragment only ("#x":
// the page itself), without parsing; not ok for any other href.
func (r *hrefResolver) fragment(href string) (string, bool) {
	if href == "" || href[0] != '#' || r.ups == nil || !plainFragment(href[1:]) {
		return "", false
	}
	return r.self, true
}

// parse is resolve by the URL parser.
func (r *hrefResolver) parse(href string) string {
	u, err := r.base.Parse(href)
	if err != nil {
		return ""
	}
	u.Fragment = ""
	return u.String()
}

// plainAbsolute is href without its fragment when that is what the
// parser makes of it whatever the base: an http or https URL (the scheme
// in lower case) of a host of lower-case letters, digits, '.' and '-'
// only (and a port of digits), a path, when any, of plainByte segments
// none of which is a dot segment, a query, when any, of queryByte bytes,
// and a fragment, when any, that parses (plainFragment). Not ok for any
// other href.
func plainAbsolute(href string) (string, bool) {
	var rest string
	switch {
	case strings.HasPrefix(href, "https://"):
		rest = href[len("https://"):]
	case strings.HasPrefix(href, "http://"):
		rest = href[len("http://"):]
	default:
		return "", false
	}
	end := strings.IndexByte(href, '#')
	if end < 0 {
		end = len(href)
	} else if !plainFragment(href[end+1:]) {
		return "", false
	}
	rest = rest[:len(rest)-(len(href)-end)]
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		for i := q + 1; i < len(rest); i++ {
			if !queryByte[rest[i]] {
				return "", false
			}
		}
		rest = rest[:q]
	}
	host, port := 0, -1 // port: where the port's ':' is
	for host < len(rest) && rest[host] != '/' {
		switch c := rest[host]; {
		case 'a' <= c && c <= 'z' || c == '.' || c == '-':
			if port >= 0 {
				return "", false
			}
		case '0' <= c && c <= '9':
		case c == ':' && port < 0:
			port = host
		default:
			return "", false
		}
		host++
	}
	if host == 0 || port == 0 || port == host-1 {
		return "", false
	}
	seg := host + 1 // where the current path segment starts
	for i := host + 1; i <= len(rest); i++ {
		if i < len(rest) && rest[i] != '/' {
			if !plainByte[rest[i]] {
				return "", false
			}
			continue
		}
		if s := rest[seg:i]; s == "." || s == ".." {
			return "", false
		}
		seg = i + 1
	}
	return href[:end], true
}

// queryByte marks the bytes plainAbsolute takes in a query: the parser
// keeps a query as it is.
var queryByte = func() (t [256]bool) {
	for c := range t {
		t[c] = plainByte[c] || strings.IndexByte("/?=&@:+,;!$*()", byte(c)) >= 0
	}
	return t
}()

// plainFragment reports whether a fragment parses whatever it holds: no
// escape (a bad one fails) and no control character.
func plainFragment(f string) bool {
	for i := 0; i < len(f); i++ {
		if c := f[i]; c < 0x20 || c == 0x7f || c == '%' {
			return false
		}
	}
	return true
}

// maxContext bounds a link's context in bytes.
const maxContext = 200
