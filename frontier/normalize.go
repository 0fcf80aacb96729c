package frontier

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Errors returned by Normalize, wrapped with the offending URL.
var (
	// ErrScheme is returned for URLs whose scheme is not http or https.
	ErrScheme = errors.New("frontier: unsupported scheme")
	// ErrBadURL is returned for URLs that cannot be parsed or have no host.
	ErrBadURL = errors.New("frontier: bad URL")
)

// Normalize resolves raw against base (nil for an absolute URL) and returns
// its canonical form, so that equal resources compare equal as strings:
// scheme and host lower-cased, international host names in punycode,
// default ports (:80, :443) and the fragment dropped, dot segments removed,
// an empty path made "/", an empty query "?" dropped, percent-encoding
// normalised (unreserved characters decoded, other escapes upper-cased,
// characters that need it escaped), and the query canonicalised: empty
// parameters and session-id/tracker parameters (DefaultStripParams, also
// as ;name=value path parameters) dropped, the rest sorted by name, stably
// (repeated names keep their order). Only http and https are accepted; any
// other scheme (mailto:, javascript:, data:, ftp:, …) is an error wrapping
// ErrScheme that names it. A Normalizer applies configured query rules.
func Normalize(raw string, base *url.URL) (string, error) {
	return normalize(raw, base, &Normalizer{})
}

func normalize(raw string, base *url.URL, n *Normalizer) (string, error) {
	clean := stripControl(raw)
	u, err := url.Parse(fixPercent(clean))
	if err != nil {
		return "", fmt.Errorf("%w: %q: %v", ErrBadURL, raw, errors.Unwrap(err))
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	scheme := strings.ToLower(u.Scheme)
	switch {
	case scheme == "":
		return "", fmt.Errorf("%w: %q is relative and there is no base", ErrBadURL, raw)
	case scheme != "http" && scheme != "https":
		return "", fmt.Errorf("%w %q in %q", ErrScheme, scheme, raw)
	case u.Opaque != "":
		return "", fmt.Errorf("%w: %q has no host", ErrBadURL, raw)
	}
	host, err := normalHost(u, scheme)
	if err != nil {
		return "", fmt.Errorf("%w: %q: %v", ErrBadURL, raw, err)
	}
	var b strings.Builder
	b.Grow(len(clean) + 8)
	b.WriteString(scheme)
	b.WriteString("://")
	if u.User != nil {
		b.WriteString(u.User.String())
		b.WriteByte('@')
	}
	b.WriteString(host)
	path := removeDotSegments(n.stripPathParams(normalEscapes(u.EscapedPath(), pathSafe)))
	if path == "" {
		path = "/"
	}
	b.WriteString(path)
	if q := n.canonicalQuery(normalEscapes(u.RawQuery, querySafe)); q != "" {
		b.WriteByte('?')
		b.WriteString(q)
	}
	return b.String(), nil
}

// stripControl removes leading/trailing spaces and the ASCII tab and
// newline characters browsers ignore anywhere in a URL.
func stripControl(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	return s
}

// fixPercent escapes '%' signs that do not start a valid escape, as
// browsers do, so url.Parse accepts "100%" and "%zz".
func fixPercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// normalHost lower-cases the host, converts it to punycode, drops a
// trailing dot and the scheme's default port, and rejects invalid ones.
func normalHost(u *url.URL, scheme string) (string, error) {
	name, port := u.Hostname(), u.Port()
	if name == "" {
		return "", errors.New("no host")
	}
	ipv6 := strings.HasPrefix(u.Host, "[")
	switch {
	case ipv6:
		name = strings.ToLower(name)
		if strings.ContainsFunc(name, func(r rune) bool { return !isHex(byte(r)) && r != ':' && r != '.' }) {
			return "", fmt.Errorf("invalid IPv6 host %q", name)
		}
		name = "[" + name + "]"
	default:
		name = strings.TrimRight(name, ".")
		if !isASCII(name) {
			a, err := idna.Lookup.ToASCII(name)
			if err != nil {
				return "", fmt.Errorf("invalid international host %q: %v", name, err)
			}
			name = a
		}
		name = strings.ToLower(name)
		name = strings.TrimRight(name, ".")
		if name == "" || name[0] == '.' || strings.Contains(name, "..") ||
			strings.ContainsFunc(name, func(r rune) bool { return !hostChar(r) }) {
			return "", fmt.Errorf("invalid host %q", name)
		}
	}
	port = strings.TrimLeft(port, "0")
	if port == "" && u.Port() != "" {
		port = "0"
	}
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if port != "" {
		return name + ":" + port, nil
	}
	return name, nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func hostChar(r rune) bool {
	return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '.' || r == '_'
}

// Characters kept literally in a path or query besides unreserved ones.
const (
	pathSafe  = "!$&'()*+,;=:@/"
	querySafe = "!$&'()*+,;=:@/?"
)

// normalEscapes decodes escapes of unreserved characters, upper-cases the
// hex of the others and escapes every byte outside unreserved and safe.
// Its output is a fixed point: normalEscapes(normalEscapes(s)) == normalEscapes(s).
func normalEscapes(s, safe string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if unreserved(v) {
				b.WriteByte(v)
			} else {
				writeEscape(&b, v)
			}
			i += 2
			continue
		}
		if unreserved(c) || strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		writeEscape(&b, c)
	}
	return b.String()
}

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func writeEscape(b *strings.Builder, c byte) {
	const hex = "0123456789ABCDEF"
	b.WriteByte('%')
	b.WriteByte(hex[c>>4])
	b.WriteByte(hex[c&15])
}

// removeDotSegments applies RFC 3986 section 5.2.4 to an absolute path.
func removeDotSegments(p string) string {
	if !strings.Contains(p, ".") {
		return p
	}
	segs := strings.Split(p, "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	r := strings.Join(out, "/")
	if !strings.HasPrefix(r, "/") {
		r = "/" + r
	}
	return r
}
