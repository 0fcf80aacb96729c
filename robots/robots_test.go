package robots_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/robots"
)

// From robots_test.cc ID_VerifyValidUserAgentsToObey and
// GoogleOnly_AcceptUserAgentUpToFirstSpace (IsValidUserAgentToObey).
func TestValidToken(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Foobot", true}, {"Foobot-Bar", true}, {"Foo_Bar", true},
		{"", false}, {"ツ", false}, {"Foobot*", false}, {" Foobot ", false},
		{"Foobot/2.1", false}, {"Foobot Bar", false},
	}
	for _, tt := range tests {
		if got := robots.ValidToken(tt.in); got != tt.want {
			t.Errorf("ValidToken(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestProductToken(t *testing.T) {
	tests := []struct{ ua, want string }{
		{"crawl/1.0 (+https://github.com/crawl-project/crawl)", "crawl"},
		{"Mozilla/5.0 (compatible; crawl/1.0; +https://x.org)", "crawl"},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{"Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0", "Mozilla"},
		{"  my-bot_2", "my-bot_"},
		{"/1.0", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := robots.ProductToken(tt.ua); got != tt.want {
			t.Errorf("ProductToken(%q) = %q, want %q", tt.ua, got, tt.want)
		}
	}
}

// From robots_test.cc ID_LinesNumbersAreCountedCorrectly and
// ID_UTF8ByteOrderMarkIsSkipped, checked through decisions: every line
// ending is one, a BOM (or a prefix of one) is skipped, a broken BOM makes
// the first line garbage, a BOM elsewhere makes its line garbage.
func TestLineEndingsAndBOM(t *testing.T) {
	ends := map[string]string{
		"unix": "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n",
		"dos":  "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n",
		"mac":  "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r",
		"none": "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /",
		"mix":  "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /",
	}
	for name, txt := range ends {
		r := robots.Parse([]byte(txt))
		if r.Directives() != 4 || r.Allowed("bar", "/x") || !r.Allowed("foo", "/x") {
			t.Errorf("%s: directives %d, bar /x %v, foo /x %v; want 4, false, true", name, r.Directives(), r.Allowed("bar", "/x"), r.Allowed("foo", "/x"))
		}
	}
	boms := []struct {
		name, prefix string
		uaSeen       bool
	}{
		{"full", "\xEF\xBB\xBF", true}, {"two", "\xEF\xBB", true}, {"one", "\xEF", true}, {"broken", "\xEF\x11\xBF", false},
	}
	for _, b := range boms {
		r := robots.Parse([]byte(b.prefix + "User-Agent: foo\nDisallow: /x\n"))
		if got := !r.Allowed("foo", "/x"); got != b.uaSeen {
			t.Errorf("BOM %s: rule obeyed = %v, want %v", b.name, got, b.uaSeen)
		}
	}
	r := robots.Parse([]byte("User-Agent: foo\n\xEF\xBB\xBFDisallow: /x\n"))
	if !r.Allowed("foo", "/x") {
		t.Error("BOM in the middle: its line was read, want it skipped as garbage")
	}
}

// From robots_test.cc ID_NonStandardLineExample_Sitemap, plus resolution.
func TestSitemaps(t *testing.T) {
	tail := "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n"
	for _, txt := range []string{tail + "Sitemap: http://foo.bar/sitemap.xml\n", "Sitemap: http://foo.bar/sitemap.xml\n" + tail} {
		if got := robots.Parse([]byte(txt)).Sitemaps(); !slices.Equal(got, []string{"http://foo.bar/sitemap.xml"}) {
			t.Errorf("Sitemaps() = %q", got)
		}
	}
	txt := "sitemap: /a.xml\nSite-map: https://o.org/b.xml.gz\nSitemap: ftp://x/c\nSitemap: /a.xml\nSitemap: ::bad\n"
	got := robots.FromResponse("https://h.org/robots.txt", 200, []byte(txt)).Sitemaps()
	if want := []string{"https://h.org/a.xml", "https://o.org/b.xml.gz"}; !slices.Equal(got, want) {
		t.Errorf("Sitemaps() = %q, want %q", got, want)
	}
}

// Lines the parser cannot read are skipped; the rest is obeyed.
func TestUnparseableLinesSkipped(t *testing.T) {
	tests := []struct {
		name, txt string
		delay     time.Duration
		hasDelay  bool
	}{
		{"crawl-delay 5s", "User-agent: *\nCrawl-delay: 5s\nDisallow: /private\n", 0, false},
		{"empty crawl-delay", "User-agent: *\nCrawl-delay:\nDisallow: /private\n", 0, false},
		{"rule before user-agent", "Disallow: /\nUser-agent: *\nDisallow: /private\n", 0, false},
		{"garbage lines", "<html>\n\x00\xff\xfe\nUser-agent: *\n{{{\nDisallow: /private\n", 0, false},
		{"comment glued", "User-agent: *#c\nDisallow: /private#x\nCrawl-delay: 2.5#s\n", 2500 * time.Millisecond, true},
		{"two delays", "User-agent: *\nCrawl-delay: 1\nCrawl-delay: 3\nDisallow: /private\n", 3 * time.Second, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := robots.Parse([]byte(tt.txt))
			if r.Allowed("crawl", "http://h/private/x") || !r.Allowed("crawl", "http://h/public") {
				t.Errorf("private allowed %v, public allowed %v; want false, true", r.Allowed("crawl", "http://h/private/x"), r.Allowed("crawl", "http://h/public"))
			}
			if d, ok := r.CrawlDelay("crawl"); d != tt.delay || ok != tt.hasDelay {
				t.Errorf("CrawlDelay = %v, %v; want %v, %v", d, ok, tt.delay, tt.hasDelay)
			}
		})
	}
}

func TestGroupsByProductToken(t *testing.T) {
	txt := "User-agent: cr\nDisallow: /cr\n\nUser-agent: crawl/2.0\nDisallow: /a\nUser-agent: CRAWL\nDisallow: /b\nUser-agent: *\nDisallow: /star\n"
	r := robots.Parse([]byte(txt))
	for _, c := range []struct {
		agent, path string
		want        bool
	}{
		{"crawl", "/a", false}, {"crawl", "/b", false}, {"crawl", "/cr", true}, {"crawl", "/star", true},
		{"Crawl", "/a", false}, {"other", "/star", false}, {"other", "/a", true}, {"cr", "/cr", false},
	} {
		if got := r.Allowed(c.agent, c.path); got != c.want {
			t.Errorf("Allowed(%q, %q) = %v, want %v", c.agent, c.path, got, c.want)
		}
	}
}

func TestStatusRules(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /x\n")
	tests := []struct {
		status        int
		x, y, unavail bool
	}{
		{200, false, true, false}, {204, false, true, false},
		{301, true, true, false}, {401, true, true, false}, {403, true, true, false}, {404, true, true, false},
		{429, false, false, true}, {500, false, false, true}, {503, false, false, true},
	}
	for _, tt := range tests {
		r := robots.FromResponse("http://h/robots.txt", tt.status, body)
		if r.Allowed("crawl", "/x") != tt.x || r.Allowed("crawl", "/y") != tt.y || r.Unavailable() != tt.unavail {
			t.Errorf("status %d: /x %v /y %v unavailable %v; want %v %v %v", tt.status, r.Allowed("crawl", "/x"), r.Allowed("crawl", "/y"), r.Unavailable(), tt.x, tt.y, tt.unavail)
		}
	}
	if robots.Unreachable().Allowed("crawl", "/") {
		t.Error("Unreachable allows /")
	}
}

// The first MaxSize bytes are read; a line cut by the limit is not.
func TestSizeLimit(t *testing.T) {
	head := "User-agent: *\nDisallow: /early\n"
	cut := "Disallow: /"
	line := "# padding line of comment text\n"
	body := head + strings.Repeat(line, (robots.MaxSize-len(cut)-len(head)-200)/len(line))
	body += strings.Repeat("#", robots.MaxSize-len(cut)-len(body)-1) + "\n"
	body += cut // ends exactly at MaxSize: the line is "Disallow: /cut-here", cut
	if len(body) != robots.MaxSize {
		t.Fatalf("built %d bytes, want %d", len(body), robots.MaxSize)
	}
	body += "cut-here\nDisallow: /late\n"
	r := robots.Parse([]byte(body))
	if !r.Truncated() {
		t.Fatalf("Truncated() = false for %d bytes", len(body))
	}
	if r.Allowed("crawl", "/early") || !r.Allowed("crawl", "/other") || !r.Allowed("crawl", "/late") {
		t.Errorf("/early %v /other %v /late %v; want false true true (the cut line and the tail ignored)",
			r.Allowed("crawl", "/early"), r.Allowed("crawl", "/other"), r.Allowed("crawl", "/late"))
	}
	if small := robots.Parse([]byte(head)); small.Truncated() {
		t.Error("Truncated() = true for a small file")
	}
}

// TestDisallows: whether an agent's rules can refuse anything, as Allowed
// would answer it: the group naming the agent counts, else the "*" one; an
// empty Disallow refuses nothing; an unavailable robots.txt refuses all.
func TestDisallows(t *testing.T) {
	for _, tc := range []struct {
		txt, agent string
		want       bool
	}{
		{"", "crawl", false},
		{"User-agent: *\nDisallow:\n", "crawl", false},
		{"User-agent: *\nAllow: /\n", "crawl", false},
		{"User-agent: *\nDisallow: /x\n", "crawl", true},
		{"User-agent: other\nDisallow: /\n", "crawl", false},
		{"User-agent: *\nDisallow: /\n\nUser-agent: crawl\nAllow: /\n", "crawl", false},
		{"User-agent: *\nDisallow: /\n\nUser-agent: crawl\nAllow: /\n", "FooBot", true},
	} {
		if got := robots.Parse([]byte(tc.txt)).Disallows(tc.agent); got != tc.want {
			t.Errorf("Disallows(%s) of %q = %v, want %v", tc.agent, tc.txt, got, tc.want)
		}
	}
	if !robots.Unreachable().Disallows("crawl") {
		t.Error("an unavailable robots.txt disallows nothing")
	}
}
