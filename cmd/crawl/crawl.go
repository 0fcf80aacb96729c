package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/pipeline"
)

// runCrawl is `crawl -config FILE`: the main job.
func runCrawl(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("crawl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "YAML configuration `file` (required)")
	check := fs.Bool("check", false, "validate the configuration and exit")
	fresh := fs.Bool("fresh", false, "delete the store and start over")
	recrawl := fs.Bool("recrawl", false, "re-visit stored hub pages with conditional GET and fetch only new URLs")
	maxPages := fs.Int("max-pages", -1, "override max_pages for this run")
	db := fs.String("db", "", "override the store `file` for this run")
	out := fs.String("out", "", "override the export `dir` for this run")
	quiet := fs.Bool("quiet", false, "no progress output")
	fs.Usage = func() { usage(stderr) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cfgPath == "" {
		usage(stderr)
		return fmt.Errorf("%w: -config is required", errUsage)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return err
	}
	if *maxPages >= 0 {
		cfg.MaxPages = *maxPages
	}
	if *db != "" {
		cfg.DB = *db
	}
	if *out != "" {
		cfg.Out = *out
	}
	if *check {
		if err := pipeline.Check(cfg); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: OK (%s)\n", *cfgPath, pipeline.Describe(cfg))
		return nil
	}
	if *fresh {
		if err := pipeline.RemoveStore(ctx, cfg.DB); err != nil {
			return err
		}
	}
	if dir := filepath.Dir(cfg.DB); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create store directory: %w", err)
		}
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var prog *progress
	opts := pipeline.Options{Logger: logger, Recrawl: *recrawl}
	if !*quiet {
		prog = newProgress(stdout, cfg.MaxPages, cfg.Topic.Enabled)
		opts.Progress = prog.update
	}
	p, err := pipeline.Open(ctx, cfg, opts)
	if err != nil {
		return err
	}
	defer p.Close()
	sum, runErr := p.Run(ctx)
	if prog != nil {
		prog.done()
	}
	printSummary(stdout, cfg, p, sum)
	if runErr != nil {
		return runErr
	}
	if err := p.Export(context.WithoutCancel(ctx), cfg.Out, stdout); err != nil {
		return err
	}
	if sum.Interrupted() {
		return errInterrupted
	}
	return nil
}

func printSummary(w io.Writer, cfg *config.Config, p *pipeline.Pipeline, sum crawler.Summary) {
	fmt.Fprintf(w, "crawl ended: %s\n", reasonText(sum.Reason))
	fmt.Fprintf(w, "  pages fetched   %d this run (%d stored in %s), %d not modified\n", sum.Fetched, sum.TotalPages, cfg.DB, sum.NotModified)
	fmt.Fprintf(w, "  errors          %d: %s\n", sum.Failed, sum.ErrorSummary())
	fmt.Fprintf(w, "  speed           %.1f pages/s over %s\n", sum.PagesPerSecond(), sum.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(w, "  duplicates      %d pages (links not followed); %d pages had their links cut at max_links_per_page (%d links)\n", sum.Duplicates, sum.LinksCapped, sum.LinksCut)
	fmt.Fprintf(w, "  refused         %s\n", refusedText(sum.Refused))
	if sum.Sitemaps > 0 || sum.SitemapProblems > 0 {
		fmt.Fprintf(w, "  sitemaps        %d read, %d new URLs queued, %d problems\n", sum.Sitemaps, sum.SitemapURLs, sum.SitemapProblems)
	}
	if cfg.Topic.Enabled {
		fmt.Fprintf(w, "  harvest rate    %.3f (%d relevant of %d)\n", sum.Harvest(), sum.Relevant, sum.Fetched)
	}
	if cfg.Clustering.Enabled {
		fmt.Fprintf(w, "  clusters        %d\n", sum.Clusters)
	}
	if cfg.Extraction.Enabled {
		fmt.Fprintf(w, "  records         %d\n", sum.TotalRecords)
	}
	for _, line := range p.Report() {
		fmt.Fprintf(w, "  %s\n", line)
	}
	fmt.Fprintf(w, "  queued          %d links left in the frontier\n", sum.Queued)
}

// refusedText lists the links each limit rule refused, "none" when none.
func refusedText(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k, v := range m {
		if v > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "none"
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, ", ") + " links"
}

func reasonText(r string) string {
	switch r {
	case "frontier-empty":
		return "the frontier ran dry (no more URLs in scope)"
	case "max-pages":
		return "page budget reached"
	case "hook-stop":
		return "a hook asked to stop"
	case "interrupted":
		return "interrupted; in-flight pages stored, run again to resume"
	case "error":
		return "stopped by an error"
	}
	return r
}

var _ = errors.New
