package store_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// A hook's own batch result is stored with its batch, a replay replaces
// it, and it survives reopening; the clusters result goes to the cluster
// tables, not the general one.
func TestBatchResults(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crawl.db")
	st := open(t, path)
	p := page(1, "http://a.test/", 10)
	if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
		t.Fatal(err)
	}
	type stats struct {
		Words int      `json:"words"`
		Top   []string `json:"top"`
	}
	b := &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p}}
	b.AddResult("wordstats", stats{Words: 3, Top: []string{"x"}})
	b.AddResult("wordstats", stats{Words: 7, Top: []string{"y", "z"}}) // replaces
	b.AddResult("flag", true)
	store.SetClusters(b, []store.ClusterRow{{ID: 4, Size: 1, Fingerprints: fps(3)}})
	for range 2 { // a replay stores nothing twice
		if err := st.SaveBatch(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st = open(t, path)
	var got []string
	err := st.BatchResults(ctx, func(r store.BatchResult) error {
		got = append(got, r.Name+"@"+string(rune('0'+r.Batch))+"="+string(r.Value))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `flag@1=true|wordstats@1={"words":7,"top":["y","z"]}`
	if s := strings.Join(got, "|"); s != want {
		t.Fatalf("BatchResults = %s; want %s", s, want)
	}
	cl, err := st.Clusters(ctx)
	if err != nil || len(cl) != 1 || cl[0].ID != 4 {
		t.Fatalf("Clusters = %+v, %v; want cluster 4", cl, err)
	}
}

// Results that cannot be stored are errors naming them, and nothing of the
// batch is stored.
func TestBatchResultsBad(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		result crawl.Result
		want   string
	}{
		{"no name", crawl.Result{Value: 1}, "has no name"},
		{"not JSON", crawl.Result{Name: "fn", Value: func() {}}, `result "fn"`},
		{"clusters of the wrong type", crawl.Result{Name: store.ResultClusters, Value: []int{1}}, "want []store.ClusterRow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
			p := page(1, "http://a.test/", 10)
			if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
				t.Fatal(err)
			}
			err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p}, Results: []crawl.Result{tt.result}})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("SaveBatch = %v; want an error containing %q", err, tt.want)
			}
			c, err := st.Counts(ctx)
			if err != nil || c.Batches != 0 {
				t.Fatalf("Counts = %+v, %v; want no batch stored", c, err)
			}
		})
	}
}
