package fpc_test

import (
	"testing"

	"github.com/crawl-project/crawl/clustering/fpc"
)

// TestMergeCentres clusters two halves of the test pages in two
// clusterers (two processes' stores) and merges both into a third by
// their centres: a template's clusters from the two halves meet in one
// merged cluster (pairwise F1 of the merged partition against the labels
// at least that of one clusterer over all pages, less 0.05), and a centre
// that does not decode is an error naming it.
func TestMergeCentres(t *testing.T) {
	pages := loadPages(t)
	var labels []string
	var pred []int64
	merged := fpc.New(fpc.Config{})
	for half := range 2 {
		c := fpc.New(fpc.Config{})
		var fs []*fpc.Features
		var ls []string
		for i := half; i < len(pages); i += 2 {
			fs, ls = append(fs, fpc.Extract(pages[i].doc)), append(ls, pages[i].label)
		}
		ids := c.AddBatch(fs)
		rows, err := c.Changed()
		if err != nil {
			t.Fatal(err)
		}
		to, err := merged.Merge(rows)
		if err != nil {
			t.Fatal(err)
		}
		at := map[int64]int64{}
		for i, r := range rows {
			at[r.ID] = to[i]
		}
		for i, id := range ids {
			pred, labels = append(pred, at[id]), append(labels, ls[i])
		}
	}
	all := fpc.New(fpc.Config{})
	var fs []*fpc.Features
	var ls []string
	for half := range 2 {
		for i := half; i < len(pages); i += 2 {
			fs, ls = append(fs, fpc.Extract(pages[i].doc)), append(ls, pages[i].label)
		}
	}
	_, _, f1 := fpc.PairwiseF1(pred, labels)
	_, _, one := fpc.PairwiseF1(all.AddBatch(fs), ls)
	t.Logf("merged centres F1 %.3f, one clusterer %.3f, %d merged clusters", f1, one, merged.Len())
	if f1 < one-0.05 {
		t.Errorf("merged centres: pairwise F1 %.3f, one clusterer over all pages %.3f", f1, one)
	}
	if _, err := merged.Merge([]fpc.Row{{ID: 42, Centre: []byte("garbage")}}); err == nil {
		t.Error("Merge(garbage) = nil error")
	}
}
