package crawler

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func FuzzDecodeBody(f *testing.F) {
	f.Add([]byte("<html><head><meta charset=gbk></head><body>\xc4\xe3\xba\xc3</body></html>"), "text/html")
	f.Add([]byte("\xef\xbb\xbf<p>bom</p>"), "")
	f.Add([]byte("\xff\xfe<\x00p\x00>\x00"), "text/html; charset=utf-16")
	f.Add([]byte("plain \x80\x81 bytes"), "text/html; charset=nonsense")
	f.Fuzz(func(t *testing.T, body []byte, ct string) {
		out, name, err := decodeBody(body, ct, false)
		if err != nil {
			return
		}
		if name == "" {
			t.Errorf("decodeBody(%q, %q): empty charset name", body, ct)
		}
		if !utf8.Valid(out) {
			t.Errorf("decodeBody(%q, %q) = invalid UTF-8 %q", body, ct, out)
		}
	})
}

func FuzzParsePage(f *testing.F) {
	f.Add([]byte(`<html><head><title>T</title><base href="/x/"><meta name=keywords content="a,b"></head><body><a href="y">y</a><a href="mailto:a@b">m</a><a href="javascript:void(0)">j</a><a href="//other.example/z#f">z</a></body></html>`))
	f.Add([]byte("<a href='http://[::1:80/'>bad</a><a href='%zz'>bad</a>"))
	f.Add([]byte("<meta name=robots content=nofollow><a href=/a>a</a>"))
	f.Add([]byte(`<head><base href="/b/"><link rel="Next  Prefetch" title=" n " href="n.html"><link rel=stylesheet href=s.css><link rel="up nofollow" href=".."><link rel=index type="Text/HTML; charset=utf-8" href="i.html"></head><a href="n.html">n</a><link rel=appendix href="//x.example/">`))
	base, _ := url.Parse("http://example.com/dir/page.html")
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := parsePage(body, base, 1, linkRules{})
		if err != nil {
			return
		}
		if p.doc == nil {
			t.Fatal("parsePage: nil doc without error")
		}
		for _, l := range p.links {
			u, err := url.Parse(l.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				t.Errorf("parsePage(%q) link %q is not an absolute http(s) URL", body, l.URL)
			}
			if l.Depth != 2 {
				t.Errorf("link depth = %d, want 2", l.Depth)
			}
			if l.Rel != "" && !isNavRel(l.Rel) {
				t.Errorf("parsePage(%q) link %q has rel %q, no navigation type", body, l.URL, l.Rel)
			}
		}
	})
}

// FuzzRobots serves arbitrary robots.txt bodies and statuses and checks
// that the policy never panics and follows the status rules.
func FuzzRobots(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n"), 200)
	f.Add([]byte("\x00\x01garbage{{{"), 200)
	f.Add([]byte(""), 404)
	f.Add([]byte("oops"), 503)
	f.Fuzz(func(t *testing.T, body []byte, status int) {
		if status < 200 || status > 599 {
			return
		}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			w.Write(body)
		}))
		defer srv.Close()
		u, _ := url.Parse(srv.URL)
		c := newRobotsCache(srv.Client(), 4, time.Hour, time.Minute, time.Now)
		p := c.policy(context.Background(), u.Scheme, u.Host, openGate)
		ok := p.allowed(srv.URL+"/public/page", "crawl")
		switch {
		case (status >= 500 || status == 429) && ok:
			t.Errorf("robots status %d: allowed, want disallow-all", status)
		case status >= 400 && status < 500 && status != 429 && !ok:
			t.Errorf("robots status %d: disallowed, want allow-all", status)
		}
	})
}

func FuzzSpaceFolder(f *testing.F) {
	f.Add("  a \u00a0 b\n\tc  ", "d")
	f.Add("", "\u00a0")
	f.Fuzz(func(t *testing.T, a, b string) {
		var sf spaceFolder
		sf.write(a)
		sf.write(b)
		want := strings.Join(strings.Fields(strings.ReplaceAll(a+" "+b, "\u00a0", " ")), " ")
		// strings.Fields also splits on other Unicode spaces; compare on ASCII input only.
		if isASCIIish(a+b) && sf.String() != want {
			t.Errorf("fold(%q, %q) = %q, want %q", a, b, sf.String(), want)
		}
	})
}

func isASCIIish(s string) bool {
	for _, r := range s {
		if r >= 0x80 && r != 0xA0 {
			return false
		}
	}
	return true
}
