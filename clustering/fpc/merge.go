package fpc

import (
	"cmp"
	"fmt"
	"slices"
)

// Merge merges clusters stored by other clusterers (the stores of a
// distributed crawl's processes, each with its own ids) into c, as
// algorithm 3 merges a batch's sub-clusters: each joins the most similar
// cluster of c among its LSH candidates when that one is at least Alpha
// similar, or becomes a new cluster. It reads centres only, no page; the
// result depends on the order the clusters meet (largest first here, ties
// in the order given), so it is what a merge costs little, not what a
// canonical Recluster of the pages gives. It returns the id each row
// takes in c, by index of rows.
func (c *Clusterer) Merge(rows []Row) ([]int64, error) {
	accs := make([]*acc, len(rows))
	for i, r := range rows {
		a, err := unmarshalAcc(r.Centre)
		if err != nil {
			return nil, fmt.Errorf("fpc: merge cluster %d: %w", r.ID, err)
		}
		accs[i] = a
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(accs[b].N, accs[a].N) })
	ids := make([]int64, len(rows))
	for _, i := range order {
		ids[i] = c.mergeIn(accs[i])
	}
	return ids, nil
}
