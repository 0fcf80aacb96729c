package pipeline_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/pipeline"
)

// TestTopicLinkContextWiring crawls the demo site's sports host to depth 1
// with the topic hooks, once with the paper's page-level priority and once
// with topic.link_context and topic.url_words, once with
// topic.focus_margin, and with the default (learned) strategy and an
// explicit relevance threshold, and checks that the options reach the topic model
// and the frontier (the report line).
func TestTopicLinkContextWiring(t *testing.T) {
	for _, tt := range []struct{ extra, want string }{
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n", "learned, priority learned link model"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  strategy: adaptive\n", "priority page cosine (paper)"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  strategy: adaptive\n  link_context: 0.75\n  url_words: true\n", "priority link context 0.75 with URL words"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  strategy: adaptive\n  focus_margin: 0.1\n", "priority page cosine (paper), focus margin 0.1"},
		{"topic:\n  enabled: true\n  seeds: ['{sport:3}']\n  relevance: 0.2\n", "relevance threshold 0.200 (topic.relevance)"},
	} {
		dir := t.TempDir()
		cfg := demoConfig(t, dir, tt.extra)
		sum, report := runOnce(t, cfg, pipeline.Options{})
		all := strings.Join(report, "\n")
		if !strings.Contains(all, tt.want) {
			t.Errorf("report %q does not say %q", all, tt.want)
		}
		if sum.Fetched < 5 {
			t.Errorf("%d pages fetched, want ≥ 5", sum.Fetched)
		}
	}
}
