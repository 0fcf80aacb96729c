package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/store/storetest"
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

// BenchmarkSaveBatch stores batches of 200 pages' hook fields, 1,000
// records and 20 clusters with their fingerprints.
func BenchmarkSaveBatch(b *testing.B) {
	ctx := context.Background()
	st := open(b, filepath.Join(b.TempDir(), "bench.db"))
	pages := make([]*crawl.Page, 200)
	for i := range pages {
		pages[i] = page(int64(i+1), fmt.Sprintf("http://bench.test/%d", i), 100)
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		b.Fatal(err)
	}
	var recs []crawl.Record
	for i := range 1000 {
		recs = append(recs, crawl.Record{PageURL: pages[i%200].URL, Index: i / 200, Cluster: int64(i%20 + 1),
			Fields: []crawl.Field{{Name: "title", Value: "a record title"}, {Name: "link", Value: "http://bench.test/r"}}})
	}
	clusters := make([]store.ClusterRow, 20)
	for i := range clusters {
		clusters[i] = store.ClusterRow{ID: int64(i + 1), Size: 10, Centre: make([]byte, 512), Fingerprints: fps(uint16(i))}
	}
	seq := int64(0)
	for b.Loop() {
		seq++
		for _, p := range pages {
			p.Cluster, p.Relevance = seq%20+1, 0.5
		}
		if err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: seq, Pages: pages, Records: recs}, clusters)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	if c, _ := st.Counts(ctx); c.Records != 1000 || c.Clusters != 20 || c.Batches != seq {
		b.Fatalf("Counts = %+v", c)
	}
	b.ReportMetric(float64(seq*200)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkSaveFetchedOnePage stores what a best-first crawl commits about
// once a page: one page with 28 links, its 28 out-links as new frontier
// rows (SaveFetched) and its fingerprint (SaveFingerprints), one op each:
// the per-transaction cost, prepared statements included.
func BenchmarkSaveFetchedOnePage(b *testing.B) {
	ctx := context.Background()
	st := open(b, filepath.Join(b.TempDir(), "bench.db"))
	tmpl := page(1, "http://bench.test/p", 20000)
	seq := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		p := *tmpl
		seq++
		p.Seq, p.URL = seq, fmt.Sprintf("http://bench.test/%d", seq)
		entries := make([]crawl.FrontierEntry, 28)
		p.Links = make([]crawl.Link, 28)
		for j := range p.Links {
			p.Links[j] = crawl.Link{URL: fmt.Sprintf("http://bench.test/%d/%d", seq, j), Anchor: "link", Parent: p.URL, Depth: 1}
			entries[j] = crawl.FrontierEntry{Link: p.Links[j], Host: "bench.test"}
		}
		if _, err := st.SaveFetched(ctx, entries, []*crawl.Page{&p}, nil); err != nil {
			b.Fatal(err)
		}
		if err := st.SaveFingerprints(ctx, []crawl.Fingerprint{{URL: p.URL, Body: uint64(seq)}}); err != nil {
			b.Fatal(err)
		}
	}
	if n, _ := st.MaxSeq(ctx); n != seq {
		b.Fatalf("MaxSeq = %d, want %d", n, seq)
	}
	if n, err := st.LinkCount(ctx); err != nil || n != 28*seq {
		b.Fatalf("LinkCount = %d, %v; want %d", n, err, 28*seq)
	}
}

// BenchmarkSaveBatchDocs stores records shaped as the Python docs' (17,847
// records on 405 of 526 pages; storetest.DocsRecords: 18,121 on 526) in 6
// batches, as a crawl's OnBatch hooks hand them over, into a fresh store
// with the pages: one op is the records of one crawl (issue 13's records
// cost after OnPage).
func BenchmarkSaveBatchDocs(b *testing.B) {
	ctx := context.Background()
	pages, recs := storetest.DocsRecords(526, 1)
	const batches = 6
	per := (len(pages) + batches - 1) / batches
	at := map[string]int{}
	bs := make([]*crawl.Batch, batches)
	for i, p := range pages {
		at[p.URL] = i
		if bs[i/per] == nil {
			bs[i/per] = &crawl.Batch{Seq: int64(i/per + 1)}
		}
		bs[i/per].Pages = append(bs[i/per].Pages, p)
	}
	for _, r := range recs {
		bt := bs[at[r.PageURL]/per]
		bt.Records = append(bt.Records, r)
	}
	b.ReportAllocs()
	var st *store.Store
	for b.Loop() {
		b.StopTimer()
		if st != nil {
			st.Close()
		}
		st = open(b, filepath.Join(b.TempDir(), "docs.db"))
		if err := st.SaveResults(ctx, pages, nil); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, bt := range bs {
			if err := st.SaveBatch(ctx, bt); err != nil {
				b.Fatal(err)
			}
		}
	}
	if c, err := st.Counts(ctx); err != nil || c.Records != int64(len(recs)) {
		b.Fatalf("Counts = %+v, %v; want %d records", c, err, len(recs))
	}
	b.ReportMetric(float64(len(recs)*b.N)/b.Elapsed().Seconds(), "records/s")
}
