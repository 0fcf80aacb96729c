package relpath

// Plain reports whether s is a relative path of letters, digits and
// ._~- (RFC 3986's unreserved characters) in segments between single
// slashes, none of them "." or "..", with at most a trailing slash: a
// reference that resolves to its base's directory followed by s, which
// needs no escaping and no dot-segment removal.
func Plain(s string) bool {
	if s == "" || s[0] == '/' {
		return false
	}
	seg := 0 // start of the current segment
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '/' {
			switch s[seg:i] {
			case ".", "..":
				return false
			case "":
				if i < len(s) { // an empty segment: "a//b"
					return false
				}
			}
			seg = i + 1
			continue
		}
		if !unreserved(s[i]) {
			return false
		}
	}
	return true
}

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
