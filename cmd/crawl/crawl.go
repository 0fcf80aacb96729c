package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"strings"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/dashboard"
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
	serve := fs.String("serve", "", "serve the dashboard on `address` while crawling (e.g. 127.0.0.1:8080)")
	serveToken := fs.String("serve-token", "", "`token` every dashboard request must carry (default serve.token); needed off loopback and to pause, resume or stop from the dashboard")
	serveBFS := fs.String("serve-bfs", "", "draw the harvest curve of a BFS crawl beside this one's: its store or harvest.csv `file` (default serve.bfs_reference)")
	builtins := fs.String("builtins", "on", "`on`; off: every built-in method off for this run; or names (hub,extraction): only these of the configured ones (comparisons)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to `file` (for go tool pprof)")
	traceFile := fs.String("trace", "", "write an execution trace of the run to `file` (for go tool trace)")
	memProfile := fs.String("memprofile", "", "write an allocation profile of the run to `file` when it ends (for go tool pprof -sample_index=alloc_space)")
	fs.Usage = func() { usage(stderr) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	if *traceFile != "" {
		stop, err := startTrace(*traceFile)
		if err != nil {
			return err
		}
		defer stop()
	}
	if *memProfile != "" {
		f, err := os.Create(*memProfile)
		if err != nil {
			return fmt.Errorf("crawl: memprofile: %w", err)
		}
		defer writeHeapProfile(f, stderr)
	}
	if *cfgPath == "" {
		usage(stderr)
		return fmt.Errorf("%w: -config is required", errUsage)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return err
	}
	restoreMemoryLimit, err := setMemoryLimit(cfg, os.Getenv)
	if err != nil {
		return err
	}
	defer restoreMemoryLimit()
	if *maxPages >= 0 {
		cfg.MaxPages = *maxPages
	}
	if *db != "" {
		cfg.DB = *db
	}
	if *out != "" {
		cfg.Out = *out
	}
	switch *builtins {
	case "on":
	case "off":
		_ = cfg.KeepBuiltins() // none named: nothing to refuse
	default:
		if err := cfg.KeepBuiltins(strings.Split(*builtins, ",")...); err != nil {
			return fmt.Errorf("%w: -builtins %q: want on, off or names of built-ins on in %s: %v", errUsage, *builtins, *cfgPath, err)
		}
	}
	if *check {
		if err := pipeline.Check(cfg); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: OK (%s)\n", *cfgPath, pipeline.Describe(cfg))
		for _, line := range pipeline.Plan(cfg) {
			fmt.Fprintln(stdout, "  "+line)
		}
		return nil
	}
	if len(cfg.Exports) > 0 {
		if err := pipeline.CheckOutDir(cfg.Out); err != nil {
			return err
		}
	}
	if *fresh {
		if err := pipeline.RemoveStore(ctx, cfg.DB); err != nil {
			return err
		}
		if cfg.Distributed.Enabled() { // this crawl's keys in Redis only
			if _, err := pipeline.ClearDistributed(ctx, cfg); err != nil {
				return err
			}
		}
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	opts := pipeline.Options{Logger: logger, Recrawl: *recrawl}
	w := stdout
	if !*quiet {
		prog := newProgress(stdout, cfg.MaxPages, cfg.Topic.Enabled)
		opts.Progress = prog.update
		w = prog // ends the progress line before the summary
	}
	if *serve != "" {
		var stop context.CancelFunc
		ctx, stop = context.WithCancel(ctx)
		defer stop()
		tok := *serveToken
		if tok == "" {
			tok = cfg.Serve.Token
		}
		var extra []dashboard.Option
		if *serveBFS == "" {
			*serveBFS = cfg.Serve.BFSReference
		}
		if *serveBFS != "" {
			ref, err := dashboard.LoadReference(ctx, *serveBFS)
			if err != nil {
				return fmt.Errorf("-serve-bfs: %w", err)
			}
			extra = append(extra, dashboard.WithBFS(ref))
		}
		if cfg.Distributed.Enabled() {
			shared, err := sharedMetrics(cfg)
			if err != nil {
				return err
			}
			defer shared.close()
			extra = append(extra, dashboard.WithShared(shared.read))
		}
		dash, err := dashboard.Attach(dashboard.Config{Addr: *serve, Token: tok}, cfg.DB, &opts, stop, extra...)
		if err != nil {
			return fmt.Errorf("%w: -serve: %w", errUsage, err)
		}
		defer dash.Close()
		fmt.Fprintf(stdout, "dashboard on http://%s/\n", dash.Addr())
	}
	_, err = pipeline.Crawl(ctx, cfg, opts, w)
	if errors.Is(err, pipeline.ErrInterrupted) {
		return errInterrupted
	}
	return err
}

// startCPUProfile starts a CPU profile written to path; the returned
// function stops it and closes the file.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("crawl: cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("crawl: cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// writeHeapProfile writes the allocation profile of everything the run
// allocated to f and closes it; a failure is reported on stderr, since the
// run's own result is already decided.
func writeHeapProfile(f *os.File, stderr io.Writer) {
	err := pprof.Lookup("allocs").WriteTo(f, 0)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "crawl: memprofile: %v\n", err)
	}
}

// startTrace starts an execution trace written to path; the returned
// function stops it and closes the file.
func startTrace(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("crawl: trace: %w", err)
	}
	if err := trace.Start(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("crawl: trace: %w", err)
	}
	return func() { trace.Stop(); f.Close() }, nil
}
