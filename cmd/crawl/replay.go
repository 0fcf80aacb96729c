package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc"
)

// runReplay is `crawl replay`: a crawl whose fetches are answered from WARC
// files instead of the network, through the same engine, hooks, store and
// exports.
func runReplay(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "YAML configuration `file` (required)")
	files := fs.String("warc", "", "WARC `files`: paths or globs, separated by spaces (required)")
	db := fs.String("db", "", "override the store `file`")
	out := fs.String("out", "", "override the export `dir`")
	order := fs.String("order", "frontier", "frontier: crawl from the seeds over the archived URLs, best first; archive: from the seeds, the discovered URLs in archive order (one worker: the archiving crawl again); records: every archived page as a seed, in archive order")
	quiet := fs.Bool("quiet", false, "no progress output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cfgPath == "" || *files == "" {
		return fmt.Errorf("%w: -config and -warc are required", errUsage)
	}
	if *order != "frontier" && *order != "archive" && *order != "records" {
		return fmt.Errorf("%w: -order %q (want frontier, archive or records)", errUsage, *order)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return err
	}
	if *db != "" {
		cfg.DB = *db
	}
	if *out != "" {
		cfg.Out = *out
	}
	cfg.WARC.Dir = "" // a replay does not archive again
	// Nothing to be polite to, and an archive answers the same each time.
	cfg.Politeness.NoDelay = true
	cfg.Politeness.MaxCrawlDelay = 1
	if *order != "archive" { // in archive order a retry finds the archived retry, as the crawl did
		cfg.Fetch.Retries = -1
	}
	paths, err := expandFiles(*files)
	if err != nil {
		return err
	}
	a, errs := warc.OpenArchive(paths, warc.WithKey(archiveKey))
	for _, e := range errs {
		fmt.Fprintf(stderr, "replay: %v\n", e)
	}
	if a == nil {
		return fmt.Errorf("replay: nothing to replay in %s", *files)
	}
	defer a.Close()
	fmt.Fprintf(stdout, "replay: %d archived URLs from %d files\n", a.Len(), len(paths))
	if *order == "records" {
		cfg.Seeds = archivedPages(a)
	}
	if err := os.MkdirAll(filepath.Dir(cfg.DB), 0o755); err != nil {
		return fmt.Errorf("create store directory: %w", err)
	}
	if err := pipeline.PrepareReplay(ctx, cfg, a); err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	onlyArchived := pipeline.ArchivedOnly(cfg, a) // the others cannot be fetched
	opts := pipeline.Options{Logger: logger, Transport: warc.NewReplayer(a), Hooks: func(c *hooks.Chain) { c.OnURL(onlyArchived) }}
	if *order == "archive" {
		opts.ArchiveOrder = a.URLs()
	}
	w := stdout
	if !*quiet {
		prog := newProgress(stdout, cfg.MaxPages, cfg.Topic.Enabled)
		opts.Progress = prog.update
		w = prog // ends the progress line before the summary
	}
	_, err = pipeline.Crawl(ctx, cfg, opts, w)
	if errors.Is(err, pipeline.ErrInterrupted) {
		return errInterrupted
	}
	return err
}

// expandFiles expands space-separated paths and globs, in order.
func expandFiles(spec string) ([]string, error) {
	var out []string
	for _, f := range strings.Fields(spec) {
		m, err := filepath.Glob(f)
		if err != nil {
			return nil, fmt.Errorf("%w: -warc %q: %v", errUsage, f, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("replay: %s: no such file", f)
		}
		out = append(out, m...)
	}
	return out, nil
}

// archiveKey indexes archived URLs as the frontier normalises them, so a
// WARC written by another tool answers the crawler's requests.
func archiveKey(u string) string {
	n, err := frontier.Normalize(u, nil)
	if err != nil {
		return ""
	}
	return n
}

// archivedPages are the archived URLs a crawl would fetch, robots.txt left out.
func archivedPages(a *warc.Archive) []string {
	var out []string
	for _, u := range a.URLs() {
		if pu, err := url.Parse(u); err == nil && pu.Path != "/robots.txt" {
			out = append(out, u)
		}
	}
	return out
}
