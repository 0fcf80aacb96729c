package frontier_test

import (
	"testing"

	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/frontiertest"
)

func TestMemoryConformance(t *testing.T) {
	frontiertest.Run(t, func(t *testing.T, cfg frontier.Config) frontier.Frontier {
		f, err := frontier.NewMemory(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return f
	})
}
