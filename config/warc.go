package config

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// WARC configures the web archive of a crawl: every HTTP exchange (robots.txt,
// redirects and failures with a response included) is written as WARC 1.1
// records to files in Dir. Off unless Dir is set.
type WARC struct {
	Dir     string   `yaml:"dir"`      // directory of the WARC files; "" (default): no archive
	MaxSize ByteSize `yaml:"max_size"` // a file is closed past this size, e.g. 1GB (default) or 500MB
	Prefix  string   `yaml:"prefix"`   // file name prefix; default "crawl"
}

// ByteSize is a size in bytes, written in YAML as a number or with a unit:
// 512KB, 100MB, 1GB (powers of 1000) or KiB, MiB, GiB (powers of 1024).
type ByteSize int64

var sizeUnits = []struct {
	suffix string
	mult   int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
}

// ParseByteSize parses "1GB", "500 MiB" or "1048576".
func ParseByteSize(s string) (ByteSize, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range sizeUnits {
		if len(t) > len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || f*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("config: size %q is not a byte size such as 1GB, 500MB or 1048576", s)
	}
	return ByteSize(f * float64(mult)), nil
}

// UnmarshalYAML reads a number or a size with a unit.
func (b *ByteSize) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseByteSize(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	*b = v
	return nil
}
