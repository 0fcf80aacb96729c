package config

import (
	"fmt"
	"net/url"
	"regexp"
	"time"
)

// Distributed makes the crawl one process of many sharing its frontier,
// seen-set, leases, politeness and counters through Redis (package
// frontier/redisfrontier); each process keeps its pages in its own store
// (db / -db). Off unless Redis is set.
type Distributed struct {
	// Redis is the server's URL: redis://[user:password@]host:port/db, or
	// rediss:// for TLS.
	Redis string `yaml:"redis"`
	// Name names the crawl: its keys are crawl:{name}:…; every process of
	// the crawl uses the same. Letters, digits, '.', '_' and '-'.
	Name string `yaml:"name"`
	// Lease is how long the links a dead process held wait before they are
	// re-issued to the others; default 60s. It must exceed the longest
	// request (fetch.timeout), as it also frees a dead process's politeness slots.
	Lease time.Duration `yaml:"lease"`
}

// Enabled reports whether the crawl is distributed.
func (d Distributed) Enabled() bool { return d.Redis != "" }

var crawlNameRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)

func (d Distributed) validate() []*Error {
	if d == (Distributed{}) {
		return nil
	}
	var errs []*Error
	bad := func(key, format string, args ...any) {
		errs = append(errs, &Error{Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	if u, err := url.Parse(d.Redis); err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
		bad("distributed.redis", "%q is not a redis:// or rediss:// URL", d.Redis)
	}
	if !crawlNameRE.MatchString(d.Name) {
		bad("distributed.name", "%q: want 1-100 letters, digits, '.', '_' or '-' (the same in every process)", d.Name)
	}
	if d.Lease < 0 || (d.Lease > 0 && d.Lease < time.Second) {
		bad("distributed.lease", "must be at least 1s, got %v", d.Lease)
	}
	return errs
}
