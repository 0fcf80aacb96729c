package cookiefile_test

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/cookiefile"
)

const sample = "# Netscape HTTP Cookie File\n" +
	"# https://curl.se/docs/http-cookies.html\n" +
	"\n" +
	"a.test\tFALSE\t/\tFALSE\t0\tsid\tabc123\n" +
	".b.test\tTRUE\t/shop\tTRUE\t4102444800\tcart\t42\n" +
	"#HttpOnly_c.test\tFALSE\t/\tFALSE\t0\ttoken\tx-y\r\n" +
	"d.test\tFALSE\t/\tFALSE\t0\tempty\n"

func TestParse(t *testing.T) {
	got, err := cookiefile.Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := []cookiefile.Cookie{
		{Domain: "a.test", Path: "/", Name: "sid", Value: "abc123"},
		{Domain: "b.test", IncludeSubdomains: true, Path: "/shop", Secure: true, Expires: time.Unix(4102444800, 0).UTC(), Name: "cart", Value: "42"},
		{Domain: "c.test", Path: "/", HTTPOnly: true, Name: "token", Value: "x-y"},
		{Domain: "d.test", Path: "/", Name: "empty"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Parse = %+v\nwant    %+v", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"fields", "a.test\tFALSE\t/\n", "line 1: 3 tab-separated fields"},
		{"flag", "a.test\tyes\t/\tFALSE\t0\tn\tv\n", "include-subdomains field \"yes\""},
		{"path", "# c\na.test\tFALSE\tx\tFALSE\t0\tn\tv\n", "line 2: path \"x\""},
		{"expiry", "a.test\tFALSE\t/\tFALSE\tsoon\tn\tv\n", "expiry \"soon\""},
		{"name", "a.test\tFALSE\t/\tFALSE\t0\tb;ad\tv\n", "cookie name \"b;ad\""},
		{"value", "a.test\tFALSE\t/\tFALSE\t0\tn\tv\x01\n", "value"},
		{"domain", "\tFALSE\t/\tFALSE\t0\tn\tv\n", "domain \"\""},
		{"long", "a.test\tFALSE\t/\tFALSE\t0\tn\t" + strings.Repeat("v", 70000) + "\n", "longer than"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := cookiefile.Parse(strings.NewReader(c.in))
			if err == nil || !errors.Is(err, cookiefile.ErrSyntax) || !strings.Contains(err.Error(), c.want) || got != nil {
				t.Errorf("Parse(%.40q) = %v, %v; want ErrSyntax containing %q and no cookies", c.in, got, err, c.want)
			}
		})
	}
}

// TestJarScopesCookies: each cookie goes to its domain only (subdomains
// only with TRUE), under its path, secure ones only over https; expired
// ones not at all.
func TestJarScopesCookies(t *testing.T) {
	cs, err := cookiefile.Parse(strings.NewReader(sample + "old.test\tFALSE\t/\tFALSE\t1000\tgone\tv\n"))
	if err != nil {
		t.Fatal(err)
	}
	jar, err := cookiefile.Jar(cs, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ url, want string }{
		{"http://a.test/x", "sid=abc123"},
		{"http://www.a.test/x", ""},  // host-only
		{"http://b.test/shop/1", ""}, // secure
		{"https://b.test/shop/1", "cart=42"},
		{"https://www.b.test/shop", "cart=42"}, // subdomains
		{"https://b.test/other", ""},           // path
		{"http://c.test/", "token=x-y"},
		{"http://old.test/", ""}, // expired
		{"http://e.test/", ""},
	} {
		u, _ := url.Parse(c.url)
		var got []string
		for _, k := range jar.Cookies(u) {
			got = append(got, k.Name+"="+k.Value)
		}
		if strings.Join(got, "; ") != c.want {
			t.Errorf("cookies for %s = %q, want %q", c.url, got, c.want)
		}
	}
}

func TestJarRefusesPublicSuffix(t *testing.T) {
	_, err := cookiefile.Jar([]cookiefile.Cookie{{Domain: "co.uk", IncludeSubdomains: true, Path: "/", Name: "n", Value: "v"}}, time.Now())
	if err == nil || !strings.Contains(err.Error(), "co.uk") {
		t.Errorf("Jar(cookie for co.uk) = %v; want an error naming co.uk", err)
	}
}
