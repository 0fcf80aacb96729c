package extraction

import (
	"bytes"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// resolver returns the function making a link or image address absolute:
// resolved against the document's first <base href> (itself resolved
// against pageURL), else pageURL. Addresses that do not parse, and all
// addresses when there is no absolute base, are kept as written.
func resolver(doc *html.Node, pageURL string) func(string) string {
	base, err := url.Parse(pageURL)
	if err != nil || !base.IsAbs() {
		base = nil
	}
	if href, ok := baseHref(doc); ok {
		if b, err := url.Parse(href); err == nil {
			if base != nil {
				b = base.ResolveReference(b)
			}
			if b.IsAbs() {
				base = b
			}
		}
	}
	if base == nil {
		return nil
	}
	return newAbs(base).resolve
}

// abs resolves addresses against one base, as base.ResolveReference(ref)
// does, at less cost: a page repeats the addresses of a few documents with
// a different fragment each (os.html#os.fspath, os.html#os.getcwd,
// #module-os), so the part before the fragment is resolved once (memo)
// and a plain fragment is appended as written; anything else goes through
// net/url. TestResolverFastPath and FuzzResolver hold it to net/url.
//
// A part made only of path characters (plainPath: letters, digits, "-._~"
// and "/", not opening with "//") against a base with a host and such a
// path is resolved without net/url: the base's origin and the merged path
// with its dot segments removed as net/url does (appendResolved), which is
// what ResolveReference and String give for them (nothing to escape).
type abs struct {
	base     *url.URL
	here     string            // the base resolved against an empty reference, without fragment
	memo     map[string]string // the part before '#' -> resolved, for parts without '#'
	origin   string            // "scheme://user@host" for plain paths, else ""
	basePath string            // the base's escaped path, with origin
	buf      []byte            // appendResolved's
}

func newAbs(base *url.URL) *abs {
	h := base.ResolveReference(&url.URL{})
	h.Fragment, h.RawFragment = "", ""
	a := &abs{base: base, here: h.String(), memo: map[string]string{}}
	if p := base.EscapedPath(); base.Opaque == "" && base.Host != "" && !base.OmitHost && (p == "" || plainPath(p)) {
		o := url.URL{Scheme: base.Scheme, User: base.User, Host: base.Host}
		a.origin, a.basePath = o.String(), p
	}
	return a
}

// resolve is resolver's function.
func (a *abs) resolve(s string) string {
	head, frag, hasFrag := strings.Cut(s, "#")
	if hasFrag && !plainFragment(frag) {
		return a.slow(s)
	}
	var r string
	if head == "" && hasFrag {
		r = a.here // a fragment alone keeps the base's path and query
	} else {
		var ok bool
		if r, ok = a.memo[head]; !ok {
			if a.origin != "" && plainPath(head) && !strings.HasPrefix(head, "//") {
				a.buf = appendResolved(append(a.buf[:0], a.origin...), a.basePath, head)
				r = string(a.buf)
			} else {
				r = a.slow(head)
				if r == head && !a.parses(head) {
					return s // kept as written, fragment and all
				}
			}
			a.memo[head] = r
		}
	}
	if !hasFrag {
		return r
	}
	return r + "#" + frag
}

// slow is net/url's resolution; s unchanged when it does not parse.
func (a *abs) slow(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s
	}
	return a.base.ResolveReference(u).String()
}

func (a *abs) parses(s string) bool {
	_, err := url.Parse(s)
	return err == nil
}

// plainFragment reports whether a fragment is non-empty and made of
// characters net/url writes back unchanged (letters, digits, "-._~"), so
// appending it as written is what ResolveReference and String give.
func plainFragment(f string) bool {
	if f == "" {
		return false // "#" alone: net/url keeps the base's fragment
	}
	for i := 0; i < len(f); i++ {
		if !unreservedByte(f[i]) {
			return false
		}
	}
	return true
}

// unreservedByte reports whether c is an unreserved character of RFC 3986
// (a letter, a digit or one of "-._~"), which net/url never escapes.
func unreservedByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// plainPath reports whether s is non-empty and made of characters net/url
// parses and writes back unchanged in a path (letters, digits, "-._~" and
// "/"): no scheme, query, fragment or escape, nothing String escapes.
func plainPath(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '/' && !unreservedByte(c) {
			return false
		}
	}
	return true
}

// appendResolved appends to dst (the origin) net/url's resolvePath (Go
// 1.26) of ref against base: ref merged with base's directory (ref
// non-empty) and its dot segments removed (RFC 3986 5.2), in one buffer
// with the origin.
func appendResolved(dst []byte, base, ref string) []byte {
	var full string
	if ref[0] != '/' {
		i := strings.LastIndex(base, "/")
		full = base[:i+1] + ref
	} else {
		full = ref
	}
	o := len(dst) // the path is dst[o:]
	dst = append(dst, '/')
	elem := ""
	remaining := full
	found := true
	first := true
	for found {
		elem, remaining, found = strings.Cut(remaining, "/")
		switch elem {
		case ".":
			first = false
			continue
		case "..":
			if i := bytes.LastIndexByte(dst[o+1:], '/'); i >= 0 {
				dst = dst[:o+i+1]
			} else {
				dst = dst[:o+1]
			}
			first = len(dst) == o+1
		default:
			if !first {
				dst = append(dst, '/')
			}
			dst = append(dst, elem...)
			first = false
		}
	}
	if elem == "." || elem == ".." {
		dst = append(dst, '/')
	}
	// an initial '/' written, but not two
	if len(dst) > o+1 && dst[o+1] == '/' {
		dst = append(dst[:o], dst[o+1:]...)
	}
	return dst
}

// baseHref finds the first <base href> of the document, iteratively (a
// document may be deeply nested).
func baseHref(doc *html.Node) (string, bool) {
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Base {
			if h := attr(n, "href"); h != "" {
				return h, true
			}
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Body {
			continue // <base> belongs in the head
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return "", false
}
