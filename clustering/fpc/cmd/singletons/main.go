// Command singletons clusters every .html page under -in as a crawl's
// final pass does (Clusterer.Recluster in batches of -batch pages), prints
// the clusters' sizes, and for each page left in a cluster of its own the
// nine similarity terms to the -top most similar clusters of two or more
// pages: "page" is eq. 8 (the page against the centre: what MKmeans
// assigns by, and seeds a new cluster by when below D), "alone" eq. 7
// (a cluster of the page alone against that centre: what clusters merge
// by, at Alpha), and whether the cluster is among the page's LSH
// candidates.
//
//	go run ./clustering/fpc/cmd/singletons -in /usr/share/doc/postgresql-doc-15/html [-keep-singletons]
package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/clustering/fpc"
)

func main() {
	in := flag.String("in", "", "directory of pages")
	batch := flag.Int("batch", 200, "pages per batch of the final pass")
	top := flag.Int("top", 2, "clusters of two or more pages to compare each page left alone with")
	keep := flag.Bool("keep-singletons", false, "the paper's MKmeans (Config.KeepSingletons)")
	flag.Parse()
	if err := run(os.Stdout, *in, *batch, *top, fpc.Config{KeepSingletons: *keep}); err != nil {
		fmt.Fprintln(os.Stderr, "singletons:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, in string, batch, top int, cfg fpc.Config) error {
	paths, feats, err := fpc.ExtractDir(in)
	if err != nil {
		return err
	}
	c := fpc.New(cfg)
	ids := c.Recluster(feats, make([]int64, len(feats)), batch)
	size := map[int64]int{}
	for _, id := range ids {
		size[id]++
	}
	sizes := make([]int, 0, len(size))
	alone := 0
	for _, n := range size {
		sizes = append(sizes, n)
		if n == 1 {
			alone++
		}
	}
	slices.SortFunc(sizes, func(a, b int) int { return cmp.Compare(b, a) })
	fmt.Fprintf(w, "pages %d, clusters %d, pages alone %d; sizes %v\n", len(paths), len(size), alone, sizes)
	wt := c.Weights()
	for i, id := range ids {
		if size[id] != 1 {
			continue
		}
		rel, _ := filepath.Rel(in, paths[i])
		fmt.Fprintf(w, "\n%s (%d layers)\n", rel, len(feats[i].Layers))
		shown := 0
		for _, ct := range c.Explain(feats[i]) {
			if ct.Size < 2 || shown == top {
				continue
			}
			shown++
			fmt.Fprintf(w, "  cluster %d (%d pages), LSH candidate %v\n", ct.ID, ct.Size, ct.Candidate)
			fmt.Fprintf(w, "    page  %s\n", terms(&ct.Page, &wt))
			fmt.Fprintf(w, "    alone %s\n", terms(&ct.Centre, &wt))
		}
	}
	return nil
}

// terms formats the nine terms and their weighted sum.
func terms(t *fpc.Terms, w *fpc.Weights) string {
	names := [...]string{"layers", "class/id", "links", "css", "js", "jsfunc", "anchors", "short", "images"}
	var b strings.Builder
	for i, x := range t {
		fmt.Fprintf(&b, "%s %.3f ", names[i], x)
	}
	fmt.Fprintf(&b, "= %.3f", t.Sum(w))
	return b.String()
}
