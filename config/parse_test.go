package config_test

import (
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
		c.Topic.LinkContext != 0.75 || !c.Topic.URLWords {
		t.Errorf("Parse = %+v", c)
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
		{"bad seed", "seeds: [ftp://a.example/]\n", []string{"t.yaml:1", "seeds[0]", "http"}},
		{"no seeds", "max_pages: 3\n", []string{"seeds", "required"}},
		{"bad regex", "seeds: [https://a.example/]\nscope:\n  deny_regex: ['(']\n", []string{"t.yaml:3", "deny_regex"}},
		{"not yaml", "seeds: [\n", []string{"t.yaml"}},
		{"link context out of range", "seeds: [https://a.example/]\ntopic:\n  link_context: 1.5\n", []string{"t.yaml:3", "topic.link_context"}},
		{"focus margin out of range", "seeds: [https://a.example/]\ntopic:\n  focus_margin: -0.5\n", []string{"t.yaml:3", "topic.focus_margin", "between 0 and 1"}},
		{"out of range", "seeds: [https://a.example/]\ntopics:\n  r: 1.5\n", []string{"t.yaml:3", "topics.r"}},
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
