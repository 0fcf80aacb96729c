package hub

import (
	"math/rand/v2"
	"testing"

	"github.com/crawl-project/crawl"
)

// hostMemoURLs are URLs whose scheme and authority differ from one another
// only a little: a prefix of another's authority, a port, user info, case,
// a trailing dot, a query or fragment right after the host, no "://".
var hostMemoURLs = []string{
	"http://a.test/x.html", "http://a.test", "http://a.test/", "http://a.test?q", "http://a.test#f",
	"http://a.test:80/x", "http://a.test:8080/x", "http://a.test.:81/", "http://a.tes/x", "http://a.testx/",
	"https://a.test/x", "https://a.test:443/", "HTTP://A.Test/x", "http://u@a.test/x", "http://u:p@b.test/x",
	"http://[::1]:8080/x", "http://[::1]/", "http://b.test/a://c", "mailto:x@a.test", "a.test/x", "://a.test/",
	"", "http://", "http:///x", "ftp://a.test/x", "http://a.test:/x",
}

// TestHostOfIsHostKey holds linkLabeler.hostOf to host(crawl.HostKey(u),
// false) over random sequences of URLs, with hosts created between the
// look-ups (a host that had none must be found once it has one).
func TestHostOfIsHostKey(t *testing.T) {
	ll := newLinkLabeler(nil, LinkLearning{}, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	for step := range 20_000 {
		u := hostMemoURLs[rng.IntN(len(hostMemoURLs))]
		if rng.IntN(50) == 0 {
			ll.host(crawl.HostKey(u), true)
		}
		h := ll.hostOf(u)
		if want := ll.host(crawl.HostKey(u), false); h != want {
			t.Fatalf("step %d: hostOf(%q) host %p, want %p", step, u, h, want)
		}
	}
}

// BenchmarkHostOf is the host look-up of the links of one page, all of
// one host (the memo's case), next to crawl.HostKey and host alone.
func BenchmarkHostOf(b *testing.B) {
	urls := make([]string, 0, 200)
	for _, e := range loadTestLinks(b)[:200] {
		urls = append(urls, "http://docs.test/"+e.URL[len(e.URL)/2:])
	}
	ll := newLinkLabeler(nil, LinkLearning{}, 0)
	ll.host("docs.test", true)
	b.Run("memo", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if h := ll.hostOf(urls[i%len(urls)]); h == nil {
				b.Fatal("no host")
			}
			i++
		}
	})
	b.Run("HostKey", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if h := ll.host(crawl.HostKey(urls[i%len(urls)]), false); h == nil {
				b.Fatal("no host")
			}
			i++
		}
	})
}
