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
