package config_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
)

func TestParseDefaults(t *testing.T) {
	c, err := config.Parse(strings.NewReader("seeds: [https://example.com/]\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.DB != "crawl.db" || c.Batch.Size != 200 || c.Topic.Strategy != "learned" || c.Topic.Relevance != 0 || c.Hub.Policy != "tag" {
		t.Errorf("defaults not filled: %+v", c)
	}
}

func TestParseValues(t *testing.T) {
	src := `
seeds:
  - https://example.com/
politeness:
  delay: 1500ms
  workers: 4
fetch:
  proxy: https://user:pw@proxy.example:3128
  headers: {Accept-Language: "de, en;q=0.5"}
  cookies_file: cookies.txt
  stop_grace: 2s
topic:
  enabled: true
  strategy: bfs
  link_context: 0.75
  url_words: true
`
	c, err := config.Parse(strings.NewReader(src), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Politeness.Delay != 1500*time.Millisecond || c.Politeness.Workers != 4 || c.Topic.Strategy != "bfs" || !c.Topic.Enabled ||
		c.Topic.LinkContext != 0.75 || !c.Topic.URLWords || c.Fetch.Proxy != "https://user:pw@proxy.example:3128" ||
		c.Fetch.Headers["Accept-Language"] != "de, en;q=0.5" || c.Fetch.CookiesFile != "cookies.txt" || c.Fetch.StopGrace != 2*time.Second {
		t.Errorf("Parse = %+v", c)
	}
}

// TestExtractionPages: a focused crawl extracts its relevant pages unless
// extraction.pages says all; a crawl without topic focus extracts every page.
func TestExtractionPages(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"extraction: {enabled: true}\n", false},
		{"topic: {enabled: true}\nextraction: {enabled: true}\n", true},
		{"topic: {enabled: true}\nextraction: {enabled: true, pages: relevant}\n", true},
		{"topic: {enabled: true}\nextraction: {enabled: true, pages: all}\n", false},
	} {
		c, err := config.Parse(strings.NewReader("seeds: [https://example.com/]\n"+tt.src), "t.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if got := c.RelevantOnly(); got != tt.want {
			t.Errorf("%q: RelevantOnly = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // substrings of the error
	}{
		{"unknown key", "seeds: [https://a.example/]\npoliteness:\n  dleay: 1s\n", []string{"t.yaml:3", "dleay", "unknown key"}},
		{"bad duration", "seeds: [https://a.example/]\nfetch:\n  timeout: soon\n", []string{"t.yaml:3", "soon", "duration"}},
		{"negative", "seeds: [https://a.example/]\npoliteness:\n  workers: -2\n", []string{"t.yaml:3", "politeness.workers", "negative"}},
		{"bad strategy", "seeds: [https://a.example/]\ntopic:\n  strategy: dfs\n", []string{"t.yaml:3", "topic.strategy", "dfs"}},
		{"bad threshold rule", "seeds: [https://a.example/]\ntopic:\n  threshold_rule: median\n", []string{"t.yaml:3", "topic.threshold_rule", "median"}},
		{"bad link labels", "seeds: [https://a.example/]\ntopic:\n  link_labels: fuzzy\n", []string{"t.yaml:3", "topic.link_labels", "fuzzy"}},
		{"bad seed", "seeds: [ftp://a.example/]\n", []string{"t.yaml:1", "seeds[0]", "http"}},
		{"no seeds", "max_pages: 3\n", []string{"seeds", "required"}},
		{"bench placeholder", "seeds: [\"{site}/index.html\"]\n", []string{"t.yaml:1", "seeds[0]", "crawl bench", "-site DIR"}},
		{"demo placeholder", "seeds: [\"{demo:0}\"]\n", []string{"t.yaml:1", "seeds[0]", "needs demo: true"}},
		{"bad regex", "seeds: [https://a.example/]\nscope:\n  deny_regex: ['(']\n", []string{"t.yaml:3", "deny_regex"}},
		{"not yaml", "seeds: [\n", []string{"t.yaml"}},
		{"link context out of range", "seeds: [https://a.example/]\ntopic:\n  link_context: 1.5\n", []string{"t.yaml:3", "topic.link_context"}},
		{"focus margin out of range", "seeds: [https://a.example/]\ntopic:\n  focus_margin: -0.5\n", []string{"t.yaml:3", "topic.focus_margin", "between 0 and 1"}},
		{"out of range", "seeds: [https://a.example/]\ntopics:\n  r: 1.5\n", []string{"t.yaml:3", "topics.r"}},
		{"robots agent not a token", "seeds: [https://a.example/]\npoliteness:\n  robots_agent: my bot/1.0\n", []string{"t.yaml:3", "politeness.robots_agent", "product token"}},
		{"user agent without token", "seeds: [https://a.example/]\nfetch:\n  user_agent: \"/1.0 (x)\"\n", []string{"politeness.robots_agent", "required"}},
		{"negative stop grace", "seeds: [https://a.example/]\nfetch:\n  stop_grace: -1s\n", []string{"t.yaml:3", "fetch.stop_grace", "negative"}},
		{"negative focus wait", "seeds: [https://a.example/]\ntopic:\n  focus_wait: -1s\n", []string{"t.yaml:3", "topic.focus_wait", "negative"}},
		{"proxy scheme", "seeds: [https://a.example/]\nfetch:\n  proxy: socks4://p:1080\n", []string{"t.yaml:3", "fetch.proxy", "socks4"}},
		{"header value", "seeds: [https://a.example/]\nfetch:\n  headers: {X-A: \"a\\nb\"}\n", []string{"t.yaml:3", "fetch.headers", "X-A"}},
		{"header host", "seeds: [https://a.example/]\nfetch:\n  headers: {host: x}\n", []string{"fetch.headers", "host"}},
		{"extraction pages", "seeds: [https://a.example/]\nextraction:\n  pages: some\n", []string{"t.yaml:3", "extraction.pages", "some", "relevant or all"}},
		{"relevant pages without topic", "seeds: [https://a.example/]\nextraction:\n  pages: relevant\n", []string{"t.yaml:3", "extraction.pages", "needs topic.enabled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Parse(strings.NewReader(tt.src), "t.yaml")
			if err == nil {
				t.Fatalf("Parse(%q) = nil error, want one mentioning %q", tt.src, tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Parse(%q) error %q does not mention %q", tt.src, err, w)
				}
			}
		})
	}
}

func TestTrapKeys(t *testing.T) {
	good := `seeds: [http://a.test/]
scope:
  strip_params: [ref, "trk_*"]
  keep_params: [sid]
  max_pages_per_host: 500
  max_query_variants: -1
dedup:
  enabled: false
  distance: 4
`
	c, err := config.Parse(strings.NewReader(good), "good.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if *c.Dedup.Enabled || c.Dedup.Distance != 4 || c.Dedup.PatternLimit != 5 || c.Scope.MaxPagesPerHost != 500 ||
		c.Scope.MaxQueryVariants != -1 || c.Scope.MaxURLsPerPattern != 10000 || c.Scope.MaxLinksPerPage != 10000 {
		t.Errorf("parsed %+v %+v", c.Scope, c.Dedup)
	}
	d := config.Default()
	if !*d.Dedup.Enabled || d.Dedup.Distance != 6 || d.Scope.MaxQueryVariants != 1000 {
		t.Errorf("defaults %+v %+v", d.Scope, d.Dedup)
	}
	for name, bad := range map[string]string{
		"scope.max_pages_per_host": "scope: {max_pages_per_host: -1}",
		"scope.max_query_variants": "scope: {max_query_variants: -2}",
		"dedup.distance":           "dedup: {distance: 13}",
		"scope.strip_params":       "scope: {strip_params: ['[']}",
		"scope.keep_params":        "scope: {keep_params: ['']}",
	} {
		_, err := config.Parse(strings.NewReader("seeds: [http://a.test/]\n"+bad+"\n"), "bad.yaml")
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v, want one naming %s", bad, err, name)
		}
	}
}

func TestSeedsFile(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.txt")
	os.WriteFile(seeds, []byte("# my seeds\n\nhttp://a.test/\n  https://b.test/x  \n"), 0o644)
	cfgPath := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfgPath, []byte("seeds_file: "+seeds+"\nseeds: [http://c.test/]\n"), 0o644)
	c, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"http://c.test/", "http://a.test/", "https://b.test/x"}; !slices.Equal(c.Seeds, want) {
		t.Errorf("seeds %q, want %q", c.Seeds, want)
	}
	_, err = config.ReadSeeds(strings.NewReader("http://a.test/\n# c\nnot a url\n"), "s.txt")
	if err == nil || !strings.Contains(err.Error(), "s.txt:3") {
		t.Errorf("bad line: error %v, want one naming s.txt:3", err)
	}
	os.WriteFile(cfgPath, []byte("seeds_file: "+filepath.Join(dir, "missing")+"\n"), 0o644)
	if _, err := config.Load(cfgPath); err == nil {
		t.Error("missing seeds file accepted")
	}
}

func TestDistributed(t *testing.T) {
	cases := []struct {
		yaml string
		err  string // "" = valid
	}{
		{"seeds: [http://a.test/]\ndistributed: {redis: \"redis://127.0.0.1:6379/0\", name: sports, lease: 60s}\n", ""},
		{"seeds: [http://a.test/]\ndistributed: {redis: \"rediss://u:p@r.example:6380/2\", name: a.b_c-1}\n", ""},
		{"seeds: [http://a.test/]\ndistributed: {redis: \"http://x\", name: sports}\n", "distributed.redis"},
		{"seeds: [http://a.test/]\ndistributed: {redis: \"redis://h:1/0\", name: \"a b\"}\n", "distributed.name"},
		{"seeds: [http://a.test/]\ndistributed: {redis: \"redis://h:1/0\"}\n", "distributed.name"},
		{"seeds: [http://a.test/]\ndistributed: {redis: \"redis://h:1/0\", name: x, lease: 10ms}\n", "distributed.lease"},
		{"seeds: [http://a.test/]\ndistributed: {redis: \"redis://h:1/0\", name: x, leese: 1s}\n", "leese"},
		{"demo: true\ndistributed: {redis: \"redis://h:1/0\", name: x}\n", "distributed"},
	}
	for _, c := range cases {
		t.Run(c.yaml, func(t *testing.T) {
			cfg, err := config.Parse(strings.NewReader(c.yaml), "x.yaml")
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case c.err == "" && !cfg.Distributed.Enabled():
				t.Fatal("not enabled")
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("error %v, want one naming %s", err, c.err)
			}
		})
	}
}
