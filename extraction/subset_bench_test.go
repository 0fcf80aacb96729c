package extraction_test

import (
	"context"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// BenchmarkDocSubsets extracts the records of the embedded subsets of the
// Python 3.11 (59 pages) and PostgreSQL 15 (147 pages) documentation the
// way the crawl's batch hook does on a site of one template: one
// ExtractBatch of every page as one template cluster, on one goroutine
// (ns/op is the CPU of a whole subset). Records per run are asserted
// against the first run's, and allocations reported: the garbage the
// extraction leaves the collector of a crawl.
//
//	go test ./extraction -run '^$' -bench DocSubsets -benchmem
func BenchmarkDocSubsets(b *testing.B) {
	benchDocSubsets(b, func(ce *extraction.ClusterExtractor, in []extraction.Page) ([][]crawl.Record, []error) {
		return ce.ExtractBatch(context.Background(), in, 1)
	})
}

// BenchmarkDocSubsetsOnPage is BenchmarkDocSubsets the way the crawl's
// built-in extracts (extraction.WithPageAnalysis): every page analysed on
// its own (Prepare, in OnPage), then named along its cluster's columns
// (Finish, in OnBatch), on one goroutine.
//
//	go test ./extraction -run '^$' -bench DocSubsetsOnPage -benchmem
func BenchmarkDocSubsetsOnPage(b *testing.B) {
	benchDocSubsets(b, func(ce *extraction.ClusterExtractor, in []extraction.Page) ([][]crawl.Record, []error) {
		prep := make([]*extraction.Prepared, len(in))
		for i, p := range in {
			prep[i] = ce.Prepare(context.Background(), p.URL, p.Doc)
		}
		recs, errs := make([][]crawl.Record, len(in)), make([]error, len(in))
		for i, p := range in {
			recs[i], errs[i] = ce.Finish(p.Cluster, p.URL, prep[i])
		}
		return recs, errs
	})
}

func benchDocSubsets(b *testing.B, extract func(*extraction.ClusterExtractor, []extraction.Page) ([][]crawl.Record, []error)) {
	for _, name := range []string{docsubset.Python311, docsubset.PostgreSQL15} {
		b.Run(name, func(b *testing.B) {
			pages, err := docsubset.Read(name)
			if err != nil {
				b.Fatal(err)
			}
			in := make([]extraction.Page, len(pages))
			for i, p := range pages {
				doc, err := htmldecode.Parse(p.Body, "text/html; charset=utf-8")
				if err != nil {
					b.Fatal(err)
				}
				in[i] = extraction.Page{Cluster: 1, URL: "http://docs.test/" + p.Path, Doc: doc}
			}
			run := func() int {
				ce := extraction.NewClusterExtractor(extraction.Config{})
				recs, errs := extract(ce, in)
				n := 0
				for i := range recs {
					if errs[i] != nil {
						b.Fatalf("%s: %v", in[i].URL, errs[i])
					}
					n += len(recs[i])
				}
				return n
			}
			want := run()
			if want == 0 {
				b.Fatal("no records")
			}
			b.ReportAllocs()
			for b.Loop() {
				if got := run(); got != want {
					b.Fatalf("%d records, want %d", got, want)
				}
			}
			b.ReportMetric(float64(want), "records")
		})
	}
}
