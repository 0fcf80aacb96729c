// Command orderstab measures how much FPC's template partition of a site
// depends on the order its pages arrive in: it clusters every .html page
// under -in in sorted-path order and in -shuffles random orders (batches of
// -batch pages, as a crawl feeds them) and prints the adjusted Rand index
// of each shuffled partition against the sorted one.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/crawl-project/crawl/clustering/fpc"
)

func main() {
	in := flag.String("in", "", "directory of pages")
	shuffles := flag.Int("shuffles", 5, "random orders")
	batch := flag.Int("batch", 200, "pages per batch")
	final := flag.Bool("final", true, "end with the canonical pass (Clusterer.Recluster)")
	keepSingletons := flag.Bool("keep-singletons", false, "the paper's MKmeans: a page that seeded a cluster no other page joined stays alone")
	keep := flag.Float64("keep", 1, "each shuffled order keeps this share of the pages (a crawl stopped early); ARI over the pages both keep")
	flag.Parse()
	cfg := fpc.Config{KeepSingletons: *keepSingletons}
	if err := run(*in, cfg, *shuffles, *batch, *final, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "orderstab:", err)
		os.Exit(1)
	}
}

func run(in string, cfg fpc.Config, shuffles, batch int, final bool, keep float64) error {
	paths, feats, err := fpc.ExtractDir(in)
	if err != nil {
		return err
	}
	order := make([]int, len(paths))
	for i := range order {
		order[i] = i
	}
	ref := cluster(feats, cfg, order, batch, final)
	fmt.Printf("pages %d, clusters in sorted order %d\n", len(paths), count(ref))
	for s := range shuffles {
		r := rand.New(rand.NewPCG(uint64(s+1), 0))
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		kept := order[:int(keep*float64(len(order)))]
		got := cluster(feats, cfg, kept, batch, final)
		var a, b []int64
		for _, i := range kept {
			a, b = append(a, got[i]), append(b, ref[i])
		}
		fmt.Printf("shuffle %d: pages %d, clusters %d, ARI vs sorted %.4f\n", s+1, len(kept), count(a), fpc.ARI(a, labels(b)))
	}
	return nil
}

// cluster feeds the pages in the given order and returns each page's
// cluster, indexed as paths.
func cluster(feats []*fpc.Features, cfg fpc.Config, order []int, batch int, final bool) []int64 {
	c := fpc.New(cfg)
	out := make([]int64, len(feats))
	sub := make([]*fpc.Features, len(order))
	for k, j := range order {
		sub[k] = feats[j]
	}
	for i := 0; i < len(order); i += batch {
		idx := order[i:min(len(order), i+batch)]
		fs := make([]*fpc.Features, len(idx))
		for k, j := range idx {
			fs[k] = feats[j]
		}
		for k, id := range c.AddBatch(fs) {
			out[idx[k]] = id
		}
	}
	if final {
		prev := make([]int64, len(order))
		for k, j := range order {
			prev[k] = out[j]
		}
		for k, id := range c.Recluster(sub, prev, batch) {
			out[order[k]] = id
		}
	}
	return out
}

func count(a []int64) int {
	m := map[int64]bool{}
	for _, v := range a {
		m[v] = true
	}
	return len(m)
}

func labels(a []int64) []string {
	out := make([]string, len(a))
	for i, v := range a {
		out[i] = fmt.Sprint(v)
	}
	return out
}
