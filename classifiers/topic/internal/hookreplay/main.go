package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/store"
)

func main() {
	db := flag.String("db", "", "the crawl's store `file`")
	seeds := flag.String("seeds", "", "the topic's seed pages, comma-separated `URL=FILE` pairs")
	out := flag.String("out", "", "write every decision of the first round to `file`")
	rounds := flag.Int("rounds", 1, "replays, each timed")
	prof := flag.String("cpuprofile", "", "write a CPU profile of the replays to `file`")
	stem := flag.Bool("stem", false, "topic.Config.Stem")
	soft := flag.Bool("soft", false, "topic.Config.LinkLabels soft")
	urlWords := flag.Bool("urlwords", false, "topic.Config.URLWords")
	linkCtx := flag.Float64("linkcontext", 0, "topic.Config.LinkContext")
	strategy := flag.String("strategy", "", "topic.Config.Strategy (default learned)")
	fixed := flag.Bool("fixedrefresh", false, "topic.Config.FixedRefresh")
	contentBytes := flag.Int("contentbytes", 0, "topic.Config.ContentBytes (negative: the whole content)")
	trace := flag.Bool("trace", false, "print the relevance threshold and the seed pages' leave-one-out cosines whenever the threshold changes")
	flag.Parse()
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	var pages []pg
	err = st.Pages(ctx, func(p *crawl.Page) error {
		doc, err := html.Parse(bytes.NewReader(p.HTML))
		if err != nil {
			return err
		}
		p.Doc = doc
		links, err := st.PageLinks(ctx, p.Seq)
		if err != nil {
			return err
		}
		for i := range links {
			links[i].Parent = p.URL
		}
		p.Links = links
		pages = append(pages, pg{p: p, links: links})
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	var sp []topic.SeedPage
	for _, s := range strings.Split(*seeds, ",") {
		u, f, _ := strings.Cut(s, "=")
		doc, err := htmldecode.ParseFile(f)
		if err != nil {
			log.Fatal(err)
		}
		sp = append(sp, topic.SeedPage{URL: u, Doc: doc})
	}
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	for r := 0; r < *rounds; r++ {
		cfg := topic.Config{Stem: *stem, URLWords: *urlWords, LinkContext: *linkCtx, Strategy: *strategy, FixedRefresh: *fixed, ContentBytes: *contentBytes}
		if *soft {
			cfg.LinkLabels = topic.LabelsSoft
		}
		m, err := topic.NewFromPages(cfg, sp)
		if err != nil {
			log.Fatal(err)
		}
		h, err := topic.NewHook(m, nil)
		if err != nil {
			log.Fatal(err)
		}
		var w *bufio.Writer
		if *out != "" && r == 0 {
			f, err := os.Create(*out)
			if err != nil {
				log.Fatal(err)
			}
			defer f.Close()
			w = bufio.NewWriter(f)
			defer w.Flush()
		}
		start := time.Now()
		var tr func(int)
		if *trace && r == 0 {
			last := -1.0
			tr = func(i int) {
				if t := m.Threshold(); t != last {
					last = t
					fmt.Fprintf(os.Stderr, "after %d pages: threshold %.4f, seeds' leave-one-out cosines %.4f\n", i, t, m.SeedLOO())
				}
			}
		}
		nl := run(ctx, h, pages, w, tr)
		trained, pos, neg := h.LinkModelStats()
		fmt.Fprintf(os.Stderr, "round %d: %d pages %d links %v; trainings %d pos %d neg %d; harvest %v\n", r, len(pages), nl, time.Since(start), trained, pos, neg, h.Harvest().Now())
	}
}

// pg is a stored page and its stored out-links.
type pg struct {
	p     *crawl.Page
	links []crawl.Link
}

// run replays pages through h and returns how many links it judged
// (not inlined: callgrind's --toggle-collect=main.run counts it alone);
// trace, unless nil, is called before each page with the pages replayed.
//
//go:noinline
func run(ctx context.Context, h *topic.Hook, pages []pg, w *bufio.Writer, trace func(int)) int {
	nl := 0
	for i, x := range pages {
		if trace != nil {
			trace(i)
		}
		cp := *x.p
		cp.Relevance, cp.Relevant = 0, false
		if err := h.OnPage(ctx, &cp); err != nil {
			log.Fatal(err)
		}
		if w != nil {
			fmt.Fprintf(w, "P %s %.17g %v\n", cp.URL, cp.Relevance, cp.Relevant)
		}
		for i := range x.links {
			l := x.links[i]
			if !strings.HasPrefix(l.URL, "http") {
				continue
			}
			nl++
			err := h.OnURL(ctx, &cp, &l)
			if w != nil {
				fmt.Fprintf(w, "L %s %.17g %v\n", l.URL, l.Priority, err)
			}
		}
	}
	return nl
}
