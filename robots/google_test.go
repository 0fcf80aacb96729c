package robots_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/robots"
)

// The conformance suite: every allow/disallow assertion of Google's
// robots_test.cc (github.com/google/robotstxt, Apache-2.0, read 2026-11-25),
// translated as data and run through Robots.Allowed, the function the
// crawler's decision calls. Each block keeps the name of the Google TEST
// it comes from. "GoogleOnly_" blocks are Google's behaviour where RFC 9309
// is silent; we adopt all of them except where a check carries dev, which
// says why our answer differs from Google's (Google's is the opposite).

type check struct {
	agent, url string
	want       bool
	dev        string // non-empty: a deliberate deviation from Google's expectation
}

type block struct {
	test, txt string
	checks    []check
}

const (
	fooDisallowAll = "user-agent: FooBot\ndisallow: /\n"
	docsFish       = "user-agent: FooBot\ndisallow: /\nallow: /fish\n"
	docsFishStar   = "user-agent: FooBot\ndisallow: /\nallow: /fish*\n"
	docsFishSlash  = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n"
	docsPHP        = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n"
	docsPHPEnd     = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n"
	docsFishPHP    = "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n"
	groupsTxt      = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"

	devEncodeURL  = "RFC 9309 §2.2.2: the URL's non-ASCII octets are percent-encoded before comparison, by us, not left to the caller"
	devUnreserved = "unreserved escapes (%62 = b) are decoded on both sides, as frontier.Normalize does to every URL; Google: not to be relied on"
	devIndexHTML  = "Google's index.html-is-the-directory extension is not adopted: RFC longest match, Disallow: / applies"
)

func yes(agent, u string) check { return check{agent: agent, url: u, want: true} }
func no(agent, u string) check  { return check{agent: agent, url: u, want: false} }

func foo(u string, want bool) check { return check{agent: "FooBot", url: u, want: want} }

func fooURLs(want bool, paths ...string) []check {
	var cs []check
	for _, p := range paths {
		cs = append(cs, foo("http://foo.bar"+p, want))
	}
	return cs
}

func cat(parts ...[]check) []check {
	var out []check
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func googleBlocks() []block {
	b := []block{
		{"GoogleOnly_SystemTest", "", []check{yes("FooBot", "")}},
		{"GoogleOnly_SystemTest", fooDisallowAll, []check{yes("", ""), no("FooBot", "")}},
		{"GoogleOnly_SystemTest", "", []check{yes("", "")}},
		{"ID_LineSyntax_Line", fooDisallowAll, []check{no("FooBot", "http://foo.bar/x/y")}},
		{"ID_LineSyntax_Line", "foo: FooBot\nbar: /\n", []check{yes("FooBot", "http://foo.bar/x/y")}},
		{"ID_LineSyntax_Line (GoogleOnly: missing colon)", "user-agent FooBot\ndisallow /\n", []check{no("FooBot", "http://foo.bar/x/y")}},
		{"ID_LineSyntax_Groups", groupsTxt, []check{
			yes("FooBot", "http://foo.bar/x/b"), yes("FooBot", "http://foo.bar/z/d"), no("FooBot", "http://foo.bar/y/c"),
			yes("BarBot", "http://foo.bar/y/c"), yes("BarBot", "http://foo.bar/w/a"), no("BarBot", "http://foo.bar/z/d"),
			yes("BazBot", "http://foo.bar/z/d"),
			no("FooBot", "http://foo.bar/foo/bar/"), no("BarBot", "http://foo.bar/foo/bar/"), no("BazBot", "http://foo.bar/foo/bar/"),
		}},
		{"ID_LineSyntax_Groups_OtherRules", "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n",
			[]check{no("FooBot", "http://foo.bar/"), no("BarBot", "http://foo.bar/")}},
		{"ID_LineSyntax_Groups_OtherRules", "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n",
			[]check{no("FooBot", "http://foo.bar/"), no("BarBot", "http://foo.bar/")}},
	}
	for _, txt := range []string{"USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n", "user-agent: FooBot\nallow: /x/\ndisallow: /\n", "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n"} {
		b = append(b, block{"ID_REPLineNamesCaseInsensitive", txt, []check{yes("FooBot", "http://foo.bar/x/y"), no("FooBot", "http://foo.bar/a/b")}})
	}
	for _, txt := range []string{"User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n", "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n", "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n"} {
		b = append(b, block{"ID_UserAgentValueCaseInsensitive", txt, []check{
			yes("Foo", "http://foo.bar/x/y"), no("Foo", "http://foo.bar/a/b"), yes("foo", "http://foo.bar/x/y"), no("foo", "http://foo.bar/a/b"),
		}})
	}
	b = append(b,
		block{"GoogleOnly_AcceptUserAgentUpToFirstSpace", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n",
			[]check{yes("Foo", "http://foo.bar/x/y"), no("Foo Bar", "http://foo.bar/x/y")}},
		block{"ID_GlobalGroups_Secondary", "", []check{yes("FooBot", "http://foo.bar/x/y")}},
		block{"ID_GlobalGroups_Secondary", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n",
			[]check{no("FooBot", "http://foo.bar/x/y"), yes("BarBot", "http://foo.bar/x/y")}},
		block{"ID_GlobalGroups_Secondary", "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n",
			[]check{yes("QuxBot", "http://foo.bar/x/y")}},
		block{"ID_AllowDisallow_Value_CaseSensitive", "user-agent: FooBot\ndisallow: /x/\n", []check{no("FooBot", "http://foo.bar/x/y")}},
		block{"ID_AllowDisallow_Value_CaseSensitive", "user-agent: FooBot\ndisallow: /X/\n", []check{yes("FooBot", "http://foo.bar/x/y")}},
	)
	return append(b, append(longestMatchBlocks(), append(specialBlocks(), docsBlocks()...)...)...)
}

func longestMatchBlocks() []block {
	const page = "http://foo.bar/x/page.html"
	const t = "ID_LongestMatch"
	return []block{
		{t, "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", []check{foo(page, false)}},
		{t, "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", []check{foo(page, true), foo("http://foo.bar/x/", false)}},
		{t, "user-agent: FooBot\ndisallow: \nallow: \n", []check{foo(page, true)}},
		{t, "user-agent: FooBot\ndisallow: /\nallow: /\n", []check{foo(page, true)}},
		{t, "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", []check{foo("http://foo.bar/x", false), foo("http://foo.bar/x/", true)}},
		{t, "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", []check{foo(page, true)}},
		{t, "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", []check{foo("http://foo.bar/page.html", false), foo("http://foo.bar/page", true)}},
		{t, "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", []check{foo(page, true), foo("http://foo.bar/x/y.html", false)}},
		{t, "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", []check{foo("http://foo.bar/x/page", true), foo("http://foo.bar/y/page", false)}},
	}
}

func specialBlocks() []block {
	const enc = "ID_Encoding"
	const sp = "ID_SpecialCharacters"
	const ix = "GoogleOnly_IndexHTMLisDirectory"
	idx := "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n"
	return []block{
		{enc, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n",
			[]check{foo("http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true)}},
		{enc, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", []check{
			foo("http://foo.bar/foo/bar/%E3%83%84", true),
			{agent: "FooBot", url: "http://foo.bar/foo/bar/ツ", want: true, dev: devEncodeURL},
		}},
		{enc, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", []check{
			foo("http://foo.bar/foo/bar/%E3%83%84", true),
			{agent: "FooBot", url: "http://foo.bar/foo/bar/ツ", want: true, dev: devEncodeURL},
		}},
		{enc, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", []check{
			{agent: "FooBot", url: "http://foo.bar/foo/bar/baz", want: true, dev: devUnreserved},
			foo("http://foo.bar/foo/bar/%62%61%7A", true),
		}},
		{sp, "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n",
			cat([]check{foo("http://foo.bar/foo/bar/quz", false)}, fooURLs(true, "/foo/quz", "/foo//quz", "/foo/bax/quz"))},
		{sp, "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n",
			cat([]check{foo("http://foo.bar/foo/bar", false)}, fooURLs(true, "/foo/bar/qux", "/foo/bar/", "/foo/bar/baz"))},
		{sp, "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n",
			[]check{foo("http://foo.bar/foo/bar", true), foo("http://foo.bar/foo/quz", false)}},
		{ix, idx, []check{
			{agent: "foobot", url: "http://foo.com/allowed-slash/", want: false, dev: devIndexHTML},
			no("foobot", "http://foo.com/allowed-slash/index.htm"), yes("foobot", "http://foo.com/allowed-slash/index.html"),
			no("foobot", "http://foo.com/anyother-url"),
		}},
	}
}

func docsBlocks() []block {
	const d = "GoogleOnly_DocumentationChecks"
	return []block{
		{d, docsFish, cat(fooURLs(false, "/bar"), fooURLs(true, "/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.html?id=anything"),
			fooURLs(false, "/Fish.asp", "/catfish", "/?id=fish"))},
		{d, docsFishStar, cat(fooURLs(false, "/bar"), fooURLs(true, "/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.html?id=anything"),
			fooURLs(false, "/Fish.bar", "/catfish", "/?id=fish"))},
		{d, docsFishSlash, cat(fooURLs(false, "/bar"), fooURLs(true, "/fish/", "/fish/salmon", "/fish/?salmon", "/fish/salmon.html", "/fish/?id=anything"),
			fooURLs(false, "/fish", "/fish.html", "/Fish/Salmon.html"))},
		{d, docsPHP, cat(fooURLs(false, "/bar"), fooURLs(true, "/filename.php", "/folder/filename.php", "/folder/filename.php?parameters", "//folder/any.php.file.html", "/filename.php/", "/index?f=filename.php/"),
			fooURLs(false, "/php/", "/index?php", "/windows.PHP"))},
		{d, docsPHPEnd, cat(fooURLs(false, "/bar"), fooURLs(true, "/filename.php", "/folder/filename.php"),
			fooURLs(false, "/filename.php?parameters", "/filename.php/", "/filename.php5", "/php/", "/filename?php", "/aaaphpaaa", "//windows.PHP"))},
		{d, docsFishPHP, cat(fooURLs(false, "/bar"), fooURLs(true, "/fish.php", "/fishheads/catfish.php?parameters"), fooURLs(false, "/Fish.PHP"))},
		{d, "user-agent: FooBot\nallow: /p\ndisallow: /\n", []check{foo("http://example.com/page", true)}},
		{d, "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", []check{foo("http://example.com/folder/page", true)}},
		{d, "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", []check{foo("http://example.com/page.htm", false)}},
		{d, "user-agent: FooBot\nallow: /$\ndisallow: /\n", []check{foo("http://example.com/", true), foo("http://example.com/page.html", false)}},
	}
}

// lineTooLongBlocks builds GoogleOnly_LineTooLong: a line is cut after
// 8×2083−1 bytes and the cut pattern is still a rule.
func lineTooLongBlocks() []block {
	const maxLine = 2083 * 8
	long := func(fill string, prefix int) string {
		s := "/x/"
		n := maxLine - len(s) - prefix + 1
		return s + strings.Repeat(fill, n-len(s))
	}
	d := long("a", len("disallow: "))
	a, bb := long("a", len("allow: ")), long("b", len("allow: "))
	return []block{
		{"GoogleOnly_LineTooLong", "user-agent: FooBot\ndisallow: " + d + "/qux\n",
			[]check{foo("http://foo.bar/fux", true), foo("http://foo.bar"+d+"/fux", false)}},
		{"GoogleOnly_LineTooLong", "user-agent: FooBot\ndisallow: /\nallow: " + a + "/qux\nallow: " + bb + "/qux\n",
			[]check{foo("http://foo.bar/", false), foo("http://foo.bar"+a+"/qux", true), foo("http://foo.bar"+bb+"/fux", true)}},
	}
}

func TestGoogleConformance(t *testing.T) {
	blocks := append(googleBlocks(), lineTooLongBlocks()...)
	total, deviations := 0, 0
	for i, b := range blocks {
		r := robots.Parse([]byte(b.txt))
		for j, c := range b.checks {
			total++
			if c.dev != "" {
				deviations++
			}
			if got := r.Allowed(c.agent, c.url); got != c.want {
				t.Errorf("%s [block %d check %d]: Allowed(%q, %.80q) = %v, want %v\nrobots.txt: %.200q", b.test, i, j, c.agent, c.url, got, c.want, b.txt)
			}
		}
	}
	if total != googleAssertions {
		t.Errorf("ported %d assertions, robots_test.cc has %d", total, googleAssertions)
	}
	t.Logf("Google robots_test.cc: %d allow/disallow assertions, %d with Google's expectation, %d deliberate deviations", total, total-deviations, deviations)
}

// googleAssertions is the number of IsUserAgentAllowed assertions in
// robots_test.cc.
const googleAssertions = 145
