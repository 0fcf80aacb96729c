package relpath_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/internal/relpath"
)

var bases = []string{
	"http://example.com/a/b/c.html?x=1#f",
	"http://example.com/a/b/",
	"http://example.com",
	"https://example.com:8443/%7Euser/p%20q/r.html",
	"http://example.com/a;p=1/b",
}

// resolvesPlainly reports whether s resolved against base by net/url is
// base's directory followed by s.
func resolvesPlainly(t *testing.T, base, s string) bool {
	t.Helper()
	b, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := b.Parse("x")
	if err != nil {
		t.Fatal(err)
	}
	d := strings.TrimSuffix(dir.String(), "x")
	u, err := b.Parse(s)
	return err == nil && u.String() == d+s
}

func TestPlain(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"os.html", true}, {"library/os.html", true}, {"library/", true}, {"a-b_c~d.e", true}, {"...", true},
		{"", false}, {"/root", false}, {".", false}, {"..", false}, {"./a", false}, {"a/./b", false}, {"a/../b", false},
		{"../a", false}, {"a//b", false}, {"a%20b", false}, {"a b", false}, {"a?q", false}, {"a#f", false},
		{"a:b", false}, {"café", false}, {"a;p", false}, {"//host/a", false},
	} {
		if got := relpath.Plain(tt.s); got != tt.want {
			t.Errorf("Plain(%q) = %v, want %v", tt.s, got, tt.want)
		}
		if tt.want {
			for _, b := range bases {
				if !resolvesPlainly(t, b, tt.s) {
					t.Errorf("Plain(%q), but against %s it does not resolve to the directory followed by it", tt.s, b)
				}
			}
		}
	}
}

// FuzzPlain: whatever Plain accepts, net/url resolves against every base
// to the base's directory followed by it.
func FuzzPlain(f *testing.F) {
	for _, s := range []string{"os.html", "a/b/", "...", "a//b", "../x", "a%2Fb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !relpath.Plain(s) {
			return
		}
		for _, b := range bases {
			if !resolvesPlainly(t, b, s) {
				t.Fatalf("Plain(%q), but against %s it does not resolve to the directory followed by it", s, b)
			}
		}
	})
}
