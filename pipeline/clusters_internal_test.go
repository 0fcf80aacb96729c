package pipeline

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/config"
)

// TestFPCConfigFromYAML: the clustering section reaches fpc whole, the
// paper's MKmeans (keep_singletons) included.
func TestFPCConfigFromYAML(t *testing.T) {
	cfg, err := config.Parse(strings.NewReader("seeds: [\"http://example.com/\"]\nclustering: {enabled: true, d: 0.7, alpha: 0.4, beta: 0.1, keep_singletons: true}\n"), "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c := fpcConfig(cfg)
	if c.D != 0.7 || c.Alpha != 0.4 || c.Beta != 0.1 || !c.KeepSingletons {
		t.Errorf("fpcConfig = %+v, want D 0.7, Alpha 0.4, Beta 0.1, KeepSingletons", c)
	}
}
