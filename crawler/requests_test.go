package crawler_test

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/cookiefile"
	"github.com/crawl-project/crawl/crawler"
)

// seen is one request as a loopback server saw it.
type seen struct {
	host, path, cookie, custom string
	absolute                   bool // request line held the absolute URL (a proxy request)
}

// twoHosts serves a.test (/ links to /page and to b.test) and b.test,
// whatever address the connection came to, and records every request.
type twoHosts struct {
	mu   sync.Mutex
	reqs []seen
}

func (h *twoHosts) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.reqs = append(h.reqs, seen{host: r.Host, path: r.URL.Path, cookie: r.Header.Get("Cookie"),
		custom: r.Header.Get("X-Crawl-Test"), absolute: r.URL.IsAbs()})
	h.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	switch r.Host + r.URL.Path {
	case "a.test/":
		fmt.Fprint(w, `<html><body><a href="/page">page</a> <a href="http://b.test/">b</a></body></html>`)
	case "a.test/page", "b.test/":
		fmt.Fprint(w, `<html><body>leaf</body></html>`)
	default:
		http.NotFound(w, r)
	}
}

func (h *twoHosts) pages() []seen {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []seen
	for _, r := range h.reqs {
		if r.path != "/robots.txt" {
			out = append(out, r)
		}
	}
	return out
}

// TestHTTPProxyHeadersAndCookies crawls a.test and b.test, names that
// resolve nowhere, through a loopback HTTP proxy: every page request
// reaches the proxy in proxy form, carries the configured header, and the
// cookie file's a.test cookie goes to a.test only.
func TestHTTPProxyHeadersAndCookies(t *testing.T) {
	h := &twoHosts{}
	proxy := httptest.NewServer(h) // answers proxy requests itself, and records them
	defer proxy.Close()
	jar := fileJar(t, "a.test\tFALSE\t/\tFALSE\t0\tsid\ta1\n"+
		".other.test\tTRUE\t/\tFALSE\t0\tnot\tsent\n")
	st, fr := env(t, t.TempDir())
	sum := run(t, proxied(proxy.URL), st, fr, []string{"http://a.test/"}, crawler.WithCookieJar(jar))
	if sum.Fetched != 3 {
		t.Fatalf("fetched %d pages through the proxy, want 3 (errors %v)", sum.Fetched, sum.Errors)
	}
	got := h.pages()
	hosts := map[string]bool{}
	for _, r := range got {
		hosts[r.host] = true
		if !r.absolute {
			t.Errorf("%s%s reached the proxy without the absolute URL: not a proxy request", r.host, r.path)
		}
		if r.custom != "yes" {
			t.Errorf("%s%s: X-Crawl-Test = %q, want the configured yes", r.host, r.path, r.custom)
		}
		want := map[string]string{"a.test": "sid=a1", "b.test": ""}[r.host]
		if r.cookie != want {
			t.Errorf("%s%s: Cookie %q, want %q", r.host, r.path, r.cookie, want)
		}
	}
	if !hosts["a.test"] || !hosts["b.test"] || len(got) != 3 {
		t.Errorf("proxy saw %+v; want the 3 pages of a.test and b.test", got)
	}
}

// fileJar is the cookie jar of a Netscape cookie file's lines.
func fileJar(t *testing.T, lines string) http.CookieJar {
	t.Helper()
	cookies, err := cookiefile.Parse(strings.NewReader(lines))
	if err != nil {
		t.Fatal(err)
	}
	jar, err := cookiefile.Jar(cookies, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return jar
}

// proxied is fastConfig through the loopback proxy at proxyURL, sending
// the header X-Crawl-Test: yes.
func proxied(proxyURL string) crawler.Config {
	cfg := fastConfig()
	cfg.Timeout = time.Minute // never the limit, however loaded the machine
	cfg.Proxy = proxyURL
	cfg.Header = http.Header{"X-Crawl-Test": {"yes"}}
	return cfg
}

// TestSOCKS5Proxy crawls a.test through a minimal loopback SOCKS5 server
// that connects every CONNECT to the loopback site: the proxy sees the
// host name (resolved by the proxy, not here) and the pages are fetched.
func TestSOCKS5Proxy(t *testing.T) {
	h := &twoHosts{}
	site := httptest.NewServer(h)
	defer site.Close()
	socks := newSOCKS5(t, site.Listener.Addr().String())
	cfg := fastConfig()
	cfg.Timeout = time.Minute
	cfg.Proxy = "socks5://" + socks.addr
	st, fr := env(t, t.TempDir())
	sum := run(t, cfg, st, fr, []string{"http://a.test/"})
	if sum.Fetched != 3 {
		t.Fatalf("fetched %d pages through SOCKS5, want 3 (errors %v)", sum.Fetched, sum.Errors)
	}
	targets := socks.seen()
	if !slices.Contains(targets, "a.test:80") || !slices.Contains(targets, "b.test:80") {
		t.Errorf("SOCKS5 CONNECT targets = %v; want a.test:80 and b.test:80", targets)
	}
}

func TestProxyValidated(t *testing.T) {
	for _, p := range []string{"ftp://x:1", "socks4://x:1", "http://", "::"} {
		cfg := fastConfig()
		cfg.Proxy = p
		if err := cfg.Validate(); err == nil {
			t.Errorf("Validate(Proxy %q) = nil, want an error", p)
		}
	}
}

// socks5 is a minimal RFC 1928 server: no authentication, CONNECT only,
// every target connected to backend.
type socks5 struct {
	addr    string
	backend string
	mu      sync.Mutex
	targets []string
}

func newSOCKS5(t *testing.T, backend string) *socks5 {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s := &socks5{addr: ln.Addr().String(), backend: backend}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *socks5) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.targets...)
}

func (s *socks5) serve(c net.Conn) {
	defer c.Close()
	buf := make([]byte, 262)
	if _, err := io.ReadFull(c, buf[:2]); err != nil || buf[0] != 5 {
		return
	}
	if _, err := io.ReadFull(c, buf[:buf[1]]); err != nil {
		return
	}
	c.Write([]byte{5, 0}) // no authentication
	if _, err := io.ReadFull(c, buf[:4]); err != nil || buf[1] != 1 {
		return
	}
	var host string
	switch buf[3] {
	case 1:
		io.ReadFull(c, buf[:4])
		host = net.IP(buf[:4]).String()
	case 3:
		io.ReadFull(c, buf[:1])
		n := int(buf[0])
		io.ReadFull(c, buf[:n])
		host = string(buf[:n])
	default:
		return
	}
	io.ReadFull(c, buf[:2])
	target := net.JoinHostPort(host, fmt.Sprint(binary.BigEndian.Uint16(buf[:2])))
	s.mu.Lock()
	s.targets = append(s.targets, target)
	s.mu.Unlock()
	up, err := net.Dial("tcp", s.backend)
	if err != nil {
		c.Write([]byte{5, 5, 0, 1, 0, 0, 0, 0, 0, 0})
		return
	}
	defer up.Close()
	c.Write([]byte{5, 0, 0, 1, 0, 0, 0, 0, 0, 0})
	go io.Copy(up, c)
	io.Copy(c, up)
}
