package hub

import (
	"strings"
	"unsafe"
)

// An href is classified once per page (hrefLead for this site and for any
// site, selfPlace), its answers kept in hrefCache: the walk asks of most
// links two or three times (a block's search, any site; its entry's, this
// site; the walk's own visit of the link, selfPlace), after other links'
// questions.

// hrefClass is what an href is to the page: where it leads as an entry's
// first text on this site and on any site (hrefLead), and whether it
// points at a place in the page itself (selfPlace).
type hrefClass struct {
	onSite, anySite lead
	self            bool
}

// classify computes href's hrefClass.
func (f *leadFinder) classify(href string) hrefClass {
	href = trimSpace(href)
	hash := strings.IndexByte(href, '#')
	c := hrefScheme(href)
	web := c <= 0 || webScheme(href[:c])
	var cl hrefClass
	parted, off, other := false, false, false
	if web && href != "" && hash != 0 {
		kind := leadPage
		if hash > 0 {
			kind = leadPlace
		}
		if f.page == nil {
			cl.onSite, cl.anySite = kind, kind
		} else {
			off, other = f.siteParts(href, c)
			parted = true
			switch {
			case off:
				cl.anySite = kind
			case other:
				cl.onSite, cl.anySite = kind, kind
			}
		}
	}
	switch {
	case hash < 0 || hash == len(href)-1:
	case hash == 0:
		cl.self = true
	case f.page == nil:
	default:
		if base := href[:hash]; plainFile(base) && base != "." && base != ".." {
			cl.self = base == f.seg // a file in the page's directory: no need to parse
		} else if web {
			if !parted {
				off, other = f.siteParts(href, c)
			}
			cl.self = !off && !other
		}
	}
	return cl
}

// hrefCache keeps the hrefClass of the hrefs a page's walk met, by the
// address and length of the attribute's value (the page's DOM holds it
// for the walk): direct-mapped, an href whose slot another took is
// classified again. Slots of earlier pages are told apart by gen.
type hrefCache struct {
	gen   uint32
	slots [hrefSlots]hrefSlot
}

const hrefBits = 10
const hrefSlots = 1 << hrefBits

type hrefSlot struct { // 24 bytes
	p   uintptr
	n   int32
	gen uint32
	c   hrefClass
}

// next forgets the hrefs of the page before.
func (h *hrefCache) next() {
	if h.gen++; h.gen == 0 { // wrapped: slots of gen 0 are no longer empty
		clear(h.slots[:])
		h.gen = 1
	}
}

// classes returns href's hrefClass, remembered for the page when f has a
// cache.
func (f *leadFinder) classes(href string) hrefClass {
	h := f.hrefs
	if h == nil {
		return f.classify(href)
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(href)))
	s := &h.slots[(uint64(p)*0x9E3779B97F4A7C15)>>(64-hrefBits)]
	if s.p == p && int(s.n) == len(href) && s.gen == h.gen {
		return s.c
	}
	*s = hrefSlot{p: p, n: int32(len(href)), gen: h.gen, c: f.classify(href)}
	return s.c
}

// hrefLead classifies an href: a page as a whole (no #fragment), a place
// in another page (a path and a #fragment), or neither (empty, a fragment
// of this page, a mailto:, javascript: or other non-page scheme; with the
// page's URL known, also another site or the page itself).
func (f *leadFinder) hrefLead(href string, anySite bool) lead {
	c := f.classes(href)
	if anySite {
		return c.anySite
	}
	return c.onSite
}

// siteParts tells where href (trimmed, not empty, not a #fragment alone;
// c its hrefScheme) leads: off, to another site than the page's; else
// other, to another page of the site than the page itself. href leads to
// the page's site (any site when anySite) and not back to the page itself
// when off && anySite || !off && other. It parses href only when its last
// path segment is the page's own.
func (f *leadFinder) siteParts(href string, c int) (off, other bool) {
	rest := href
	if c > 0 {
		rest = href[c+1:] // the scheme, http or https (hrefLead)
	}
	if strings.HasPrefix(rest, "//") {
		host := rest[2:]
		if j := indexAnyOf(host, "/?#"); j >= 0 {
			host, rest = host[:j], host[j:]
		} else {
			rest = ""
		}
		if j := strings.LastIndexByte(host, '@'); j >= 0 {
			host = host[j+1:]
		}
		if j := strings.LastIndexByte(host, ':'); j >= 0 && !strings.Contains(host[j:], "]") {
			host = host[:j]
		}
		if !sameSite(siteOf(strings.Trim(host, "[]")), f.site) {
			return true, false
		}
	}
	if j := indexAnyOf(rest, "?#"); j >= 0 {
		rest = rest[:j]
	}
	if rest != "" && rest[len(rest)-1] != '/' && !f.ownSegment(rest) {
		return false, true // another file than the page's
	}
	u, err := f.page.Parse(href)
	return false, err == nil && (u.Path != f.page.Path || u.RawQuery != f.page.RawQuery || !sameSite(siteOf(u.Hostname()), f.site))
}

func lastSegment(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// webScheme reports whether scheme is http or https, ASCII case ignored
// (strings.ToLower's, without its pass over the scheme).
func webScheme(scheme string) bool {
	switch len(scheme) {
	case 4:
		return asciiEqualFold(scheme, "http")
	case 5:
		return asciiEqualFold(scheme, "https")
	}
	return false
}

// ownSegment reports whether the last segment of rest (not empty: rest
// does not end in '/') is the page's own, as endsWithSegment(page path,
// lastSegment(rest)) does, without scanning rest for its last '/': the
// page's path holds a '/' and ends with its segment seg, and rest ends
// with seg after a '/' or nothing.
func (f *leadFinder) ownSegment(rest string) bool {
	seg := f.seg
	k := len(rest) - len(seg)
	return f.hasSeg && k >= 0 && rest[k:] == seg && (k == 0 || rest[k-1] == '/')
}

// siteOf returns a host name in lower case without a leading "www.".
func siteOf(host string) string {
	host = strings.ToLower(host)
	return strings.TrimPrefix(host, "www.")
}

// sameSite reports whether two sites (siteOf) are one: equal, or one a
// subdomain of the other (intl.example.com and example.com).
func sameSite(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	return a == b || strings.HasSuffix(a, "."+b)
}
