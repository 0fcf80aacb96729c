package robots

import "testing"

// From robots_test.cc TestGetPathParamsQuery.
func TestPathOf(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "/"}, {"http://www.example.com", "/"}, {"http://www.example.com/", "/"},
		{"http://www.example.com/a", "/a"}, {"http://www.example.com/a/", "/a/"},
		{"http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"},
		{"http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"example.com", "/"}, {"example.com/", "/"}, {"example.com/a", "/a"}, {"example.com/a/", "/a/"},
		{"example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"}, {"a", "/"}, {"a/", "/"}, {"/a", "/a"},
		{"a/b", "/b"}, {"example.com?a", "/?a"}, {"example.com/a;b#c", "/a;b"}, {"//a/b/c", "/b/c"},
	}
	for _, tt := range tests {
		if got := pathOf(tt.in); got != tt.want {
			t.Errorf("pathOf(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// From robots_test.cc TestMaybeEscapePattern, plus the decoding of
// unreserved escapes (ours) and malformed escapes left alone.
func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://www.example.com", "http://www.example.com"}, {"/a/b/c", "/a/b/c"},
		{"á", "%C3%A1"}, {"%aa", "%AA"},
		{"/%7euser/%2f", "/~user/%2F"}, {"/%zz%4", "/%zz%4"}, {"/caf\xc3\xa9/*$", "/caf%C3%A9/*$"}, {"/%2A%24", "/%2A%24"},
	}
	for _, tt := range tests {
		if got := normalize(tt.in); got != tt.want {
			t.Errorf("normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMatches(t *testing.T) {
	tests := []struct {
		path, pattern string
		want          bool
	}{
		{"/a/b", "/a", true}, {"/a/b", "/a/b$", true}, {"/a/b/", "/a/b$", false},
		{"/x/dir/", "/$", false}, {"/", "/$", true}, {"/a$b", "/a$b", true}, {"/ab", "/a$b", false},
		{"/a/x/b.php", "/*.php$", true}, {"/a.php?x", "/*.php$", false}, {"/aaa", "*a*a*a*a", false},
		{"/", "", true}, {"/x", "*", true}, {"/x", "/**x$", true}, {"/ab", "/a*b$", true}, {"/ab", "/a*ab$", false},
		{"/a/print-4$", "/*/print-4$$", true}, {"/b", "/a*", false},
	}
	for _, tt := range tests {
		if got := matches(tt.path, tt.pattern, nil); got != tt.want {
			t.Errorf("matches(%q, %q) = %v, want %v", tt.path, tt.pattern, got, tt.want)
		}
	}
}
