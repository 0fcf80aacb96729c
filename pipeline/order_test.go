package pipeline_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/pipeline"
)

// TestSummaryReportsUnclusteredPages crawls the demo site with structural
// clustering and fuzzy topics on: the summary reports fuzzy topics apart
// from the pages no topic took. (Fetch-order stability of the template
// clusters is checked on real pages by fpc's TestReclusterOrderIndependent;
// two demo crawls with 1 and 4 workers still measure ARI 0.93–0.98, so a
// crawl-level assertion of it would not be deterministic yet.)
func TestSummaryReportsUnclusteredPages(t *testing.T) {
	cfg := demoConfig(t, t.TempDir(), "batch:\n  size: 50\nclustering:\n  enabled: true\ntopics:\n  enabled: true\n")
	cfg.Scope.MaxDepth = 2
	_, report := runOnce(t, cfg, pipeline.Options{})
	for _, l := range report {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "fuzzy topics") && strings.Contains(l, "topics,") && strings.HasSuffix(l, "unclustered pages") {
			return
		}
	}
	t.Errorf("summary lines %q: none says N topics, M unclustered pages", report)
}
