package topic

import (
	"bytes"
	"context"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// BenchmarkHookDocs measures the default hook (learned strategy) as a
// crawl runs it, on the real documentation subsets of internal/docsubset
// (59 Python 3.11 pages, 147 PostgreSQL 15 pages) in archive order: one
// op is a fresh model from three seed pages and a fresh hook, then every
// page's OnPage and its links' OnURL (links as pageLinks lists them, with
// their anchors). It asserts that some pages, not all, are relevant and
// that out-links got priorities; ns/page is the hook's cost per page.
//
//	go test ./classifiers/topic -run '^$' -bench HookDocs -benchmem
func BenchmarkHookDocs(b *testing.B) {
	sites := []struct {
		name, base string
		seeds      []string
	}{
		{docsubset.Python311, "http://docs.test/py/", []string{"library/signal.html", "library/ssl.html", "library/asyncio-sync.html"}},
		{docsubset.PostgreSQL15, "http://docs.test/pg/", []string{"sql-lock.html", "sql-droppublication.html", "sql-security-label.html"}},
	}
	for _, site := range sites {
		b.Run(site.name, func(b *testing.B) {
			raw, err := docsubset.Read(site.name)
			if err != nil {
				b.Fatal(err)
			}
			var pages []*crawl.Page
			var seeds []SeedPage
			for _, p := range raw {
				doc, err := html.Parse(bytes.NewReader(p.Body))
				if err != nil {
					b.Fatal(err)
				}
				u := site.base + p.Path
				pages = append(pages, &crawl.Page{URL: u, FinalURL: u, Doc: doc, Links: pageLinks(doc, u)})
				for _, s := range site.seeds {
					if s == p.Path {
						seeds = append(seeds, SeedPage{URL: u, Doc: doc})
					}
				}
			}
			if len(seeds) != len(site.seeds) {
				b.Fatalf("%d of the seed pages %v in the subset", len(seeds), site.seeds)
			}
			ctx := context.Background()
			b.ReportAllocs()
			var relevant, scored int
			for b.Loop() {
				m, err := NewFromPages(Config{}, seeds)
				if err != nil {
					b.Fatal(err)
				}
				h, err := NewHook(m, nil)
				if err != nil {
					b.Fatal(err)
				}
				relevant, scored = 0, 0
				for _, p := range pages {
					cp := *p
					if err := h.OnPage(ctx, &cp); err != nil {
						b.Fatal(err)
					}
					if cp.Relevant {
						relevant++
					}
					for _, l := range cp.Links {
						if h.OnURL(ctx, &cp, &l) == nil && l.Priority > 0 {
							scored++
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pages)), "ns/page")
			if relevant == 0 || relevant == len(pages) {
				b.Fatalf("%d of %d pages relevant", relevant, len(pages))
			}
			if scored == 0 {
				b.Fatal("no out-link got a priority")
			}
		})
	}
}
