package main

import (
	"runtime/debug"

	"github.com/crawl-project/crawl/config"
)

// setMemoryLimit gives the Go runtime the configuration's soft memory limit
// unless GOMEMLIMIT (getenv) is set, and returns a func that puts back the
// limit there was before.
func setMemoryLimit(cfg *config.Config, getenv func(string) string) (restore func(), err error) {
	if getenv("GOMEMLIMIT") != "" {
		return func() {}, nil
	}
	n, err := cfg.MemoryLimitBytes()
	if err != nil || n == 0 {
		return func() {}, err
	}
	prev := debug.SetMemoryLimit(n)
	return func() { debug.SetMemoryLimit(prev) }, nil
}
