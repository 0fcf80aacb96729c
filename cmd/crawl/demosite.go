package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/crawl-project/crawl/internal/demosite"
)

// runDemoSite is `crawl demo-site [-addr 127.0.0.1:0]`: serve the offline
// demo web until interrupted.
func runDemoSite(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo-site", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:0", "listen `address` of the first host (the others take free loopback ports)")
	publish := fs.Int("publish", 0, "publish this many held-back articles per topic before serving")
	if err := fs.Parse(args); err != nil {
		return err
	}
	site, err := demosite.New(demosite.Config{})
	if err != nil {
		return err
	}
	site.Publish(*publish)
	if err := site.StartOn(*addr); err != nil {
		return err
	}
	defer site.Close()
	fmt.Fprintln(stdout, "demo site serving; hosts:")
	for _, h := range site.Hosts() {
		fmt.Fprintln(stdout, " ", h+"/")
	}
	fmt.Fprintln(stdout, "sport article seeds:")
	for _, u := range site.SportSeeds(10) {
		fmt.Fprintln(stdout, " ", u)
	}
	fmt.Fprintln(stdout, "press Ctrl-C to stop")
	<-ctx.Done()
	return nil
}
