package crawler

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/robots"
)

// knownRobots is a robots cache holding origin's robots.txt, fetched and
// not expired.
func knownRobots(origin, host, body string) *robotsCache {
	rc := newRobotsCache(http.DefaultClient, 16, time.Hour, time.Minute, time.Now)
	e := &robotsEntry{origin: origin, host: host, ready: make(chan struct{}),
		policy: &robotsPolicy{rules: robots.Parse([]byte(body)), expires: time.Now().Add(time.Hour)}}
	close(e.ready)
	rc.entries[origin] = rc.lru.PushFront(e)
	return rc
}

// TestRobotsRefuses: a link is refused by its origin's robots.txt only
// when that robots.txt is known (cached, not expired) and disallows it;
// another scheme's robots.txt says nothing of it, nor does an expired
// one, an unavailable one (the host is held, not refused) or a crawl that
// ignores robots.txt.
func TestRobotsRefuses(t *testing.T) {
	on, off := true, false
	c := &Crawler{cfg: Config{RespectRobots: &on, RobotsAgent: "crawl"},
		robots: knownRobots("http://a.test", "a.test", "User-agent: *\nDisallow: /private/\n")}
	for u, want := range map[string]bool{
		"http://a.test/private/edit":  true,
		"HTTP://a.test/private/edit":  true, // the scheme as the cache keys it
		"http://a.test/public/page":   false,
		"https://a.test/private/edit": false, // another origin, robots.txt not known
		"http://b.test/private/edit":  false,
		"not a url":                   false,
	} {
		if got := c.robotsRefuses(u, &robotsMemo{}); got != want {
			t.Errorf("robotsRefuses(%q) = %v, want %v", u, got, want)
		}
	}
	c.cfg.RespectRobots = &off
	if c.robotsRefuses("http://a.test/private/edit", &robotsMemo{}) {
		t.Error("a crawl ignoring robots.txt refuses by it")
	}
	c.cfg.RespectRobots = &on
	el := c.robots.entries["http://a.test"]
	el.Value.(*robotsEntry).policy.expires = time.Now().Add(-time.Second)
	if c.robotsRefuses("http://a.test/private/edit", &robotsMemo{}) {
		t.Error("an expired robots.txt refuses")
	}
	el.Value.(*robotsEntry).policy = &robotsPolicy{rules: robots.Unreachable(), expires: time.Now().Add(time.Hour)}
	if c.robotsRefuses("http://a.test/private/edit", &robotsMemo{}) {
		t.Error("an unavailable robots.txt refuses (its host is held, not refused)")
	}
	// One memo across links: each origin's answer is its own.
	c.robots = knownRobots("http://a.test", "a.test", "User-agent: *\nDisallow: /private/\n")
	var m robotsMemo
	for _, tc := range []struct {
		u    string
		want bool
	}{
		{"http://a.test/private/1", true}, {"http://a.test/open", false}, {"http://b.test/private/2", false},
		{"http://a.test/private/3", true}, {"http://a.test?x=1", false}, {"http://a.test#private", false},
	} {
		if got := c.robotsRefuses(tc.u, &m); got != tc.want {
			t.Errorf("with the memo, robotsRefuses(%q) = %v, want %v", tc.u, got, tc.want)
		}
	}
}

// BenchmarkMarkRefused is markRefused on a page's 100 links, all new to
// the frontier, a tenth of them to files its host serves as not HTML and a
// tenth to paths its robots.txt disallows: with that robots.txt (each link
// asked of it), with one that disallows nothing (asked of no link), and
// on a site that refuses nothing at all (the usual case: no link read).
func BenchmarkMarkRefused(b *testing.B) {
	for _, tc := range []struct {
		name, robots string
		files        bool // the host's .txt files were refused as not HTML
		marked       int
	}{
		{"disallowing", "User-agent: *\nDisallow: /search\nDisallow: /edit/\n", true, 20},
		{"allowing all", "User-agent: *\nDisallow:\n", true, 10},
		{"refusing nothing", "User-agent: *\nDisallow:\n", false, 0},
	} {
		b.Run(tc.name, func(b *testing.B) {
			on := true
			c := &Crawler{cfg: Config{RespectRobots: &on, RobotsAgent: "crawl"}, urlHooks: true, files: newFileKinds(),
				robots: knownRobots("http://docs.test", "docs.test", tc.robots)}
			for i := range minRefusals {
				c.files.observe(fmt.Sprintf("http://docs.test/_sources/p%d.rst.txt", i), !tc.files)
			}
			links := make([]crawl.Link, 100)
			for i := range links {
				switch i % 10 {
				case 0:
					links[i].URL = fmt.Sprintf("http://docs.test/_sources/page%d.rst.txt", i)
				case 1:
					links[i].URL = fmt.Sprintf("http://docs.test/edit/page%d", i)
				default:
					links[i].URL = fmt.Sprintf("http://docs.test/library/page%d.html", i)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				c.markRefused(links)
			}
			marked := 0
			for _, l := range links {
				if l.Refused {
					marked++
				}
			}
			if marked != tc.marked {
				b.Fatalf("%d links marked, want %d", marked, tc.marked)
			}
		})
	}
}
