package config_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/config"
)

func TestMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		yaml    string
		want    int64
		wantErr string
	}{
		{"", 768 << 20, ""},
		{"memory_limit: 2GB\n", 2e9, ""},
		{"memory_limit: 512MiB\n", 512 << 20, ""},
		{"memory_limit: off\n", 0, ""},
		{"memory_limit: OFF\n", 0, ""},
		{"memory_limit: 10MB\n", 0, "memory_limit"},
		{"memory_limit: lots\n", 0, "memory_limit"},
	} {
		t.Run(tc.yaml, func(t *testing.T) {
			c, err := config.Parse(strings.NewReader("seeds: [\"http://a.test/\"]\n"+tc.yaml), "t.yaml")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Parse = %v, want an error naming %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, err := c.MemoryLimitBytes(); err != nil || got != tc.want {
				t.Errorf("MemoryLimitBytes = %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}
