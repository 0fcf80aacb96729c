package fpc_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// realSite reads the PostgreSQL 15 documentation subset (147 pages of one
// real site, internal/docsubset) in archive order: paths and documents.
func realSite(t testing.TB) ([]string, []*crawl.Page) {
	t.Helper()
	subset, err := docsubset.Read(docsubset.PostgreSQL15)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	var pages []*crawl.Page
	for _, p := range subset {
		doc, err := htmldecode.Parse(p.Body, "")
		if err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		paths = append(paths, p.Path)
		pages = append(pages, &crawl.Page{URL: p.Path, Doc: doc})
	}
	if len(pages) < 100 {
		t.Fatalf("%d pages in the subset, want ≥ 100", len(pages))
	}
	return paths, pages
}

// clusterInOrder feeds the features in order, batch pages at a time, then
// (with final) reclusters them; it returns each page's cluster by index.
func clusterInOrder(feats []*fpc.Features, order []int, batch int, final bool) []int64 {
	c := fpc.New(fpc.Config{})
	sub := make([]*fpc.Features, len(order))
	prev := make([]int64, len(order))
	for k, i := range order {
		sub[k] = feats[i]
	}
	for k := 0; k < len(sub); k += batch {
		end := min(len(sub), k+batch)
		copy(prev[k:end], c.AddBatch(sub[k:end]))
	}
	ids := prev
	if final {
		ids = c.Recluster(sub, prev, batch)
	}
	out := make([]int64, len(feats))
	for k, i := range order {
		out[i] = ids[k]
	}
	return out
}

func strs(a []int64) []string {
	out := make([]string, len(a))
	for i, v := range a {
		out[i] = fmt.Sprint(v)
	}
	return out
}

// TestReclusterOrderIndependent: five shuffled fetch orders of a real
// site give the partition of the path order (ARI ≥ 0.95; it is 1 by
// construction) with the final pass, while the incremental clustering
// alone does not (the subset is order-sensitive, or this test would prove
// nothing: its worst ARI over these five orders is 0.001).
func TestReclusterOrderIndependent(t *testing.T) {
	_, pages := realSite(t)
	feats := make([]*fpc.Features, len(pages))
	for i, p := range pages {
		feats[i] = fpc.Extract(p.Doc)
	}
	order := make([]int, len(feats))
	for i := range order {
		order[i] = i
	}
	const batch = 40
	ref := clusterInOrder(feats, order, batch, true)
	refInc := clusterInOrder(feats, order, batch, false)
	worstInc := 1.0
	for s := range 5 {
		r := rand.New(rand.NewPCG(uint64(s+1), 7))
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		t.Run(fmt.Sprint("shuffle", s+1), func(t *testing.T) {
			got := clusterInOrder(feats, order, batch, true)
			if ari := fpc.ARI(got, strs(ref)); ari < 0.95 {
				t.Errorf("ARI %.4f against the path order, want ≥ 0.95", ari)
			}
			worstInc = min(worstInc, fpc.ARI(clusterInOrder(feats, order, batch, false), strs(refInc)))
		})
	}
	if worstInc >= 0.95 {
		t.Errorf("incremental clustering alone: worst ARI %.4f ≥ 0.95; the subset no longer tests order dependence", worstInc)
	}
	t.Logf("worst ARI of the incremental clustering alone: %.4f", worstInc)
}

// TestReclusterIDs: the final pass reuses the old ids of the clusters it
// overlaps most, reports every new cluster as changed and the unused old
// ids as removed.
func TestReclusterIDs(t *testing.T) {
	_, pages := realSite(t)
	feats := make([]*fpc.Features, len(pages))
	for i, p := range pages {
		feats[i] = fpc.Extract(p.Doc)
	}
	c := fpc.New(fpc.Config{})
	var prev []int64
	for k := 0; k < len(feats); k += 30 {
		prev = append(prev, c.AddBatch(feats[k:min(len(feats), k+30)])...)
	}
	if _, err := c.Changed(); err != nil {
		t.Fatal(err)
	}
	old := map[int64]bool{}
	for _, id := range prev {
		old[id] = true
	}
	ids := c.Recluster(feats, prev, 30)
	rows, err := c.Changed()
	if err != nil {
		t.Fatal(err)
	}
	removed := c.Removed()
	now := map[int64]int{}
	for _, id := range ids {
		now[id]++
	}
	if len(rows) != len(now) || c.Len() != len(now) {
		t.Fatalf("%d changed rows, %d clusters, %d ids in use: want equal", len(rows), c.Len(), len(now))
	}
	for _, r := range rows {
		if now[r.ID] != r.Size {
			t.Errorf("cluster %d: row size %d, %d pages", r.ID, r.Size, now[r.ID])
		}
	}
	kept := 0
	for id := range old {
		_, inUse := now[id]
		if inUse == slices.Contains(removed, id) {
			t.Errorf("old cluster %d: in use %v, removed %v", id, inUse, !inUse)
		}
		if inUse {
			kept++
		}
	}
	if kept == 0 {
		t.Error("no old id kept")
	}
	same := 0
	for i := range ids {
		if ids[i] == prev[i] {
			same++
		}
	}
	t.Logf("%d old clusters, %d new, %d ids kept, %d of %d pages keep their id", len(old), len(now), kept, same, len(ids))
}

// TestHookFinalPass: the hook's final batch reclusters every page; the
// pages of earlier batches whose cluster changed are the moves, and the
// partition of the pages (earlier pages with their moves applied) is the
// same whatever order the batches came in.
func TestHookFinalPass(t *testing.T) {
	_, pages := realSite(t)
	run := func(seed uint64) map[string]int64 {
		ps := make([]*crawl.Page, len(pages))
		for i, p := range pages {
			ps[i] = &crawl.Page{URL: p.URL, Doc: p.Doc}
		}
		rand.New(rand.NewPCG(seed, 3)).Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		for i, p := range ps {
			p.Seq = int64(i + 1)
		}
		h := fpc.NewHook(fpc.New(fpc.Config{}), fpc.WithFinalPass(40, 1000))
		for k, seq := 0, int64(1); k < len(ps); k, seq = k+40, seq+1 {
			end := min(len(ps), k+40)
			if err := h.OnBatch(context.Background(), &crawl.Batch{Seq: seq, Pages: ps[k:end], Final: end == len(ps)}); err != nil {
				t.Fatal(err)
			}
		}
		moves := h.Moves()
		removed := h.Removed()
		out := map[string]int64{}
		for _, p := range ps {
			if id, ok := moves[p.Seq]; ok {
				p.Cluster = id
			}
			if slices.Contains(removed, p.Cluster) {
				t.Errorf("%s in removed cluster %d", p.URL, p.Cluster)
			}
			out[p.URL] = p.Cluster
		}
		return out
	}
	a, b := run(1), run(2)
	h := fpc.NewHook(fpc.New(fpc.Config{}), fpc.WithFinalPass(40, 100))
	for k := 0; k < len(pages); k += 40 {
		end := min(len(pages), k+40)
		if err := h.OnBatch(context.Background(), &crawl.Batch{Pages: pages[k:end], Final: end == len(pages)}); err != nil {
			t.Fatal(err)
		}
	}
	if !h.FinalPassSkipped() || len(h.Moves()) != 0 {
		t.Errorf("%d pages over a final pass of at most 100: skipped %v, %d moves", len(pages), h.FinalPassSkipped(), len(h.Moves()))
	}
	var pa, pb []int64
	for u, id := range a {
		pa, pb = append(pa, id), append(pb, b[u])
	}
	if ari := fpc.ARI(pa, strs(pb)); ari < 0.95 {
		t.Errorf("ARI %.4f between two fetch orders, want ≥ 0.95", ari)
	}
}
