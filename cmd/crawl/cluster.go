package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// runCluster is `crawl cluster -in DIR`: cluster every .html/.htm file
// under DIR by template and write path,cluster rows.
func runCluster(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cluster", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "directory of pages (required)")
	out := fs.String("out", "", "CSV `file` for path,cluster rows (default stdout)")
	db := fs.String("db", "", "store `file`: continue from the clusters stored there and store the changed ones back (fpc)")
	labels := fs.String("labels", "", "CSV of path,label (paths relative to -in): print pairwise F1 and ARI")
	split := fs.String("split", "all", "with -labels: all, tune or report (templates split by a hash of the label)")
	batch := fs.Int("batch", 100, "pages per incremental batch")
	d := fs.Float64("d", 0, "new-cluster threshold (0: default)")
	alpha := fs.Float64("alpha", 0, "merge threshold (0: default)")
	keepSingletons := fs.Bool("keep-singletons", false, "fpc as the paper has it: a page that seeded a cluster no other page joined stays alone (default: it joins a centre at least D similar)")
	lsh := fs.Bool("lsh-report", false, "print, for β = 0.05…0.5, the LSH candidate share and how often the most similar cluster is a candidate (one cluster per page)")
	method := fs.String("method", "fpc", "fpc, or stm-cure (the paper's baseline: Simple Tree Matching + average-link)")
	stmT := fs.Float64("stm-threshold", 0.3, "stm-cure: average STM similarity at which clusters merge (0.3: fitted on the tune half)")
	score := fs.String("score", "", "CSV `file` of path,cluster rows (an earlier -out, or another tool's): score it against -labels instead of clustering")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *score != "" {
		if *labels == "" {
			return fmt.Errorf("%w: -score needs -labels", errUsage)
		}
		paths, truth, err := clusterInputs(*in, *labels, *split)
		if err != nil {
			return err
		}
		assign, err := readPartition(*score, paths)
		if err != nil {
			return err
		}
		printQuality(stdout, *score, assign, truth)
		return nil
	}
	if *in == "" {
		return fmt.Errorf("%w: -in is required", errUsage)
	}
	if *method != "fpc" && *method != "stm-cure" {
		return fmt.Errorf("%w: -method %q: want fpc or stm-cure", errUsage, *method)
	}
	if *db != "" && *method != "fpc" {
		return fmt.Errorf("%w: -db needs -method fpc", errUsage)
	}
	paths, truth, err := clusterInputs(*in, *labels, *split)
	if err != nil {
		return err
	}
	var feats []*fpc.Features
	var docs []*html.Node
	kept, keptTruth := paths[:0:0], truth[:0:0]
	for i, p := range paths {
		doc, err := htmldecode.ParseFile(filepath.Join(*in, p))
		if err != nil { // the page fails alone (a page nested too deep, say)
			fmt.Fprintf(stderr, "cluster: skipped %s (%s): %v\n", p, pageFailure(err), err)
			continue
		}
		docs, feats, kept = append(docs, doc), append(feats, fpc.Extract(doc)), append(kept, p)
		if truth != nil {
			keptTruth = append(keptTruth, truth[i])
		}
	}
	if truth != nil {
		truth = keptTruth
	}
	paths = kept
	cfg := fpc.Config{D: *d, Alpha: *alpha, KeepSingletons: *keepSingletons}
	if *lsh {
		return lshReport(stdout, feats, cfg)
	}
	var assign []int64
	if *method == "stm-cure" {
		assign = fpc.STMCure(docs, *stmT)
	} else if assign, err = clusterFPC(ctx, feats, cfg, *batch, *db, stderr); err != nil {
		return err
	}
	if truth != nil {
		printQuality(stderr, *method, assign, truth)
	}
	return writeAssignments(stdout, *out, paths, assign)
}

func lshReport(w io.Writer, feats []*fpc.Features, cfg fpc.Config) error {
	fmt.Fprintln(w, "beta\tcandidates_share\tbest_found\tclusters\tno_candidate")
	betas := []float64{0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5}
	for _, r := range fpc.LSHReport(feats, betas, cfg) {
		fmt.Fprintf(w, "%.2f\t%.4f\t%.4f\t%d\t%d\n", r.Beta, r.Share, r.Recall, r.Clusters, r.Empty)
	}
	return nil
}

// clusterFPC merges the pages into the clusters batch by batch. With a
// store file it starts from the clusters stored there and stores the
// changed ones back as one batch without pages, so a later run (or crawl)
// continues from them.
func clusterFPC(ctx context.Context, feats []*fpc.Features, cfg fpc.Config, batch int, db string, stderr io.Writer) ([]int64, error) {
	c := fpc.New(cfg)
	var st *store.Store
	if db != "" {
		var err error
		if st, err = store.Open(ctx, db); err != nil {
			return nil, err
		}
		defer st.Close()
		if _, err := pipeline.RestoreClusters(ctx, st, c); err != nil {
			return nil, fmt.Errorf("%s: %w", db, err)
		}
	}
	var assign []int64
	for i := 0; i < len(feats); i += max(1, batch) {
		assign = append(assign, c.AddBatch(feats[i:min(len(feats), i+max(1, batch))])...)
	}
	rows, err := c.Changed()
	if err != nil {
		return nil, err
	}
	bytes := 0
	for _, r := range rows {
		bytes += len(r.Centre) + 2*len(r.Fingerprints) + 24
	}
	out := pipeline.ClusterRows(rows)
	if len(rows) > 0 {
		fmt.Fprintf(stderr, "%d clusters changed, %d bytes per stored cluster on average\n", len(rows), bytes/len(rows))
	}
	if st == nil || len(out) == 0 {
		return assign, nil
	}
	counts, err := st.Counts(ctx)
	if err != nil {
		return nil, err
	}
	return assign, st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: counts.Batches + 1}, out))
}

func writeAssignments(stdout io.Writer, out string, paths []string, assign []int64) error {
	if out == "" {
		return writeCSV(stdout, paths, assign)
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := writeCSV(f, paths, assign); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", out, err)
	}
	return f.Close()
}

func writeCSV(w io.Writer, paths []string, assign []int64) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"path", "cluster"})
	for i, p := range paths {
		cw.Write([]string{filepath.ToSlash(p), fmt.Sprint(assign[i])})
	}
	cw.Flush()
	return cw.Error()
}

// clusterInputs lists the pages: those of the labels file (in a stable
// shuffled order, so batches mix templates) or every .html/.htm under dir.
func clusterInputs(dir, labels, split string) ([]string, []string, error) {
	if labels == "" {
		var paths []string
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			ext := strings.ToLower(filepath.Ext(p))
			if !d.IsDir() && (ext == ".html" || ext == ".htm") {
				rel, _ := filepath.Rel(dir, p)
				paths = append(paths, rel)
			}
			return nil
		})
		sort.Strings(paths)
		return paths, nil, err
	}
	f, err := os.Open(labels)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("labels %s: %w", labels, err)
	}
	type item struct{ path, label string }
	var items []item
	for i, r := range rows {
		if i == 0 && r[0] == "path" {
			continue
		}
		if len(r) < 2 {
			return nil, nil, fmt.Errorf("labels %s: line %d: want path,label", labels, i+1)
		}
		if split != "all" && templateSplit(r[1]) != split {
			continue
		}
		items = append(items, item{r[0], r[1]})
	}
	if len(items) == 0 {
		return nil, nil, errors.New("no labelled pages (check -split)")
	}
	sort.Slice(items, func(i, j int) bool { return hashOf(items[i].path) < hashOf(items[j].path) })
	paths, truth := make([]string, len(items)), make([]string, len(items))
	for i, it := range items {
		paths[i], truth[i] = it.path, it.label
	}
	return paths, truth, nil
}

// templateSplit puts a template label in "tune" or "report" by its hash.
func templateSplit(label string) string {
	if hashOf(label)%2 == 0 {
		return "tune"
	}
	return "report"
}

func hashOf(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
