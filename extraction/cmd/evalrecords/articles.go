package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/extraction/internal/evalrec"
	"github.com/crawl-project/crawl/htmldecode"
)

// runArticles extracts every dir/<site>-<year>/*.html page (the Big9
// article pages of templates/) and counts the pages that yield records:
// an article has no data records of its own, so every record reported is
// a false positive (related-link lists, comment threads, menus picked as
// the page's list). Sites (the folder name without its -year suffix) are
// split like the records testbed.
func runArticles(dir, split string, verbose bool, cfg extraction.Config) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*", "*.html"))
	if err != nil {
		return err
	}
	if len(pages) == 0 {
		return fmt.Errorf("no %s/*/*.html pages", dir)
	}
	sort.Strings(pages)
	n, withRecords, records := 0, 0, 0
	for _, path := range pages {
		site := filepath.Base(filepath.Dir(path))
		if i := strings.LastIndexByte(site, '-'); i > 0 {
			site = site[:i]
		}
		if split != "all" && evalrec.Half(site) != split {
			continue
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		doc, err := htmldecode.Parse(raw, "")
		if err != nil {
			return err
		}
		recs, err := extraction.ExtractPage(doc, cfg)
		if err != nil {
			return err
		}
		n++
		records += len(recs)
		if len(recs) > 0 {
			withRecords++
		}
		if verbose {
			fmt.Printf("%-40s %3d records\n", path[len(dir):], len(recs))
		}
	}
	fmt.Printf("articles split=%s pages=%d with-records=%d (%.1f%%) records=%d\n",
		split, n, withRecords, 100*float64(withRecords)/float64(n), records)
	return nil
}
