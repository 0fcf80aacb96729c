package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/crawl-project/crawl/clustering/fpc"
)

// printQuality prints the pairwise precision, recall and F1 and the
// adjusted Rand index of a clustering against the true labels.
func printQuality(w io.Writer, name string, assign []int64, truth []string) {
	p, r, f1 := fpc.PairwiseF1(assign, truth)
	n := map[int64]bool{}
	for _, a := range assign {
		n[a] = true
	}
	fmt.Fprintf(w, "%s: %d pages, %d clusters: pairwise P %.4f R %.4f F1 %.4f, ARI %.4f\n", name, len(assign), len(n), p, r, f1, fpc.ARI(assign, truth))
}

// readPartition reads a CSV of path,cluster rows (a header row "path,..."
// is skipped; cluster names are any strings) and returns the cluster of
// every one of paths. A path of paths without a row, or with two rows
// naming different clusters, is an error: a score over part of the pages
// would not be comparable with one over all of them.
func readPartition(file string, paths []string) ([]int64, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	clusterOf := map[string]string{}
	for line := 1; ; line++ {
		row, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if line == 1 && row[0] == "path" {
			continue
		}
		if len(row) < 2 || row[0] == "" {
			return nil, fmt.Errorf("%s: line %d: want path,cluster", file, line)
		}
		p := filepath.ToSlash(row[0])
		if c, ok := clusterOf[p]; ok && c != row[1] {
			return nil, fmt.Errorf("%s: line %d: %s is in cluster %q and %q", file, line, p, c, row[1])
		}
		clusterOf[p] = row[1]
	}
	ids := map[string]int64{}
	assign := make([]int64, len(paths))
	for i, p := range paths {
		c, ok := clusterOf[filepath.ToSlash(p)]
		if !ok {
			return nil, fmt.Errorf("%s: no row for %s", file, p)
		}
		id, ok := ids[c]
		if !ok {
			id = int64(len(ids))
			ids[c] = id
		}
		assign[i] = id
	}
	return assign, nil
}
