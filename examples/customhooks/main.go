package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "customhooks:", err)
		os.Exit(1)
	}
}

// keywordCounter is an OnPage hook: it must be safe for concurrent use.
type keywordCounter struct {
	keyword string
	mu      sync.Mutex
	pages   int // pages mentioning the keyword
}

func (k *keywordCounter) OnPage(ctx context.Context, p *crawl.Page) error {
	n := strings.Count(strings.ToLower(p.Text), k.keyword)
	// Persist the hook's own per-page result the way the built-ins do: the
	// store keeps it with the page, and the pages export gets a column
	// "mentions" (crawl export -what pages).
	p.Annotate("mentions", n)
	if n > 0 {
		k.mu.Lock()
		k.pages++
		k.mu.Unlock()
	}
	return nil
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("customhooks", flag.ContinueOnError)
	seed := fs.String("seed", "", "start URL")
	keyword := fs.String("keyword", "sport", "keyword to favour and count")
	maxPages := fs.Int("max-pages", 50, "pages to fetch")
	db := fs.String("db", filepath.Join(os.TempDir(), "customhooks.db"), "store file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *seed == "" {
		return fmt.Errorf("-seed is required")
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	fr, err := sqlitefrontier.New(ctx, st, frontier.Config{})
	if err != nil {
		return err
	}
	defer fr.Close()

	chain := &hooks.Chain{}
	// OnURL: drop tag pages, favour links whose anchor has the keyword.
	chain.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		if strings.Contains(l.URL, "/tag/") {
			return hooks.ErrSkip
		}
		if strings.Contains(strings.ToLower(l.Anchor), *keyword) {
			l.Priority += 1
			l.AddTag("keyword")
		}
		return nil
	}))
	counter := &keywordCounter{keyword: strings.ToLower(*keyword)}
	chain.OnPage(counter)
	// OnBatch: one line per batch, and a named result of the batch, stored
	// with it in the same transaction (store.Store.BatchResults reads it).
	chain.OnBatch(hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error {
		fmt.Fprintf(out, "batch %d: %d pages (final=%v)\n", b.Seq, len(b.Pages), b.Final)
		b.AddResult("pages", len(b.Pages))
		return nil
	}))

	c, err := crawler.New(crawler.Config{MaxPages: *maxPages, BatchSize: 10}, fr, st, crawler.WithHooks(chain))
	if err != nil {
		return err
	}
	sum, err := c.Run(ctx, []string{*seed})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "fetched %d pages, %d mention %q; ended: %s\n", sum.Fetched, counter.pages, *keyword, sum.Reason)
	// The annotations and batch results are in the store.
	mentioned, batched := 0, 0
	if err := st.PagesNoHTML(ctx, func(p *crawl.Page) error {
		if v, _ := p.Annotation("mentions"); v != "" && v != "0" {
			mentioned++
		}
		return nil
	}); err != nil {
		return err
	}
	if err := st.BatchResults(ctx, func(r store.BatchResult) error {
		if r.Name == "pages" {
			n, err := strconv.Atoi(string(r.Value))
			if err != nil {
				return fmt.Errorf("batch %d: result pages: %w", r.Batch, err)
			}
			batched += n
		}
		return nil
	}); err != nil {
		return err
	}
	fmt.Fprintf(out, "stored: %d pages annotated with mentions > 0, %d pages in batch results\n", mentioned, batched)
	return nil
}
