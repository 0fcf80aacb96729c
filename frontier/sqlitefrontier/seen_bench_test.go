package sqlitefrontier_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// BenchmarkSeenFilter weighs the two ways a reopened frontier gets its seen
// filter: Close saving the default-sized filter into the store ("save"),
// against New rebuilding it from every frontier row ("rebuild", per op =
// one reopen of rows rows). Their ratio sets minRowsPerSavedByte.
func BenchmarkSeenFilter(b *testing.B) {
	ctx := context.Background()
	b.Run("save", func(b *testing.B) {
		b.ReportAllocs()
		st := openStore(b, b.TempDir())
		for b.Loop() {
			f := newSQLite(b, st, frontier.Config{})
			if _, err := f.Push(ctx, []crawl.Link{{URL: "http://a.test/x"}}); err != nil {
				b.Fatal(err)
			}
			if err := f.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, rows := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("rebuild/rows=%d", rows), func(b *testing.B) {
			b.ReportAllocs()
			st := openStore(b, b.TempDir())
			entries := make([]crawl.FrontierEntry, rows)
			for i := range entries {
				entries[i] = crawl.FrontierEntry{Host: "a.test", Link: crawl.Link{URL: fmt.Sprintf("http://a.test/section/page-%d.html", i)}}
			}
			if _, err := st.AddFrontier(ctx, entries); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				f := newSQLite(b, st, frontier.Config{})
				if n, _ := f.Push(ctx, []crawl.Link{entries[0].Link}); n != 0 {
					b.Fatalf("a frontier row pushed again after the rebuild: %d added", n)
				}
				// Not closed: Close would save the filter the next New must rebuild.
			}
		})
	}
}
