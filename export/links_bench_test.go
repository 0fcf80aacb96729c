package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
)

// BenchmarkLinksExport writes the links table of a crawl of the Python
// docs' shape (526 pages, 22,489 links: 43 a page, relative paths with
// fragments, anchors of a few words), the export that ends every crawl
// last (57–72 ms in a crawl of those docs, README "Measured").
func BenchmarkLinksExport(b *testing.B) {
	ctx := context.Background()
	st := tempStore(b)
	const pages, perPage = 526, 43
	at := time.Date(2026, 12, 8, 0, 0, 0, 0, time.UTC)
	var ps []*crawl.Page
	for i := range pages {
		u := fmt.Sprintf("http://docs.test/library/module%03d.html", i)
		p := &crawl.Page{Seq: int64(i + 1), URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}}
		for j := range perPage {
			p.Links = append(p.Links, crawl.Link{
				URL:    fmt.Sprintf("http://docs.test/library/module%03d.html#module%03d.function_%d", (i+j)%pages, (i+j)%pages, j),
				Anchor: fmt.Sprintf("function_%d() arguments", j),
			})
		}
		ps = append(ps, p)
	}
	if err := st.SaveResults(ctx, ps, nil); err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := export.Write(ctx, st, "links", "csv", &out); err != nil {
			b.Fatal(err)
		}
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		b.Fatal(err)
	}
	if len(rows) != 1+pages*perPage {
		b.Fatalf("%d rows, want %d", len(rows)-1, pages*perPage)
	}
	b.ReportMetric(float64(pages*perPage*b.N)/b.Elapsed().Seconds(), "links/s")
}
