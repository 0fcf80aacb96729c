package robots

import "strings"

// ValidToken reports whether s is a product token a crawler can be matched
// by (RFC 9309 §2.2.1): one or more of the characters a-z, A-Z, '_' and '-'.
func ValidToken(s string) bool {
	return s != "" && tokenPrefix(s) == s
}

// tokenPrefix returns the longest prefix of s made of token characters.
func tokenPrefix(s string) string {
	i := 0
	for i < len(s) && isTokenChar(s[i]) {
		i++
	}
	return s[:i]
}

func isTokenChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// ProductToken returns the product token of a User-Agent header: the
// token characters it starts with ("crawl/1.0 (+https://…)" gives
// "crawl"). A browser-style "Mozilla/5.0 (compatible; name/1.0; …)" gives
// the name after "compatible;", as robots.txt groups name a crawler by
// that token (Googlebot's header has this form). It returns "" when the
// header has no token.
func ProductToken(userAgent string) string {
	ua := strings.TrimSpace(userAgent)
	tok := tokenPrefix(ua)
	if !strings.EqualFold(tok, "Mozilla") {
		return tok
	}
	_, comment, ok := strings.Cut(ua, "(")
	if !ok {
		return tok
	}
	comment, _, _ = strings.Cut(comment, ")")
	parts := strings.Split(comment, ";")
	for i, p := range parts {
		if strings.EqualFold(strings.TrimSpace(p), "compatible") && i+1 < len(parts) {
			if t := tokenPrefix(strings.TrimSpace(parts[i+1])); t != "" {
				return t
			}
		}
	}
	return tok
}
