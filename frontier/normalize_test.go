package frontier_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

func TestNormalize(t *testing.T) {
	base, _ := url.Parse("http://Example.com/a/b/c.html?x=1#frag")
	cases := []struct {
		raw  string
		base *url.URL
		want string
	}{
		{"HTTP://WWW.Example.COM/Path", nil, "http://www.example.com/Path"},
		{"http://example.com", nil, "http://example.com/"},
		{"http://example.com:80/x", nil, "http://example.com/x"},
		{"https://example.com:443/x", nil, "https://example.com/x"},
		{"http://example.com:443/x", nil, "http://example.com:443/x"},
		{"http://example.com:/x", nil, "http://example.com/x"},
		{"http://example.com:08080/x", nil, "http://example.com:8080/x"},
		{"http://example.com/x#section", nil, "http://example.com/x"},
		{"http://example.com/x?", nil, "http://example.com/x"},
		{"http://example.com/x?b=2&a=1", nil, "http://example.com/x?a=1&b=2"},
		{"http://example.com/x?b=2&a=3&a=1&&", nil, "http://example.com/x?a=3&a=1&b=2"},
		{"http://example.com/x?sid=9f8e&page=2&utm_source=feed&UTM_Medium=x", nil, "http://example.com/x?page=2"},
		{"http://example.com/x?PHPSESSID=1&ASPSESSIONIDQACTRS=2&fbclid=3&gclid=4&id=5", nil, "http://example.com/x?id=5"},
		{"http://example.com/x;jsessionid=ABC123?q=1&jsessionid=Z", nil, "http://example.com/x?q=1"},
		{"http://example.com/a;JSESSIONID=1/b;v=2", nil, "http://example.com/a/b;v=2"},
		{"http://example.com/x?%73id=1&s%69d2=2", nil, "http://example.com/x?sid2=2"},
		{"http://example.com/x?sid", nil, "http://example.com/x"},
		{"http://example.com/a/./b/../c/", nil, "http://example.com/a/c/"},
		{"http://example.com/../../x", nil, "http://example.com/x"},
		{"http://example.com/a/..", nil, "http://example.com/"},
		{"http://example.com/%7Euser/%41%2f%2F", nil, "http://example.com/~user/A%2F%2F"},
		{"http://example.com/a b", nil, "http://example.com/a%20b"},
		{"http://example.com/caf%c3%a9", nil, "http://example.com/caf%C3%A9"},
		{"http://example.com/café", nil, "http://example.com/caf%C3%A9"},
		{"http://example.com/100%", nil, "http://example.com/100%25"},
		{"http://example.com/%zz?q=%", nil, "http://example.com/%25zz?q=%25"},
		{"http://example.com/?q=a+b&r=%20", nil, "http://example.com/?q=a+b&r=%20"},
		{"http://bücher.de/", nil, "http://xn--bcher-kva.de/"},
		{"http://BÜCHER.de/", nil, "http://xn--bcher-kva.de/"},
		{"http://例え.テスト/パス", nil, "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"},
		{"http://example.com./x", nil, "http://example.com/x"},
		{"http://[::1]:8080/x", nil, "http://[::1]:8080/x"},
		{"http://127.0.0.1:8080", nil, "http://127.0.0.1:8080/"},
		{"http://user:pw@example.com/", nil, "http://user:pw@example.com/"},
		{"  http://example.com/\tx\n  ", nil, "http://example.com/x"},
		{"d.html", base, "http://example.com/a/b/d.html"},
		{"../d.html", base, "http://example.com/a/d.html"},
		{"/root", base, "http://example.com/root"},
		{"?y=2", base, "http://example.com/a/b/c.html?y=2"},
		{"#only-fragment", base, "http://example.com/a/b/c.html?x=1"},
		{"//other.test/p", base, "http://other.test/p"},
		{"https://secure.test", base, "https://secure.test/"},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			got, err := frontier.Normalize(c.raw, c.base)
			if err != nil {
				t.Fatalf("Normalize(%q) error: %v", c.raw, err)
			}
			if got != c.want {
				t.Errorf("Normalize(%q) = %q, want %q", c.raw, got, c.want)
			}
			again, err := frontier.Normalize(got, nil)
			if err != nil || again != got {
				t.Errorf("Normalize(%q) = %q, %v; not idempotent", got, again, err)
			}
		})
	}
}

func TestNormalizeErrors(t *testing.T) {
	base, _ := url.Parse("http://example.com/")
	cases := []struct {
		raw    string
		base   *url.URL
		target error
		names  string
	}{
		{"mailto:a@example.com", base, frontier.ErrScheme, `"mailto"`},
		{"javascript:void(0)", base, frontier.ErrScheme, `"javascript"`},
		{"data:text/html,hi", base, frontier.ErrScheme, `"data"`},
		{"ftp://example.com/f", nil, frontier.ErrScheme, `"ftp"`},
		{"FTP://example.com/f", nil, frontier.ErrScheme, `"ftp"`},
		{"tel:+123", base, frontier.ErrScheme, `"tel"`},
		{"relative/path", nil, frontier.ErrBadURL, "relative"},
		{"http://", nil, frontier.ErrBadURL, "no host"},
		{"http:///path", nil, frontier.ErrBadURL, "no host"},
		{"http:opaque", nil, frontier.ErrBadURL, "no host"},
		{"http://exa mple.com/", nil, frontier.ErrBadURL, "exa mple"},
		{"http://example.com:port/", nil, frontier.ErrBadURL, "port"},
		{"http://bad\x00host/", nil, frontier.ErrBadURL, "bad"},
		{"http://[::1/", nil, frontier.ErrBadURL, "::1"},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			got, err := frontier.Normalize(c.raw, c.base)
			if err == nil {
				t.Fatalf("Normalize(%q) = %q, want an error", c.raw, got)
			}
			if !errors.Is(err, c.target) || !strings.Contains(err.Error(), c.names) {
				t.Errorf("Normalize(%q) error = %v; want %v naming %s", c.raw, err, c.target, c.names)
			}
		})
	}
}

// The host key of a normalised URL is the normalised host: raw spellings
// of one server (case, default port, user info, trailing dot) get one key.
func TestHostKeyOfNormalized(t *testing.T) {
	cases := map[string]string{
		"http://a.test/x":           "a.test",
		"HTTP://A.Test:80/x":        "a.test",
		"https://a.test.:443/":      "a.test",
		"https://a.test:8443?q":     "a.test:8443",
		"http://u:p@a.test:81/":     "a.test:81",
		"http://[::1]:8080/":        "[::1]:8080",
		"http://a.test/x/y?z=@w.no": "a.test",
		"http://bücher.test/":       "xn--bcher-kva.test",
	}
	for in, want := range cases {
		n, err := frontier.Normalize(in, nil)
		if err != nil {
			t.Fatalf("Normalize(%q): %v", in, err)
		}
		if got := crawl.HostKey(n); got != want {
			t.Errorf("crawl.HostKey(Normalize(%q) = %q) = %q, want %q", in, n, got, want)
		}
		if raw := crawl.HostKey(in); !strings.Contains(in, "ü") && raw != want {
			t.Errorf("crawl.HostKey(%q) = %q, want %q as for its normalised form", in, raw, want)
		}
	}
}

func TestNormalizerRules(t *testing.T) {
	cases := []struct {
		name string
		q    frontier.QueryRules
		raw  string
		want string
	}{
		{"defaults", frontier.QueryRules{}, "http://a.test/?ref=x&sid=1", "http://a.test/?ref=x"},
		{"strip adds", frontier.QueryRules{Strip: []string{"ref", "trk_*"}}, "http://a.test/?ref=x&trk_a=1&id=2", "http://a.test/?id=2"},
		{"keep wins", frontier.QueryRules{Keep: []string{"sid"}}, "http://a.test/?sid=1&utm_x=2", "http://a.test/?sid=1"},
		{"keep all", frontier.QueryRules{Keep: []string{"*"}}, "http://a.test/?utm_x=2&sid=1", "http://a.test/?sid=1&utm_x=2"},
		{"path param kept", frontier.QueryRules{Keep: []string{"jsessionid"}}, "http://a.test/p;jsessionid=1", "http://a.test/p;jsessionid=1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, err := frontier.NewNormalizer(c.q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := n.Normalize(c.raw, nil)
			if err != nil || got != c.want {
				t.Fatalf("Normalize(%q) = %q, %v; want %q", c.raw, got, err, c.want)
			}
		})
	}
	for _, bad := range []frontier.QueryRules{{Strip: []string{"["}}, {Keep: []string{" "}}} {
		if _, err := frontier.NewNormalizer(bad); err == nil {
			t.Errorf("NewNormalizer(%+v) accepted a bad pattern", bad)
		}
	}
}

// FuzzNormalize checks that Normalize never panics, that its output is a
// fixed point (normalising twice changes nothing), parses as an absolute
// http(s) URL, and has no fragment.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"http://example.com/a/../b?x=1#f", "HTTPS://Ex.COM:443/%7e%41", "http://bücher.de/é",
		"http://[::1]:80/", "mailto:x", "//no.scheme", "http://a.test/100%", "http://a.test/?",
		"http://a.test/%2e%2e/x", "http://a.test/a/%2E/b", "http://xn--bcher-kva.de", "http://a.test:/",
		"http://user@a.test/p;q=1?r#s", "http://a.test/\u00a0", "http://a.test./",
		"http://a.test/x;jsessionid=1/..;sid=2?b=2&a=1&&a=0&utm_x=3", "http://a.test/?%73id=1&=&a",
	} {
		f.Add(s, "")
		f.Add(s, "http://base.test/dir/page.html?q")
	}
	f.Fuzz(func(t *testing.T, raw, baseRaw string) {
		var base *url.URL
		if baseRaw != "" {
			b, err := url.Parse(baseRaw)
			if err != nil || !b.IsAbs() {
				return
			}
			base = b
		}
		got, err := frontier.Normalize(raw, base)
		if err != nil {
			if got != "" {
				t.Errorf("Normalize(%q) returned %q with error %v", raw, got, err)
			}
			return
		}
		again, err := frontier.Normalize(got, nil)
		if err != nil {
			t.Fatalf("Normalize(%q) = %q, which does not normalise again: %v", raw, got, err)
		}
		if again != got {
			t.Fatalf("not idempotent: Normalize(%q) = %q, then %q", raw, got, again)
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("Normalize(%q) = %q, which does not parse: %v", raw, got, err)
		}
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Fragment != "" {
			t.Fatalf("Normalize(%q) = %q: want absolute http(s) without fragment", raw, got)
		}
		if crawl.HostKey(got) == "" {
			t.Fatalf("crawl.HostKey(%q) is empty", got)
		}
	})
}

func BenchmarkNormalize(b *testing.B) {
	base, _ := url.Parse("http://news.example.com/sport/football/index.html")
	hrefs := []string{
		"../world/article-12345.html", "/tag/premier-league?page=2", "http://News.Example.com:80/a/./b/../c",
		"https://cdn.example.net/img/photo%7e1.jpg#x", "match-report.html?id=987&lang=en",
	}
	for b.Loop() {
		for _, h := range hrefs {
			if _, err := frontier.Normalize(h, base); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	b.ReportMetric(float64(b.N*len(hrefs))/b.Elapsed().Seconds(), "urls/s")
}
