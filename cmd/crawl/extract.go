package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

// runExtract prints the data records of saved HTML pages as CSV: one row a
// record, columns page,record and then the record's fields. Pages are read
// raw (their charset is detected). Every page's records carry the page's
// own aligned columns; since pages of different templates have different
// columns, the header is the union of all column names in the order first
// met (pages in path order) and a row leaves the columns of other pages
// empty. With -template all pages are taken as one template cluster, so the
// region and record shape are learned once and the columns are shared.
func runExtract(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("extract", flag.ContinueOnError)
	flags.SetOutput(stderr)
	in := flags.String("in", "", "HTML `file` or directory of .html/.htm files (searched recursively); required")
	out := flags.String("out", "", "CSV `file` to write; default stdout")
	template := flags.Bool("template", false, "treat all pages as one template cluster")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	switch {
	case flags.NArg() > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, flags.Arg(0))
	case *in == "":
		return fmt.Errorf("%w: -in FILE|DIR is required", errUsage)
	}
	files, err := htmlFiles(*in)
	if err != nil {
		return err
	}
	ce := extraction.NewClusterExtractor(extraction.Config{})
	var cluster int64
	if *template {
		cluster = 1
	}
	var recs []crawl.Record
	failed := map[string]int{}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return errInterrupted
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("extract: %w", err)
		}
		doc, err := htmldecode.Parse(raw, "")
		var rs []crawl.Record
		if err == nil {
			rs, err = ce.Extract(cluster, f, doc)
		}
		if err != nil { // the page fails alone, named by kind
			kind := pageFailure(err)
			failed[kind]++
			fmt.Fprintf(stderr, "extract: skipped %s (%s): %v\n", f, kind, err)
			continue
		}
		recs = append(recs, rs...)
	}
	if len(failed) > 0 {
		fmt.Fprintf(stderr, "extract: %d pages failed: %v\n", sum(failed), failed)
	}
	w := stdout
	if *out != "" {
		fh, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("extract: %w", err)
		}
		defer fh.Close()
		w = fh
	}
	if err := writeRecordsCSV(w, recs); err != nil {
		return fmt.Errorf("extract: write csv: %w", err)
	}
	if *out != "" {
		fmt.Fprintf(stderr, "extract: %d records from %d pages -> %s\n", len(recs), len(files), *out)
	}
	return nil
}

// htmlFiles returns path itself when it is a file, else the .html and .htm
// files under it, sorted.
func htmlFiles(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("extract: %w", err)
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(p))
		if !d.IsDir() && (ext == ".html" || ext == ".htm") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("extract: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("extract: no .html files under %s", path)
	}
	sort.Strings(files)
	return files, nil
}

// writeRecordsCSV writes page,record,<union of field names> and one row a
// record; the values of a name repeated in a record (extraction.Other)
// are joined with " | ".
func writeRecordsCSV(w io.Writer, recs []crawl.Record) error {
	col := map[string]int{}
	header := []string{"page", "record"}
	for _, r := range recs {
		for _, f := range r.Fields {
			if _, ok := col[f.Name]; !ok {
				col[f.Name] = len(header)
				header = append(header, f.Name)
			}
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	row := make([]string, len(header))
	for _, r := range recs {
		clear(row)
		row[0], row[1] = r.PageURL, strconv.Itoa(r.Index)
		for _, f := range r.Fields {
			if i := col[f.Name]; row[i] != "" {
				row[i] += " | " + f.Value
			} else {
				row[i] = f.Value
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// pageFailure names the kind of a page's parse or extraction failure.
func pageFailure(err error) string {
	switch {
	case errors.Is(err, htmldecode.ErrTooDeep):
		return "too-deep"
	case errors.Is(err, extraction.ErrTooLarge):
		return "too-large"
	case errors.Is(err, extraction.ErrNoDocument):
		return "no-document"
	case strings.HasPrefix(err.Error(), "htmldecode:"):
		return "parse"
	}
	return "extract"
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
