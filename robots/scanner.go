package robots

import "bytes"

// MaxSize is the number of bytes of a robots.txt that are parsed (RFC 9309
// §2.5: at least 500 KiB). A longer file is cut at the last line break
// before MaxSize and the cut line is not parsed. Callers reading a file
// from the network should read MaxSize+1 bytes so that the cut is seen.
const MaxSize = 500 << 10

// maxLine is the longest line kept; the rest of a longer line is ignored,
// as Google's parser does (8 × 2083 bytes, the historical URL limit).
const maxLine = 8*2083 - 1

// keyKind is what a line's key names.
type keyKind int

const (
	keyUnknown keyKind = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
	keyCrawlDelay
)

// line is one parsed directive: its 1-based number, the kind of its key and
// its value (comment and surrounding white space removed).
type line struct {
	num   int
	kind  keyKind
	value string
}

// scan splits body into directives. Lines end at CR, LF or CRLF; a UTF-8
// byte order mark (or a prefix of one) at the start is skipped; lines
// without a directive (empty, comment only, no separator) are skipped.
// It reports whether body was cut at MaxSize.
func scan(body []byte) (lines []line, truncated bool) {
	body, truncated = clip(body)
	body = skipBOM(body)
	num := 0
	for len(body) > 0 || num == 0 {
		i := bytes.IndexAny(body, "\r\n")
		raw := body
		if i >= 0 {
			raw = body[:i]
			if body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n' {
				i++ // CRLF is one line ending
			}
			body = body[i+1:]
		} else {
			body = nil
		}
		num++
		if len(raw) > maxLine {
			raw = raw[:maxLine]
		}
		if l, ok := parseLine(raw); ok {
			l.num = num
			lines = append(lines, l)
		}
	}
	return lines, truncated
}

// clip cuts body to MaxSize without keeping a partial last line.
func clip(body []byte) ([]byte, bool) {
	if len(body) <= MaxSize {
		return body, false
	}
	body = body[:MaxSize]
	if i := bytes.LastIndexAny(body, "\r\n"); i >= 0 {
		return body[:i+1], true
	}
	return nil, true // one line of over MaxSize bytes: nothing whole to parse
}

func skipBOM(b []byte) []byte {
	bom := []byte{0xEF, 0xBB, 0xBF}
	i := 0
	for i < len(bom) && i < len(b) && b[i] == bom[i] {
		i++
	}
	return b[i:]
}

// parseLine reads "key: value" (comments removed). As Google's parser
// does, a missing colon is accepted when the line is exactly two words
// ("disallow /").
func parseLine(raw []byte) (line, bool) {
	if i := bytes.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	raw = trimSpace(raw)
	if len(raw) == 0 {
		return line{}, false
	}
	var key, value []byte
	if i := bytes.IndexByte(raw, ':'); i >= 0 {
		key, value = raw[:i], raw[i+1:]
	} else {
		i := bytes.IndexAny(raw, " \t")
		if i < 0 {
			return line{}, false
		}
		key, value = raw[:i], trimSpace(raw[i:])
		if bytes.ContainsAny(value, " \t") {
			return line{}, false
		}
	}
	key = trimSpace(key)
	if len(key) == 0 {
		return line{}, false
	}
	return line{kind: kindOf(string(key)), value: string(trimSpace(value))}, true
}

// kindOf names a key the way Google's parser does: case-insensitive
// prefixes, with the frequent typos of user-agent, disallow and sitemap.
func kindOf(key string) keyKind {
	has := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if len(key) >= len(p) && equalFold(key[:len(p)], p) {
				return true
			}
		}
		return false
	}
	switch {
	case has("user-agent", "useragent", "user agent"):
		return keyUserAgent
	case has("allow"):
		return keyAllow
	case has("disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"):
		return keyDisallow
	case has("sitemap", "site-map"):
		return keySitemap
	case equalFold(key, "crawl-delay"):
		return keyCrawlDelay
	}
	return keyUnknown
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// equalFold compares ASCII case-insensitively.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
