package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/crawl-project/crawl/dashboard"
)

// runServe is `crawl serve -db FILE [-addr A] [-token T] [-bfs F]`: the
// dashboard over a store, read-only, while or after a crawl writes it.
func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "crawl store `file` (required)")
	addr := fs.String("addr", dashboard.DefaultAddr, "listen `address`; not loopback needs -token")
	token := fs.String("token", os.Getenv("CRAWL_SERVE_TOKEN"), "`token` every request must carry (default $CRAWL_SERVE_TOKEN)")
	bfs := fs.String("bfs", "", "draw the harvest curve of a BFS crawl beside the store's: its store or harvest.csv `file`")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *db == "" || fs.NArg() > 0 {
		return fmt.Errorf("%w: crawl serve -db FILE [-addr %s] [-token T] [-bfs FILE]", errUsage, dashboard.DefaultAddr)
	}
	var opts []dashboard.Option
	if *bfs != "" {
		ref, err := dashboard.LoadReference(ctx, *bfs)
		if err != nil {
			return fmt.Errorf("-bfs: %w", err)
		}
		opts = append(opts, dashboard.WithBFS(ref))
	}
	d, err := dashboard.OpenDB(ctx, *db)
	if err != nil {
		return err
	}
	defer d.Close()
	s, err := dashboard.New(dashboard.Config{Addr: *addr, Token: *token}, d, opts...)
	if err != nil {
		return fmt.Errorf("%w: %w", errUsage, err)
	}
	// Ctrl-C is how a server is stopped: it ends serve without an error.
	return s.ListenAndServe(ctx, func(a string) { fmt.Fprintf(stdout, "dashboard of %s on http://%s/\n", *db, a) })
}
