package pipeline

import (
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
)

// Plan describes what a crawl with cfg will do, one line per aspect: seeds,
// scope, page budget, politeness, requests, store, outputs, then each
// built-in method (on or off, and what it does). crawl -check prints it.
func Plan(cfg *config.Config) []string {
	e := engineConfig(cfg)
	def := crawler.DefaultConfig()
	lines := []string{
		"seeds:       " + planSeeds(cfg),
		"scope:       " + planScope(cfg),
		"max_pages:   " + orText(cfg.MaxPages > 0, fmt.Sprint(cfg.MaxPages), "no limit"),
		"politeness:  " + planPoliteness(cfg, e, def),
		"requests:    " + planRequests(cfg, e, def),
		"store:       " + planStore(cfg),
		"distributed: " + orText(cfg.Distributed.Enabled(), planDistributed(cfg.Distributed), "off (one process)"),
		"outputs:     " + orText(len(cfg.Exports) > 0, strings.Join(cfg.Exports, ", ")+" as CSV in "+cfg.Out+"/ at the end", "none"),
	}
	h := cfg.Hub
	model := orText(h.Model != "", h.Model, "the shipped model")
	lines = append(lines,
		"hub:         "+orText(h.Enabled, fmt.Sprintf("labels every out-link hub or topic (%s); policy %s: %s", model, h.Policy, hubPolicy(h)), "off"),
		"topic:       "+orText(cfg.Topic.Enabled, planTopic(cfg.Topic), "off"),
		"clustering:  "+orText(cfg.Clustering.Enabled, fmt.Sprintf("groups pages by template every %d pages (FPC, d %s, alpha %s, LSH beta %g); cluster ids in pages.csv, clusters.csv", cfg.Batch.Size, orText(cfg.Clustering.D > 0, fmt.Sprint(cfg.Clustering.D), "default"), orText(cfg.Clustering.Alpha > 0, fmt.Sprint(cfg.Clustering.Alpha), "default"), cfg.Clustering.Beta), "off"),
		"extraction:  "+orText(cfg.Extraction.Enabled, fmt.Sprintf("extracts data records from %s pages with at least %d of them, aligned per cluster; records.csv", orText(cfg.RelevantOnly(), "the relevant", "all"), cfg.Extraction.MinRecords), "off"),
		"topics:      "+orText(cfg.Topics.Enabled, fmt.Sprintf("groups pages into fuzzy topics (cut level r %g) at the end; topics.csv", cfg.Topics.R), "off"),
	)
	return lines
}

func orText(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

func planSeeds(cfg *config.Config) string {
	s := fmt.Sprintf("%d", len(cfg.Seeds))
	if cfg.Demo {
		s += " on the built-in demo site"
	}
	shown := cfg.Seeds[:min(3, len(cfg.Seeds))]
	if len(shown) > 0 {
		s += ": " + strings.Join(shown, " ")
	}
	if len(cfg.Seeds) > len(shown) {
		s += fmt.Sprintf(" … (%d more)", len(cfg.Seeds)-len(shown))
	}
	return s
}

func planScope(cfg *config.Config) string {
	sc := cfg.Scope
	var parts []string
	switch {
	case slices.Equal(sc.Domains, []string{"*"}):
		parts = append(parts, "any domain")
	case len(sc.Domains) > 0:
		parts = append(parts, "domains "+strings.Join(sc.Domains, ", ")+" and their subdomains")
	default:
		parts = append(parts, "the seeds' hosts and their subdomains")
	}
	if len(sc.DenyDomains) > 0 {
		parts = append(parts, "not "+strings.Join(sc.DenyDomains, ", "))
	}
	if n := len(sc.AllowRegex); n > 0 {
		parts = append(parts, fmt.Sprintf("URLs matching one of %d allow_regex", n))
	}
	if n := len(sc.DenyRegex); n > 0 {
		parts = append(parts, fmt.Sprintf("none of %d deny_regex", n))
	}
	parts = append(parts, orText(sc.MaxDepth > 0, fmt.Sprintf("depth ≤ %d", sc.MaxDepth), "any depth"))
	return strings.Join(parts, "; ")
}

func planPoliteness(cfg *config.Config, e, def crawler.Config) string {
	delay := e.PerHostDelay
	if delay == 0 {
		delay = def.PerHostDelay
	}
	d := fmt.Sprintf("%v between requests to a host", delay)
	if delay < 0 {
		d = "no delay between requests to a host"
	}
	workers := e.Workers
	if workers == 0 {
		workers = def.Workers
	}
	per := e.PerHostParallel
	if per == 0 {
		per = def.PerHostParallel
	}
	robots := "robots.txt honoured (Crawl-delay capped at " + durOr(e.MaxCrawlDelay, def.MaxCrawlDelay).String() + ")"
	if cfg.Politeness.Robots != nil && !*cfg.Politeness.Robots {
		robots = "robots.txt IGNORED"
	}
	return fmt.Sprintf("%s, %d at a time per host, %d workers; %s", d, per, workers, robots)
}

func durOr(v, def time.Duration) time.Duration {
	if v == 0 {
		return def
	}
	return v
}

func planRequests(cfg *config.Config, e, def crawler.Config) string {
	ua := orText(e.UserAgent != "", e.UserAgent, def.UserAgent)
	retries := cfg.Fetch.Retries
	if retries == 0 {
		retries = def.Retries
	}
	parts := []string{fmt.Sprintf("user agent %q, timeout %v, %s", ua, durOr(e.Timeout, def.Timeout),
		orText(retries > 0, fmt.Sprintf("%d retries", retries), "no retries"))}
	if cfg.Fetch.Proxy != "" {
		parts = append(parts, "proxy "+redact(cfg.Fetch.Proxy))
	} else {
		parts = append(parts, "no proxy configured (HTTP_PROXY/HTTPS_PROXY apply)")
	}
	if n := len(cfg.Fetch.Headers); n > 0 {
		names := make([]string, 0, n)
		for k := range cfg.Fetch.Headers {
			names = append(names, k)
		}
		slices.Sort(names)
		parts = append(parts, "headers "+strings.Join(names, ", "))
	}
	if cfg.Fetch.CookiesFile != "" {
		parts = append(parts, "cookies from "+cfg.Fetch.CookiesFile+" (each to its own domain)")
	}
	parts = append(parts, fmt.Sprintf("Ctrl-C grace %v", durOr(e.StopGrace, def.StopGrace)))
	return strings.Join(parts, "; ")
}

// redact hides a proxy password.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Redacted()
}

func planStore(cfg *config.Config) string {
	if _, err := os.Stat(cfg.DB); err == nil {
		return cfg.DB + " (exists: the crawl resumes from it; -fresh starts over)"
	}
	return cfg.DB + " (new)"
}

func hubPolicy(h config.Hub) string {
	switch h.Policy {
	case "boost":
		return fmt.Sprintf("hub links' priority raised by %g", h.Boost)
	case "hubs-beyond-depth":
		return fmt.Sprintf("beyond depth %d only hub links are followed", h.Depth)
	case "skip-hubs":
		return "links predicted hub are not followed"
	}
	return "label and score only, the crawl order is unchanged"
}

func planTopic(t config.Topic) string {
	s := fmt.Sprintf("scores pages against the topic of %s (%s); relevant at cosine ≥ %g; harvest.csv",
		orText(len(t.Seeds) > 0, fmt.Sprintf("%d topic seeds", len(t.Seeds)), "the seed pages"), t.Strategy, t.Relevance)
	if t.Strategy == "bfs" {
		s = fmt.Sprintf("breadth-first order; pages scored for relevance (cosine ≥ %g); harvest.csv", t.Relevance)
	}
	return s
}
