package pipeline_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/internal/trapsite"
	"github.com/crawl-project/crawl/pipeline"
)

// TestTrapSite crawls the trap site with the default configuration and a
// 600-page budget: trap requests must be at most 10% of all requests and
// at least 290 of the 300 real articles must be fetched. The same crawl
// with every defence off is the baseline: there the traps take most of it.
//
//	go test ./pipeline -run TrapSite -v
func TestTrapSite(t *testing.T) {
	c, _ := crawlTrapSite(t, func(*config.Config) {})
	off := false
	base, _ := crawlTrapSite(t, func(cfg *config.Config) {
		cfg.Dedup.Enabled = &off
		cfg.Scope.KeepParams = []string{"*"}
		cfg.Scope.MaxQueryVariants, cfg.Scope.MaxURLsPerPattern = -1, -1
	})
	t.Logf("baseline without defences: requests %d, traps %d (%.1f%%), real articles %d", base.Requests, base.Traps, 100*base.TrapShare(), base.Real)
	if base.TrapShare() < 0.3 {
		t.Errorf("baseline trap share %.3f: the site's traps do not trap", base.TrapShare())
	}
	if c.TrapShare() > 0.10 {
		t.Errorf("trap share %.3f, want ≤ 0.10", c.TrapShare())
	}
	if c.Real < 290 {
		t.Errorf("%d real articles fetched, want ≥ 290", c.Real)
	}
}

func crawlTrapSite(t *testing.T, change func(*config.Config)) (trapsite.Counts, crawler.Summary) {
	site, err := trapsite.New(trapsite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	defer srv.Close()
	cfg := config.Default()
	cfg.Seeds = []string{srv.URL + "/"}
	cfg.DB = filepath.Join(t.TempDir(), "trap.db")
	cfg.MaxPages = 600
	cfg.Politeness.NoDelay = true
	cfg.Exports = nil
	change(&cfg)
	p, err := pipeline.Open(context.Background(), &cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sum, err := p.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := site.Counts()
	t.Logf("requests %d, traps %d (%.1f%%), real articles %d of 300; by kind %v", c.Requests, c.Traps, 100*c.TrapShare(), c.Real, c.ByKind)
	t.Logf("summary: reason %s, fetched %d, duplicates %d, refused %v, errors %v", sum.Reason, sum.Fetched, sum.Duplicates, sum.Refused, sum.Errors)
	if *cfg.Dedup.Enabled && (sum.Duplicates == 0 || sum.Refused[crawler.RuleDuplicatePattern] == 0) {
		t.Errorf("duplicates %d, refused %v: the defences did not report their work", sum.Duplicates, sum.Refused)
	}
	return c, sum
}
