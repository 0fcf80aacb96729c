package crawl_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
)

func TestHostKey(t *testing.T) {
	tests := []struct{ url, want string }{
		{"http://example.com/a", "example.com"},
		{"http://Example.COM:80/a", "example.com"},
		{"https://a.test:443", "a.test"},
		{"HTTPS://a.test:443/", "a.test"},
		{"https://a.test:80/", "a.test:80"},
		{"http://a.test:443/", "a.test:443"},
		{"https://a.test:8443/x?y#z", "a.test:8443"},
		{"http://user:pw@A.test:8080/", "a.test:8080"},
		{"http://a.test./p", "a.test"},
		{"http://a.test.:8080/p", "a.test:8080"},
		{"http://a.test:/p", "a.test"},
		{"http://[::1]:8080/", "[::1]:8080"},
		{"http://[::1]/", "[::1]"},
		{"http://[::1]:80/", "[::1]"},
		{"http://a.test?q", "a.test"},
		{"http://a.test#f", "a.test"},
		{"mailto:x@y.test", ""},
		{"/relative", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			if got := crawl.HostKey(tt.url); got != tt.want {
				t.Errorf("HostKey(%q) = %q; want %q", tt.url, got, tt.want)
			}
		})
	}
}

func BenchmarkHostKey(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += len(crawl.HostKey("https://docs.python.org:8443/3/library/index.html?x=1"))
	}
	if n == 0 {
		b.Fatal("empty key")
	}
}

// wellFormed is a host key of a valid authority: a name or bracketed IPv6
// address and an optional numeric port.
var wellFormed = regexp.MustCompile(`^([^:\[\]]+|\[[0-9a-f:.]+\])(:[0-9]+)?$`)

// FuzzHostKey: no panic; a key has no ASCII upper case, and a well-formed
// key is its own key.
func FuzzHostKey(f *testing.F) {
	for _, s := range []string{"http://Example.COM:80/a", "https://u@[::1]:443/", "http://a.test.:8080?x", "x://", "://a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		k := crawl.HostKey(u)
		if strings.ContainsAny(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			t.Fatalf("HostKey(%q) = %q is not lower-case", u, k)
		}
		if wellFormed.MatchString(k) {
			again := u[:strings.Index(u, "://")+3] + k + "/"
			if got := crawl.HostKey(again); got != k {
				t.Fatalf("HostKey(%q) = %q, but the key of %q is %q", u, k, again, got)
			}
		}
	})
}
