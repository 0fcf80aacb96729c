package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// runExport is `crawl export -db FILE -what T -format F [-out PATH]`.
// Without -out the table goes to stdout. For records, an -out that is a
// directory (existing, or ending in a slash) gets one file per cluster with
// that cluster's columns; a file gets one table with a cluster column.
func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var dbs storeList
	fs.Var(&dbs, "db", "store `file` (required); repeat it or give a glob to merge the stores of a distributed crawl")
	what := fs.String("what", "pages", "table: "+strings.Join(export.Whats, "|")+", or warc (a directory of reconstructed WARC files)")
	format := fs.String("format", "csv", "csv or jsonl")
	out := fs.String("out", "", "output `path` (default stdout)")
	var mo mergeOptions
	fs.StringVar(&mo.config, "config", "", "with several -db: the crawl's configuration `file`, for its clustering, batch size and topics settings (default: the defaults)")
	fs.StringVar(&mo.method, "mining", pipeline.MergeRecluster, "with several -db: the merged template clusters: recluster (every page again, as one process's final pass), centres (the stores' centres merged) or off (each store's own cluster and topic ids; pages, links, failures only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if len(dbs) == 0 {
		return fmt.Errorf("%w: -db is required", errUsage)
	}
	if len(dbs) > 1 {
		return exportMerged(ctx, dbs, *what, *format, *out, mo, stdout, stderr)
	}
	db := &dbs[0]
	if *what == "warc" {
		return exportWARC(ctx, *db, *out, stdout)
	}
	if !export.ValidWhat(*what) {
		return fmt.Errorf("%w: -what %q: want one of %s", errUsage, *what, strings.Join(export.Whats, ", "))
	}
	if !slices.Contains(export.Formats, *format) {
		return fmt.Errorf("%w: -format %q: want csv or jsonl", errUsage, *format)
	}
	if _, err := os.Stat(*db); err != nil {
		return fmt.Errorf("store %s: %w", *db, err)
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	switch {
	case *out == "":
		return export.Write(ctx, st, *what, *format, stdout)
	case *what == "records" && isDir(*out):
		files, err := export.WriteRecordsDir(ctx, st, *format, *out)
		for _, f := range files {
			fmt.Fprintln(stderr, "wrote", f)
		}
		return err
	default:
		return export.WriteFile(ctx, st, *what, *format, *out)
	}
}

func isDir(path string) bool {
	if strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(filepath.Separator)) {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// exportWARC is `crawl export -db FILE -what warc -out DIR`: the stored
// pages as WARC files, marked reconstructed.
func exportWARC(ctx context.Context, db, out string, stdout io.Writer) error {
	if out == "" {
		return fmt.Errorf("%w: -what warc needs -out DIR", errUsage)
	}
	if _, err := os.Stat(db); err != nil {
		return fmt.Errorf("store %s: %w", db, err)
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	files, err := pipeline.ExportWARC(ctx, st, out, 0)
	for _, f := range files {
		fmt.Fprintln(stdout, "wrote", f)
	}
	return err
}
