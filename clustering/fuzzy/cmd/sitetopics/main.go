// Command sitetopics measures fuzzy topics on the pages of a crawl store:
// the number of topics (at least two pages), the unclustered pages, and
// the largest topic's share of the pages with its top words, for the
// paper's method (-paper) or the default site-corrected one; -first N
// takes only the first N pages the crawl fetched (a small crawl's view);
// -pages FILE writes each page's topic (0: unclustered) to FILE.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/store"
)

func main() {
	db := flag.String("db", "", "crawl store")
	paper := flag.Bool("paper", false, "the paper's method (no site corrections)")
	r := flag.Float64("r", 0, "cut level (0: default)")
	from := flag.Float64("from", 0, "CommonFrom (0: default)")
	to := flag.Float64("to", 0, "CommonTo (0: default)")
	share := flag.Float64("share", 0, "TemplateShare (0: default)")
	maxShare := flag.Float64("maxshare", 0, "MaxTopicShare (0: default; 1: no cap)")
	cohesive := flag.Float64("cohesive", 0, "Cohesive (0: default; 1: every link may break)")
	show := flag.Int("show", 5, "largest topics to print")
	first := flag.Int("first", 0, "cluster only the pages of the N lowest crawl sequence numbers, as a crawl of N pages would (0: all)")
	pages := flag.String("pages", "", "write each page's topic to this file: seq, URL path, topic (0: unclustered), title, tab-separated")
	flag.Parse()
	cfg := fuzzy.Config{Paper: *paper, Threshold: *r, CommonFrom: *from, CommonTo: *to, TemplateShare: *share, MaxTopicShare: *maxShare, Cohesive: *cohesive}
	if err := run(*db, cfg, *show, *first, *pages); err != nil {
		fmt.Fprintln(os.Stderr, "sitetopics:", err)
		os.Exit(1)
	}
}

func run(db string, cfg fuzzy.Config, show, first int, pages string) error {
	ctx := context.Background()
	if _, err := os.Stat(db); err != nil {
		return err
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	var docs []fuzzy.Doc
	paths := map[int64]string{}
	err = st.PagesNoHTML(ctx, func(p *crawl.Page) error {
		u := cmp.Or(p.FinalURL, p.URL)
		docs = append(docs, fuzzy.Doc{ID: p.Seq, Host: crawl.HostKey(u), Title: p.Title, Keywords: p.Keywords, Description: p.Description})
		if pu, err := url.Parse(u); err == nil {
			paths[p.Seq] = pu.Path
		}
		return nil
	})
	if err != nil {
		return err
	}
	if first > 0 && first < len(docs) {
		slices.SortFunc(docs, func(a, b fuzzy.Doc) int { return cmp.Compare(a.ID, b.ID) })
		docs = docs[:first]
	}
	res, err := fuzzy.Cluster(ctx, docs, cfg)
	if err != nil {
		return err
	}
	if pages != "" {
		if err := writePages(pages, docs, paths, res); err != nil {
			return err
		}
	}
	topics, un := res.Grouped()
	if cfg.Paper {
		topics, un = res.Topics(), nil
	}
	slices.SortStableFunc(topics, func(a, b fuzzy.Topic) int { return cmp.Compare(len(b.Pages), len(a.Pages)) })
	largest := 0
	if len(topics) > 0 {
		largest = len(topics[0].Pages)
	}
	in := len(docs) - len(un)
	fmt.Printf("pages %d: %d topics, %d unclustered pages; largest topic %d pages (%.1f%%); pages in topics of ≥ 2: %d (%.1f%%)\n",
		len(docs), len(topics), len(un), largest, 100*float64(largest)/float64(len(docs)), in, 100*float64(in)/float64(len(docs)))
	singles := 0
	for _, t := range topics {
		if len(t.Pages) == 1 {
			singles++
		}
	}
	if cfg.Paper {
		fmt.Printf("  (paper: %d of the topics are single pages)\n", singles)
	}
	for _, t := range topics[:min(show, len(topics))] {
		fmt.Printf("  %4d  %s\n", len(t.Pages), strings.Join(t.Words, " "))
	}
	return nil
}

// writePages writes each page's topic of res (Assignments; 0 for an
// unclustered page) to file: seq, URL path, topic and title, in crawl
// order.
func writePages(file string, docs []fuzzy.Doc, paths map[int64]string, res *fuzzy.Result) error {
	topic := res.Assignments()
	var b strings.Builder
	for _, d := range slices.SortedFunc(slices.Values(docs), func(a, b fuzzy.Doc) int { return cmp.Compare(a.ID, b.ID) }) {
		title := strings.Join(strings.Fields(d.Title), " ")
		fmt.Fprintf(&b, "%d\t%s\t%d\t%s\n", d.ID, paths[d.ID], topic[d.ID], title)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write pages: %w", err)
	}
	return nil
}
