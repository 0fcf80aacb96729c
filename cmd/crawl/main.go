package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// command is one subcommand of crawl.
type command struct {
	name  string
	usage string
	run   func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"export", "export -db FILE [-db FILE2 …] -what pages|links|records|clusters|harvest|topics|warc -format csv|jsonl [-out PATH]", runExport},
		{"demo-site", "demo-site [-addr 127.0.0.1:0]", runDemoSite},
		{"hub", "hub train|classify|eval ...", runHub},
		{"cluster", "cluster -in DIR [-out FILE.csv] [-db FILE] [-method fpc|stm-cure] [-keep-singletons] [-lsh-report] | cluster -score FILE.csv -labels FILE.csv [-split S]", runCluster},
		{"extract", "extract -in FILE|DIR [-out FILE.csv]", runExtract},
		{"serve", "serve -db FILE [-addr 127.0.0.1:8080] [-token T] [-bfs FILE]", runServe},
		{"topics", "topics -db FILE [-r 0.24] [-out FILE.csv] [-levels]", runTopics},
		{"bench", "bench -config FILE [-site DIR] [-rounds 2] [-work DIR] [-hubs FILE]", runBench},
		{"eval", "eval focus -graph FILE.json.gz -topics T1,T2 [-strategies S] [-draws 5] [-workers 4] [-budget 500] [-at 100,200,500] [-rescore N] [-opaque-urls] [-svg DIR]", runEval},
		{"status", "status -config FILE (a distributed crawl: queued, in flight, stored, per host, processes)", runStatus},
		{"replay", "replay -config FILE -warc 'FILES…' [-db FILE] [-out DIR] [-order frontier|archive|records]", runReplay},
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigs
		fmt.Fprintln(os.Stderr, "crawl: stopping (fetches in flight get fetch.stop_grace, then stay queued); Ctrl-C again exits at once")
		cancel()
		<-sigs
		// As after a kill, the store is consistent (SQLite WAL): the next
		// run resumes from the last commit.
		fmt.Fprintln(os.Stderr, "crawl: second interrupt: exiting now; run again to resume")
		os.Exit(130)
	}()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	cancel()
	os.Exit(code)
}

// run dispatches to a subcommand, or runs a crawl when the first argument is a flag.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		for _, c := range commands() {
			if c.name == args[0] {
				return exitCode(stderr, c.name, c.run(ctx, args[1:], stdin, stdout, stderr))
			}
		}
		fmt.Fprintf(stderr, "crawl: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return exitCode(stderr, "crawl", runCrawl(ctx, args, stdin, stdout, stderr))
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: crawl -config FILE [-check] [-fresh] [-recrawl] [-max-pages N] [-db FILE] [-out DIR] [-serve ADDR [-serve-token T] [-serve-bfs FILE]]")
	for _, c := range commands() {
		fmt.Fprintf(w, "       crawl %s\n", c.usage)
	}
}

// interrupted is returned by commands stopped by SIGINT/SIGTERM after a
// graceful stop; it maps to exit code 130.
var errInterrupted = errors.New("interrupted")

func exitCode(stderr io.Writer, name string, err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errInterrupted):
		return 130
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	default:
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
}

// errUsage marks errors in the command line itself (exit code 2).
var errUsage = errors.New("usage")
