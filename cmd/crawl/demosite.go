package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/crawl-project/crawl/internal/demosite"
)

// runDemoSite is `crawl demo-site [-addr 127.0.0.1:0]`: serve the offline
// demo web until interrupted, after printing every host's home page (the
// breadth-first seeds) and ten sport article seeds (the focused seeds).
func runDemoSite(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo-site", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:0", "listen `address` of the first host (the others take free loopback ports)")
	publish := fs.Int("publish", 0, "publish this many held-back articles per topic before serving")
	delay := fs.Duration("crawl-delay", time.Second, "Crawl-delay the sport host's robots.txt asks for")
	slow := fs.Duration("slow", 3*time.Second, "how long /slow.html takes to answer")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if *delay <= 0 || *slow <= 0 || *publish < 0 {
		return fmt.Errorf("%w: -crawl-delay and -slow must be positive, -publish not negative", errUsage)
	}
	site, err := demosite.New(demosite.Config{CrawlDelay: *delay, SlowDelay: *slow})
	if err != nil {
		return err
	}
	site.Publish(*publish)
	if err := site.StartOn(*addr); err != nil {
		return err
	}
	defer site.Close()
	fmt.Fprintln(stdout, "demo site serving; home pages (one per host):")
	for _, u := range site.Seeds() {
		fmt.Fprintln(stdout, " ", u)
	}
	fmt.Fprintln(stdout, "sport article seeds:")
	for _, u := range site.SportSample(10) {
		fmt.Fprintln(stdout, " ", u)
	}
	fmt.Fprintln(stdout, "press Ctrl-C to stop")
	<-ctx.Done()
	return nil
}
