package config

import (
	"fmt"
	"strings"
)

// DefaultMemoryLimit is memory_limit when the configuration leaves it out.
const DefaultMemoryLimit = "768MiB"

// MemoryLimitBytes is memory_limit in bytes: 0 for "off", else the soft
// limit the crawl command gives the Go runtime (runtime/debug.SetMemoryLimit).
func (c *Config) MemoryLimitBytes() (int64, error) {
	v := strings.TrimSpace(c.MemoryLimit)
	if v == "" {
		v = DefaultMemoryLimit
	}
	if strings.EqualFold(v, "off") {
		return 0, nil
	}
	n, err := ParseByteSize(v)
	if err != nil {
		return 0, err
	}
	if n < 64<<20 {
		return 0, fmt.Errorf("config: memory_limit %q is below 64MiB, too small for a crawl", c.MemoryLimit)
	}
	return int64(n), nil
}
