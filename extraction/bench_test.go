package extraction_test

import (
	"os"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

// BenchmarkExtractPage extracts the records of real ~200 KB result pages
// (discogs.com 224 KB with 50 records, leagueoflegends.com 192 KB with 10)
// from a parsed DOM, the way the batch hook sees pages.
func BenchmarkExtractPage(b *testing.B) {
	for _, name := range []string{"discogs-3", "leagueoflegends-1"} {
		b.Run(name, func(b *testing.B) {
			raw, err := os.ReadFile("testdata/bench/" + name + ".html")
			if err != nil {
				b.Fatal(err)
			}
			doc := parse(b, string(raw))
			want, err := extraction.ExtractPage(doc, extraction.Config{})
			if err != nil || len(want) < 5 {
				b.Fatalf("ExtractPage = %d records, %v; want a list", len(want), err)
			}
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				recs, _ := extraction.ExtractPage(doc, extraction.Config{})
				if len(recs) != len(want) {
					b.Fatalf("%d records, want %d", len(recs), len(want))
				}
			}
		})
	}
}

// BenchmarkParseAndExtract includes charset decoding and parsing.
func BenchmarkParseAndExtract(b *testing.B) {
	raw, err := os.ReadFile("testdata/bench/discogs-3.html")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := htmldecode.Parse(raw, "")
		if err != nil {
			b.Fatal(err)
		}
		if recs, _ := extraction.ExtractPage(doc, extraction.Config{}); len(recs) < 5 {
			b.Fatalf("%d records", len(recs))
		}
	}
}
