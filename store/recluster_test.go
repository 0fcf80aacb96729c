package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// TestMovePages: pages and their records move to their new clusters, the
// removed clusters go with their fingerprints, and a removal that would
// leave pages in a deleted cluster changes nothing.
func TestMovePages(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	var pages []*crawl.Page
	for i := range 4 {
		p := page(int64(i+1), fmt.Sprintf("http://a.test/%d", i), 100)
		p.Cluster = int64(10 + i%2) // 1, 3 in 10; 2, 4 in 11
		pages = append(pages, p)
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	b := &crawl.Batch{Seq: 1, Pages: pages, Records: []crawl.Record{{PageURL: pages[1].URL, Cluster: 11}}}
	rows := []store.ClusterRow{{ID: 10, Size: 2, Fingerprints: fps(1)}, {ID: 11, Size: 2, Fingerprints: fps(50)}}
	if err := st.SaveBatch(ctx, store.SetClusters(b, rows)); err != nil {
		t.Fatal(err)
	}
	t.Run("refused", func(t *testing.T) {
		err := st.MovePages(ctx, map[int64]int64{2: 10}, []int64{11}) // page 4 is still in 11
		if err == nil {
			t.Fatal("removing a cluster that keeps a page: no error")
		}
		if p, _ := st.PageBySeq(ctx, 2); p.Cluster != 11 {
			t.Errorf("page 2 moved to %d by a failed MovePages", p.Cluster)
		}
	})
	t.Run("bad id", func(t *testing.T) {
		if err := st.MovePages(ctx, map[int64]int64{2: 0}, nil); err == nil {
			t.Fatal("cluster 0: no error")
		}
	})
	t.Run("moved", func(t *testing.T) {
		if err := st.MovePages(ctx, map[int64]int64{2: 10, 4: 10}, []int64{11}); err != nil {
			t.Fatal(err)
		}
		for seq := int64(1); seq <= 4; seq++ {
			if p, _ := st.PageBySeq(ctx, seq); p.Cluster != 10 {
				t.Errorf("page %d in cluster %d, want 10", seq, p.Cluster)
			}
		}
		var recs []store.RecordRow
		st.ExportRecords(ctx, func(r store.RecordRow) error { recs = append(recs, r); return nil })
		if len(recs) != 1 || recs[0].Cluster != 10 {
			t.Errorf("records = %+v, want one in cluster 10", recs)
		}
		cs, _ := st.Clusters(ctx)
		if len(cs) != 1 || cs[0].ID != 10 {
			t.Errorf("clusters = %+v, want only 10", cs)
		}
		if cand, _ := st.ClusterCandidates(ctx, fps(50)); len(cand) != 0 {
			t.Errorf("fingerprints of removed cluster 11 still indexed: %v", cand)
		}
	})
}
