package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// runTopics groups the pages of a crawl store into fuzzy topics (paper 002:
// title/keywords/description weights, max-min similarity, maximum spanning
// tree cut at r), stores the topic of every page and the top words of every
// topic in the store, and writes url,topic,size,top_words rows as CSV.
func runTopics(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("topics", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "crawl store (SQLite file) to read pages from and store topics in; required")
	r := fs.Float64("r", fuzzy.DefaultThreshold, "cut level in [0, 1]: spanning-tree edges with similarity < r are broken, = r kept")
	out := fs.String("out", "", "CSV file for url,topic,size,top_words rows; default stdout (none with -levels)")
	levels := fs.Bool("levels", false, "print every level r of the dendrogram with its number of topics")
	words := fs.Int("words", fuzzy.DefaultTopWords, "top words per topic")
	cTitle := fs.Float64("c-title", fuzzy.DefaultTitleWeight, "tag coefficient c of the title (weight ln c)")
	cKeywords := fs.Float64("c-keywords", fuzzy.DefaultKeywordsWeight, "tag coefficient c of meta keywords")
	cDesc := fs.Float64("c-description", fuzzy.DefaultDescriptionWeight, "tag coefficient c of meta description")
	paper := fs.Bool("paper", false, "the paper's method exactly: no per-site title templates, word frequencies or topic size cap; single pages are topics")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	case *db == "":
		return fmt.Errorf("%w: -db FILE is required", errUsage)
	case !(*r >= 0 && *r <= 1):
		return fmt.Errorf("%w: -r %v is not in [0, 1]", errUsage, *r)
	case *words < 1:
		return fmt.Errorf("%w: -words %d, want ≥ 1", errUsage, *words)
	}
	cfg := fuzzy.Config{Threshold: *r, TopWords: *words, TitleWeight: *cTitle, KeywordsWeight: *cKeywords, DescriptionWeight: *cDesc, Paper: *paper}
	if *r == 0 {
		cfg.Threshold = -1 // Config's zero means the default; negative cuts at 0
	}
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if _, err := os.Stat(*db); err != nil {
		return fmt.Errorf("topics: %w", err) // store.Open would create an empty store
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := st.Close(); err == nil {
			err = cerr
		}
	}()

	res, urls, err := clusterStore(ctx, st, cfg)
	if err != nil {
		return err
	}
	if err := st.SaveTopics(ctx, res.Assignments(), res.TopWords()); err != nil {
		return err
	}
	if *levels {
		if err := writeLevels(stdout, res.Dendrogram); err != nil {
			return err
		}
	}
	if *out != "" || !*levels {
		if err := writeTopicsCSV(*out, stdout, res, urls); err != nil {
			return err
		}
	}
	topics, un := res.Grouped()
	if *paper {
		topics, un = res.Topics(), nil
	}
	fmt.Fprintf(stderr, "topics: %d pages, %d topics, %d unclustered pages at r=%g, %d levels; stored in %s\n",
		len(urls), len(topics), len(un), *r, len(res.Dendrogram.Levels()), *db)
	return nil
}

// clusterStore clusters every stored page and returns the result with the
// URL of each page, in seq order.
func clusterStore(ctx context.Context, st *store.Store, cfg fuzzy.Config) (*fuzzy.Result, []string, error) {
	var docs []fuzzy.Doc
	var urls []string
	err := pipeline.StoredTopicDocs(ctx, st, func(d fuzzy.Doc, url string) {
		docs, urls = append(docs, d), append(urls, url)
	})
	if err != nil {
		return nil, nil, err
	}
	res, err := fuzzy.Cluster(ctx, docs, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, errInterrupted
		}
		return nil, nil, err
	}
	return res, urls, nil
}

// writeLevels prints each level r of the dendrogram, ascending, with the
// number of topics a cut at r gives.
func writeLevels(w io.Writer, d *fuzzy.Dendrogram) error {
	var b strings.Builder
	b.WriteString("r\ttopics\n")
	fmt.Fprintf(&b, "0\t%d\n", d.Count(0))
	for _, l := range d.Levels() {
		fmt.Fprintf(&b, "%.6f\t%d\n", l, d.Count(l))
	}
	if ls := d.Levels(); len(ls) > 0 && ls[len(ls)-1] < 1 {
		fmt.Fprintf(&b, "1\t%d\n", d.Count(1))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTopicsCSV writes url,topic,size,top_words rows in page order to path,
// or to stdout when path is empty; an unclustered page has topic 0, size 1.
func writeTopicsCSV(path string, stdout io.Writer, res *fuzzy.Result, urls []string) (err error) {
	w := stdout
	if path != "" {
		f, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("topics: %w", err)
		}
		defer func() {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("topics: %w", cerr)
			}
		}()
		w = f
	}
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"url", "topic", "size", "top_words"}); err != nil {
		return fmt.Errorf("topics: write csv: %w", err)
	}
	words := res.TopWords()
	size := map[int64]int{}
	assign := res.Assignments()
	for _, t := range assign {
		size[t]++
	}
	for i, id := range res.IDs() {
		t := assign[id]
		row := []string{urls[i], strconv.FormatInt(t, 10), strconv.Itoa(max(1, size[t])), strings.Join(words[t], " ")}
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("topics: write csv: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("topics: write csv: %w", err)
	}
	return nil
}
