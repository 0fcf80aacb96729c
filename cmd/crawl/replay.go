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
	"strings"

	"github.com/crawl-project/crawl/config"
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
	switch *order {
	case pipeline.OrderFrontier, pipeline.OrderArchive, pipeline.OrderRecords:
	default:
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
	paths, err := expandFiles(*files)
	if err != nil {
		return err
	}
	a, errs := warc.OpenArchive(paths, warc.WithKey(pipeline.ArchiveKey))
	for _, e := range errs {
		fmt.Fprintf(stderr, "replay: %v\n", e)
	}
	if a == nil {
		return fmt.Errorf("replay: nothing to replay in %s", *files)
	}
	defer a.Close()
	fmt.Fprintf(stdout, "replay: %d archived URLs from %d files\n", a.Len(), len(paths))
	if err := os.MkdirAll(filepath.Dir(cfg.DB), 0o755); err != nil {
		return fmt.Errorf("create store directory: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	opts, err := pipeline.Replay(ctx, cfg, a, *order, pipeline.Options{Logger: logger})
	if err != nil {
		return err
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
