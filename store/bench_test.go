package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
)

// BenchmarkSaveResults stores groups of 100 pages of 20 KB HTML with 30
// links each, as the engine's writer does; pages/s is the figure to watch
// (target ≥ 2,000).
func BenchmarkSaveResults(b *testing.B) {
	ctx := context.Background()
	st := open(b, filepath.Join(b.TempDir(), "bench.db"))
	const group = 100
	tmpl := make([]*crawl.Page, group)
	for i := range tmpl {
		tmpl[i] = page(int64(i+1), fmt.Sprintf("http://bench.test/p%d", i), 20000)
		for j := range 28 {
			tmpl[i].Links = append(tmpl[i].Links, crawl.Link{URL: fmt.Sprintf("http://bench.test/l%d/%d", i, j), Anchor: "link"})
		}
	}
	seq := int64(0)
	pages := make([]*crawl.Page, group)
	for b.Loop() {
		for i, t := range tmpl {
			p := *t
			seq++
			p.Seq = seq
			p.URL = fmt.Sprintf("http://bench.test/%d", seq)
			pages[i] = &p
		}
		if err := st.SaveResults(ctx, pages, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	if n, _ := st.MaxSeq(ctx); n != seq {
		b.Fatalf("MaxSeq = %d, want %d", n, seq)
	}
	b.ReportMetric(float64(seq)/b.Elapsed().Seconds(), "pages/s")
}
