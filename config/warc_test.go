package config_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/config"
)

func TestParseByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want config.ByteSize
		ok   bool
	}{
		{"1GB", 1e9, true}, {"1 GiB", 1 << 30, true}, {"500MB", 500e6, true}, {"64KiB", 64 << 10, true},
		{"1048576", 1 << 20, true}, {"1.5MB", 1.5e6, true}, {"12B", 12, true},
		{"", 0, false}, {"GB", 0, false}, {"-1MB", 0, false}, {"1XB", 0, false}, {"9999999TB", 0, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := config.ParseByteSize(tc.in)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("ParseByteSize(%q) = %d, %v; want %d, ok %v", tc.in, got, err, tc.want, tc.ok)
			}
		})
	}
}

func TestWARCSection(t *testing.T) {
	c, err := config.Parse(strings.NewReader("seeds: [\"http://a.example/\"]\nwarc: {dir: out/warc, max_size: 1GB}\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.WARC.Dir != "out/warc" || c.WARC.MaxSize != 1e9 {
		t.Errorf("warc = %+v", c.WARC)
	}
	if d := config.Default(); d.WARC.Dir != "" {
		t.Errorf("WARC is on by default: %+v", d.WARC)
	}
	_, err = config.Parse(strings.NewReader("seeds: [\"http://a.example/\"]\nwarc: {dir: w, max_size: lots}\n"), "t.yaml")
	if err == nil || !strings.Contains(err.Error(), "lots") || !strings.Contains(err.Error(), "t.yaml:2") {
		t.Errorf("bad max_size: error %v, want one naming the value and line 2", err)
	}
}
