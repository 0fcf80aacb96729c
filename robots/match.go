package robots

import "strings"

// normalize puts a rule pattern or a URL path into the one form both are
// compared in (RFC 9309 §2.2.2, RFC 3986 §6.2.2): octets outside US-ASCII
// are percent-encoded (UTF-8 octets as %XX), the hex digits of escapes are
// upper-cased, and escapes of unreserved characters (ALPHA DIGIT - . _ ~)
// are decoded, as frontier.Normalize does to every URL the crawler holds.
// '*' and '$' are never produced by decoding, so pattern syntax survives.
func normalize(s string) string {
	if !needsNormalizing(s) {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if unreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(upper(s[i+1]))
				b.WriteByte(upper(s[i+2]))
			}
			i += 2
		case c >= 0x80:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xF])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func needsNormalizing(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' || s[i] >= 0x80 {
			return true
		}
	}
	return false
}

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// pathOf returns the path, params and query of a URL (scheme, authority
// and fragment removed), always starting with "/"; "/" when there is none.
// It reads the URL as Google's GetPathParamsQuery does, so that it accepts
// what a caller hands it (absolute URL, "host/path", or a bare path).
func pathOf(u string) string {
	start := 0
	if strings.HasPrefix(u, "//") {
		start = 2
	}
	early := indexAnyFrom(u, "/?;", start)
	proto := indexFrom(u, "://", start)
	if early >= 0 && (proto < 0 || early < proto) {
		proto = -1
	}
	if proto < 0 {
		proto = start
	} else {
		proto += 3
	}
	p := indexAnyFrom(u, "/?;", proto)
	if p < 0 {
		return "/"
	}
	end := len(u)
	if h := indexFrom(u, "#", start); h >= 0 {
		if h < p {
			return "/"
		}
		end = h
	}
	if u[p] != '/' {
		return "/" + u[p:end]
	}
	return u[p:end]
}

func indexFrom(s, sub string, from int) int {
	if i := strings.Index(s[from:], sub); i >= 0 {
		return i + from
	}
	return -1
}

func indexAnyFrom(s, chars string, from int) int {
	if i := strings.IndexAny(s[from:], chars); i >= 0 {
		return i + from
	}
	return -1
}

// matches reports whether pattern matches path from its first octet: '*'
// matches any run of octets, a '$' ending the pattern matches the end of
// path, and every other octet (a '$' elsewhere included) matches itself.
// The cost is at most O(len(path)·len(pattern)) whatever the input; buf
// is scratch space reused between calls (nil is fine).
func matches(path, pattern string, buf *[]int) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if p, ok := strings.CutSuffix(pattern, "$"); ok {
			return path == p
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false // the literal head must match first
	}
	if body, ok := strings.CutSuffix(pattern, "$"); ok && !strings.HasSuffix(path, body[strings.LastIndexByte(body, '*')+1:]) {
		return false // so must the literal tail of an anchored pattern
	}
	// pos holds, in increasing order, the lengths of the prefixes of path
	// that the pattern read so far can match.
	if buf == nil {
		buf = new([]int)
	}
	pos := append((*buf)[:0], 0)
	defer func() { *buf = pos[:0] }()
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '$' && i == len(pattern)-1:
			return pos[len(pos)-1] == len(path)
		case c == '*':
			first := pos[0]
			pos = pos[:0]
			for k := first; k <= len(path); k++ {
				pos = append(pos, k)
			}
		default:
			n := 0
			for _, k := range pos {
				if k < len(path) && path[k] == c {
					pos[n] = k + 1
					n++
				}
			}
			pos = pos[:n]
			if n == 0 {
				return false
			}
		}
	}
	return true
}
