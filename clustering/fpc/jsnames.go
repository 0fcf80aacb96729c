package fpc

import "strings"

// jsFuncs adds the names of the functions src defines (jsFunctionNames).
func (w *walker) jsFuncs(src string) {
	jsFunctionNames(src, func(name string) { w.add(SetJSFunc, name) })
}

// jsFunctionNames calls fn with the name of each function src defines:
// "function name(", "name = function" and "name: function" (at most 64
// per script).
func jsFunctionNames(src string, fn func(name string)) {
	for n, at := 0, 0; n < 64; n++ {
		i := strings.Index(src[at:], "function")
		if i < 0 {
			return
		}
		i += at
		at = i + len("function")
		if name := identAfter(src[at:]); name != "" {
			fn(name)
		} else if name := identBefore(src[:i]); name != "" {
			fn(name)
		}
	}
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// identAfter reads " name" after the keyword (at least one space first).
func identAfter(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	if i == 0 {
		return ""
	}
	j := i
	for j < len(s) && isIdent(s[j]) {
		j++
	}
	if j == i || ('0' <= s[i] && s[i] <= '9') {
		return ""
	}
	return s[i:j]
}

// identBefore reads "name =" or "name:" before the keyword.
func identBefore(s string) string {
	i := len(s)
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n') {
		i--
	}
	if i == 0 || (s[i-1] != '=' && s[i-1] != ':') {
		return ""
	}
	i--
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		i--
	}
	j := i
	for j > 0 && isIdent(s[j-1]) {
		j--
	}
	if j == i || ('0' <= s[j] && s[j] <= '9') {
		return ""
	}
	return s[j:i]
}
