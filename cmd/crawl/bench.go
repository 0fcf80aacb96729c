package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/crawl-project/crawl/internal/sitebench"
)

// runBench is `crawl bench`: the built-ins-off vs built-ins-on comparison
// of one configuration on a site served from a directory (with -each, also
// each built-in alone).
func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "YAML configuration `file`; {site} stands for the served site's base URL")
	site := fs.String("site", "", "`directory` to serve on loopback as the crawled site")
	rounds := fs.Int("rounds", 2, "rounds of one built-ins-off and one built-ins-on crawl")
	work := fs.String("work", "", "`directory` for the runs' stores and exports (default: a temporary one, removed)")
	hubs := fs.String("hubs", "", "`file` of the site's true hub pages, one path a line, for the hub F1")
	each := fs.Bool("each", false, "each round also crawls with each configured built-in alone: what each one costs")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cfgPath == "" || fs.NArg() > 0 {
		return fmt.Errorf("%w: bench needs -config (and takes no arguments)", errUsage)
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	res, err := sitebench.Measure(ctx, sitebench.Config{
		Exe: exe, ConfigPath: *cfgPath, Site: *site, Rounds: *rounds, Work: *work, Hubs: *hubs, Each: *each, Log: stderr,
	})
	if err != nil {
		return err
	}
	res.Write(stdout)
	return nil
}
