package robots_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/crawl-project/crawl/robots"
)

// probes are the paths every fuzzed file is asked about.
var probes = []string{"/", "/a", "/a/b.html", "/private/x?y=1", "/%7Euser/", "/caf%C3%A9/", "/x/index.html", "/search?q=*$"}

func decisions(r *robots.Robots, agent string) []bool {
	out := make([]bool, len(probes))
	for i, p := range probes {
		out[i] = r.Allowed(agent, p)
	}
	return out
}

// FuzzParse checks our parser's invariants on any bytes: no panic (nor in
// temoto's parser, the reference), sitemaps absolute http(s), adding a
// line the parser cannot read, at the end or the start, never changes a
// decision, and an agent the file does not Disallow anything is allowed
// every probe.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "User-agent: *\nDisallow: /private\n", "User-agent: crawl\nCrawl-delay: 5s\nDisallow: /a\n",
		"Disallow: /\nUser-agent: *\nAllow: /$\nDisallow: /\n", "user-agent FooBot\ndisallow /\n",
		"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /caf\xc3\xa9/\rSitemap: /s.xml\n", "User-agent: *\nDisallow: /*.html$\nAllow: /a*\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if len(body) > robots.MaxSize-64 {
			return
		}
		_, _ = robotstxt.FromBytes(body) // the reference must not panic either
		r := robots.FromResponse("http://h.example/robots.txt", 200, body)
		for _, s := range r.Sitemaps() {
			if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
				t.Fatalf("Sitemaps() holds %q", s)
			}
		}
		for _, agent := range []string{"crawl", "FooBot"} {
			want := decisions(r, agent)
			if !r.Disallows(agent) && slices.Contains(want, false) {
				t.Fatalf("agent %s: Disallows false, yet a probe is refused (%v)\nfile %q", agent, want, body)
			}
			garbage := []byte("\n{{not-a-directive}}\n")
			variants := [][]byte{append(bytes.Clone(body), garbage...)}
			if len(body) == 0 || body[0] != 0xEF {
				variants = append(variants, append(garbage[1:], body...))
			}
			for _, v := range variants {
				if got := decisions(robots.Parse(v), agent); !equal(got, want) {
					t.Fatalf("agent %s: an unparseable line changed decisions %v → %v\nfile %q", agent, want, got, v)
				}
			}
		}
	})
}

// FuzzAllowed compares our decision with temoto's where temoto is right:
// an empty file allows every path, "Disallow: /" for our agent disallows
// every path (whatever garbage follows), and a group of two plain prefix
// rules of different lengths is decided by the longer one in both.
func FuzzAllowed(f *testing.F) {
	f.Add("crawl", "/a/b", "a", "a/b")
	f.Add("FooBot", "/fish.html", "fi", "fish")
	f.Add("x", "/", "", "zz")
	f.Fuzz(func(t *testing.T, agent, path, allow, disallow string) {
		agent = robots.ProductToken(agent)
		if agent == "" {
			return
		}
		path = "/" + plain(path)
		allow, disallow = plain(allow), plain(disallow)
		// Ours gets the absolute URL, as the crawler calls it; temoto the
		// path ("//x" alone would read as a host, not a path).
		ours := func(txt string) bool { return robots.Parse([]byte(txt)).Allowed(agent, "http://h.example"+path) }
		theirs := func(txt string) bool {
			d, err := robotstxt.FromBytes([]byte(txt))
			if err != nil {
				t.Fatalf("temoto: %v on %q", err, txt)
			}
			return d.TestAgent(path, agent)
		}
		if !ours("") || !theirs("") {
			t.Fatalf("empty file: ours %v temoto %v, want both to allow %q", ours(""), theirs(""), path)
		}
		all := "User-agent: " + agent + "\nDisallow: /\n\n" + "garbage " + allow + " " + disallow + "\n"
		if ours(all) || theirs(all) {
			t.Fatalf("Disallow: / for %s: ours %v temoto %v, want both to disallow %q", agent, ours(all), theirs(all), path)
		}
		if len(allow) == len(disallow) {
			return
		}
		two := "User-agent: " + agent + "\nAllow: /" + allow + "\nDisallow: /" + disallow + "\n"
		if ours(two) != theirs(two) {
			t.Fatalf("ours %v temoto %v for %q on\n%s", ours(two), theirs(two), path, two)
		}
	})
}

// plain keeps the characters both parsers read literally.
func plain(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '/' || r == '.' || r == '_' || r == '-' {
			return r
		}
		return -1
	}, s)
}

func equal(a, b []bool) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}
