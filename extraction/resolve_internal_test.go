package extraction

import (
	"net/url"
	"testing"
)

// netURL is the reference: net/url's resolution, s unchanged when it does
// not parse.
func netURL(base *url.URL, s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s
	}
	return base.ResolveReference(u).String()
}

var resolveBases = []string{
	"http://127.0.0.1:8000/library/os.html",
	"http://docs.test/a/b/index.html?x=1#top",
	"https://example.com",
	"http://h/dir/",
	"http://h/a/./b/../c.html?",
	"mailto:someone@example.com",
	"http://u:p@h/a/b/c.html",
	"http://h/a%20b/c.html",
	"http://h",
	"https://h/~u/a.b/",
	"file:///usr/share/doc/index.html",
}

var resolveRefs = []string{
	"#os.fspath", "os.html#os.fspath", "../glossary.html#term-path-like-object", "#", "", "os.html#",
	"#a b", "#%41", "#caf\u00e9", "#x#y", "?q=1#f", "?#f", "//other.host/p#f", "https://x.y/z#frag",
	"/abs/path.html#k-1_2~3", "sub/../x.html", "./x.html#.", "%zz#f", "#%zz", "http://[::1/x#f",
	"javascript:void(0)", "mailto:a@b#c", "a?#f", ":bad#f", "os.html#os.fspath",
	"../../../x.html#f", "..", ".", "./", "../", "a/./b/../../c", "/x/../y/.", "a//b", "//", "/", "~u/x",
	"a/..", "x/.././../y#z", "/..", ".hidden", "...", "a b.html", "A-Z_0.9~",
}

// TestResolverFastPath holds abs (memo and plain fragments appended as
// written) to net/url on every pair of base and reference, each reference
// resolved twice (the second time from the memo).
func TestResolverFastPath(t *testing.T) {
	for _, b := range resolveBases {
		base, err := url.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		a := newAbs(base)
		for round := range 2 {
			for _, s := range resolveRefs {
				if got, want := a.resolve(s), netURL(base, s); got != want {
					t.Errorf("round %d: resolve(%q) against %q = %q, want %q", round, s, b, got, want)
				}
			}
		}
	}
}

// FuzzResolver: abs agrees with net/url on any base and references.
func FuzzResolver(f *testing.F) {
	for i, b := range resolveBases {
		f.Add(b, resolveRefs[i], resolveRefs[len(resolveRefs)-1-i])
	}
	f.Fuzz(func(t *testing.T, b, s1, s2 string) {
		base, err := url.Parse(b)
		if err != nil || !base.IsAbs() {
			return
		}
		a := newAbs(base)
		for _, s := range []string{s1, s2, s1, s2 + "#x", s1 + "#y"} {
			if got, want := a.resolve(s), netURL(base, s); got != want {
				t.Fatalf("resolve(%q) against %q = %q, want %q", s, b, got, want)
			}
		}
	})
}
