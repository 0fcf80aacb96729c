package topic

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/internal/docsubset"
)

// sameAsParser reports, for a failing test, how parseLink(raw) differs
// from url.Parse(raw) in what its callers read: nil when raw does not
// parse, else the scheme, host, path and query.
func sameAsParser(raw string) (got, want *url.URL, ok bool) {
	got = parseLink(raw)
	want, err := url.Parse(raw)
	if err != nil {
		return got, nil, got == nil
	}
	ok = got != nil && got.Scheme == want.Scheme && got.Host == want.Host && got.Path == want.Path &&
		got.RawQuery == want.RawQuery && got.ForceQuery == want.ForceQuery
	return got, want, ok
}

// TestParseLinkAsParser checks parseLink against url.Parse on URLs the
// fast path takes or must leave to the parser, on pseudo-random strings
// of URL bytes, and on every link of the real documentation pages of
// internal/docsubset.
func TestParseLinkAsParser(t *testing.T) {
	urls := []string{
		"http://a.example/", "https://a.example", "http://a.example:8080/x/y.html?q=1&r=2#frag",
		"http://a.example?x", "http://a.example/?", "http://a.example/a//b/", "http://a.example/a/../b",
		"http://a.example/./b", "HTTP://a.example/", "http://A.example/", "http://a.example/%41",
		"http://a.example:/x", "http://:80/x", "http://a.example:8a/", "http://[::1]/x", "mailto:a@b",
		"ftp://a.example/x", "/relative/path", "", "http://", "http://a.example/x#a%zz", "http://a.example/x?y=%zz",
		"http://a.example/~jo/jo.html", "http://a.example/a b", "http://a_b.example/", "http://a.example/#",
	}
	const alphabet = "ahtp:/.?#%~_-=&09AZ[]@ +\x00\x7f\xc3\xa9"
	x := uint32(1)
	for range 20000 {
		var b strings.Builder
		if x%2 == 0 {
			b.WriteString("http://")
		}
		for range x % 24 {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			b.WriteByte(alphabet[x%uint32(len(alphabet))])
		}
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		urls = append(urls, b.String())
	}
	for _, site := range []string{docsubset.Python311, docsubset.PostgreSQL15} {
		raw, err := docsubset.Read(site)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range raw {
			doc, err := html.Parse(bytes.NewReader(p.Body))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range pageLinks(doc, "http://docs.test/"+site+"/"+p.Path) {
				urls = append(urls, l.URL)
			}
		}
	}
	fast := 0
	for _, raw := range urls {
		if _, ok := plainAbsolute(raw); ok {
			fast++
		}
		if got, want, ok := sameAsParser(raw); !ok {
			t.Errorf("parseLink(%q) = %#v, url.Parse gives %#v", raw, got, want)
		}
	}
	if fast < 3000 { // the pages' links, nearly all
		t.Errorf("%d of %d URLs took the fast path", fast, len(urls))
	}
}

// FuzzParseLink checks parseLink against url.Parse on any string.
func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"http://a.example/x?y#z", "https://a.example:1/", "http://a.example/a/../b", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if got, want, ok := sameAsParser(raw); !ok {
			t.Errorf("parseLink(%q) = %#v, url.Parse gives %#v", raw, got, want)
		}
	})
}
