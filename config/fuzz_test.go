package config_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/config"
)

// FuzzParse: any bytes either parse into a valid configuration or give an
// error naming the file; never a panic.
func FuzzParse(f *testing.F) {
	f.Add("seeds: [https://a.example/]\npoliteness:\n  delay: 1s\n")
	f.Add("demo: true\nseeds: ['{demo:0}']\ntopic: {enabled: true, strategy: bfs}\n")
	f.Add("seeds: [\n")
	f.Add("\x00\xff: [")
	f.Fuzz(func(t *testing.T, src string) {
		c, err := config.Parse(strings.NewReader(src), "f.yaml")
		if err != nil {
			if !strings.Contains(err.Error(), "f.yaml") {
				t.Errorf("Parse error %q does not name the file", err)
			}
			return
		}
		if c.Batch.Size < 1 || c.DB == "" {
			t.Errorf("Parse(%q) accepted a config without defaults: %+v", src, c)
		}
	})
}
