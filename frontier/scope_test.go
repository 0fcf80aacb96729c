package frontier_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

func TestScopeAllow(t *testing.T) {
	rules, err := frontier.Scope{
		AllowedDomains: []string{"Example.COM", ".sub.other.test", "bücher.de"},
		DenyDomains:    []string{"ads.example.com"},
		AllowRegex:     []string{`/news/`, `/sport/`},
		DenyRegex:      []string{`\?print=1$`},
		MaxDepth:       3,
	}.Compile()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		url   string
		depth int
		rule  string // "" when allowed, else a word of the refusing rule
	}{
		{"http://example.com/news/1", 0, ""},
		{"http://www.example.com:8080/sport/2", 3, ""},
		{"http://a.sub.other.test/news/", 0, ""},
		{"http://xn--bcher-kva.de/news/", 0, ""},
		{"http://other.test/news/", 0, "allowed domains"},
		{"http://badexample.com/news/", 0, "allowed domains"},
		{"http://ads.example.com/news/", 0, "deny domain"},
		{"http://example.com/weather/", 0, "allow regex"},
		{"http://example.com/news/1?print=1", 0, "deny regex"},
		{"http://example.com/news/deep", 4, "max depth"},
		{"ftp://example.com/news/", 0, "not an absolute"},
	}
	for _, c := range cases {
		err := rules.Allow(crawl.Link{URL: c.url, Depth: c.depth})
		switch {
		case c.rule == "" && err != nil:
			t.Errorf("Allow(%s, depth %d) = %v, want nil", c.url, c.depth, err)
		case c.rule != "" && (!errors.Is(err, crawl.ErrOutOfScope) || !strings.Contains(err.Error(), c.rule)):
			t.Errorf("Allow(%s, depth %d) = %v; want ErrOutOfScope naming %q", c.url, c.depth, err, c.rule)
		}
		if got := rules.Allows(crawl.Link{URL: c.url, Depth: c.depth}); got != (err == nil) {
			t.Errorf("Allows(%s, depth %d) = %v, Allow = %v", c.url, c.depth, got, err)
		}
	}
}

func TestScopeWildcardAndZero(t *testing.T) {
	for _, s := range []frontier.Scope{{}, {AllowedDomains: []string{"*"}}} {
		rules, err := s.Compile()
		if err != nil {
			t.Fatal(err)
		}
		if err := rules.Allow(crawl.Link{URL: "http://anything.test/", Depth: 1000}); err != nil {
			t.Errorf("scope %+v refused a link: %v", s, err)
		}
	}
}

func TestScopeCompileErrors(t *testing.T) {
	cases := []struct {
		s    frontier.Scope
		want string
	}{
		{frontier.Scope{AllowRegex: []string{"("}}, `allow regex "("`},
		{frontier.Scope{DenyRegex: []string{"[a"}}, `deny regex "[a"`},
		{frontier.Scope{AllowedDomains: []string{""}}, `allowed domain ""`},
		{frontier.Scope{DenyDomains: []string{"a b"}}, `deny domain "a b"`},
		{frontier.Scope{AllowedDomains: []string{"a.test/path"}}, `allowed domain "a.test/path"`},
		{frontier.Scope{MaxDepth: -1}, "max depth -1"},
	}
	for _, c := range cases {
		_, err := c.s.Compile()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Compile(%+v) = %v; want an error naming %s", c.s, err, c.want)
		}
		if _, err := frontier.NewMemory(frontier.Config{Scope: c.s}); err == nil {
			t.Errorf("NewMemory with scope %+v succeeded", c.s)
		}
	}
}
