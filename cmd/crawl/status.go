package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"text/tabwriter"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
)

// runStatus is `crawl status -config FILE`: the state of a distributed
// crawl, read from Redis.
func runStatus(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "the crawl's YAML `file` (required; it must have a distributed section)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cfgPath == "" {
		return fmt.Errorf("%w: -config is required", errUsage)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return err
	}
	if !cfg.Distributed.Enabled() {
		return fmt.Errorf("%w: %s has no distributed section: its state is in its store (crawl serve -db %s)", errUsage, *cfgPath, cfg.DB)
	}
	st, err := pipeline.DistributedStatus(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "crawl %s on %s\n", cfg.Distributed.Name, redactURL(cfg.Distributed.Redis))
	fmt.Fprintf(stdout, "queued %d  in flight (leased) %d  stored %d  failed %d\n", st.Queued, st.Leased, st.Stored, st.Failed)
	if st.Parked > 0 {
		fmt.Fprintf(stdout, "parked %d  (left queued by an earlier run; the next run without -recrawl fetches them)\n", st.Parked)
	}
	if st.Stopped != "" {
		fmt.Fprintf(stdout, "stopped for all processes: %s\n", st.Stopped)
	}
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\nhost\tqueued\tin flight\tstored")
	for _, h := range st.Hosts {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\n", h.Host, h.Queued, h.Leased, h.Stored)
	}
	fmt.Fprintln(tw, "\nprocess (host:store)\tlast seen\talive\tin flight")
	for _, p := range st.Processes {
		fmt.Fprintf(tw, "%s\t%s\t%v\t%d\n", p.Owner, p.LastSeen.UTC().Format(time.RFC3339), p.Alive, p.Leased)
	}
	return tw.Flush()
}

// redactURL hides the password of a Redis URL.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(bad URL)"
	}
	return u.Redacted()
}
