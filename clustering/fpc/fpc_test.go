package fpc_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/extraction/stm"
	"github.com/crawl-project/crawl/htmldecode"
)

type page struct {
	path, label string
	doc         *html.Node
}

func loadPages(t testing.TB) []page {
	t.Helper()
	f, err := os.Open("testdata/labels.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []page
	for _, r := range rows[1:] {
		doc, err := htmldecode.ParseFile(filepath.Join("testdata", r[0]))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page{r[0], r[1], doc})
	}
	return out
}

// TestTemplatesRecovered clusters the 42 pages incrementally (batches of 10
// in an order that mixes templates) and checks the partition.
func TestTemplatesRecovered(t *testing.T) {
	pages := loadPages(t)
	order := []int{}
	for k := 0; k < 3; k++ { // interleave: first page of each template, then second, …
		for i := k; i < len(pages); i += 3 {
			order = append(order, i)
		}
	}
	c := fpc.New(fpc.Config{})
	var assign []int64
	var truth []string
	for s := 0; s < len(order); s += 10 {
		var feats []*fpc.Features
		for _, i := range order[s:min(len(order), s+10)] {
			feats = append(feats, fpc.Extract(pages[i].doc))
			truth = append(truth, pages[i].label)
		}
		assign = append(assign, c.AddBatch(feats)...)
	}
	_, _, f1 := fpc.PairwiseF1(assign, truth)
	ari := fpc.ARI(assign, truth)
	t.Logf("%d pages, %d clusters: F1 %.3f ARI %.3f", len(assign), c.Len(), f1, ari)
	if f1 < 0.95 || ari < 0.9 {
		t.Errorf("F1 %.3f ARI %.3f, want F1 ≥ 0.95 and ARI ≥ 0.9 (the issue's targets)", f1, ari)
	}
}

// TestRestoreContinues stores the clusters, restores them in a new
// Clusterer, and checks that new pages of known templates join them.
func TestRestoreContinues(t *testing.T) {
	pages := loadPages(t)
	c := fpc.New(fpc.Config{})
	var first []*fpc.Features
	for i := 0; i < len(pages); i += 3 {
		first = append(first, fpc.Extract(pages[i].doc))
	}
	ids := c.AddBatch(first)
	rows, err := c.Changed()
	if err != nil || len(rows) != c.Len() {
		t.Fatalf("Changed = %d rows, %v; want %d", len(rows), err, c.Len())
	}
	c2 := fpc.New(fpc.Config{})
	if err := c2.Restore(rows); err != nil {
		t.Fatal(err)
	}
	var second []*fpc.Features
	for i := 1; i < len(pages); i += 3 {
		second = append(second, fpc.Extract(pages[i].doc))
	}
	ids2 := c2.AddBatch(second)
	same := 0
	for k := range ids2 {
		if ids2[k] == ids[k] {
			same++
		}
	}
	if same < len(ids2)*9/10 {
		t.Errorf("after Restore only %d of %d pages joined their template's stored cluster", same, len(ids2))
	}
	if err := c2.Restore([]fpc.Row{{ID: 99, Centre: []byte("garbage")}}); err == nil {
		t.Error("Restore(garbage) = nil error")
	}
}

func TestHookSetsClusters(t *testing.T) {
	pages := loadPages(t)[:6]
	b := &crawl.Batch{}
	for _, p := range pages {
		b.Pages = append(b.Pages, &crawl.Page{URL: p.path, Doc: p.doc})
	}
	b.Pages = append(b.Pages, &crawl.Page{URL: "no-dom"})
	h := fpc.NewHook(fpc.New(fpc.Config{}))
	if err := h.OnBatch(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	for _, p := range b.Pages[:6] {
		if p.Cluster == 0 {
			t.Errorf("page %s has no cluster", p.URL)
		}
	}
	if b.Pages[6].Cluster != 0 {
		t.Error("a page without DOM got a cluster")
	}
	if b.Pages[0].Cluster != b.Pages[1].Cluster || b.Pages[0].Cluster == b.Pages[3].Cluster {
		t.Errorf("clusters %d %d %d: want pages of one template together, another apart", b.Pages[0].Cluster, b.Pages[1].Cluster, b.Pages[3].Cluster)
	}
	if rows := h.Rows(); len(rows) == 0 || h.Rows() != nil {
		t.Errorf("Rows did not hand over the changed clusters once")
	}
}

func TestMetrics(t *testing.T) {
	if _, _, f1 := fpc.PairwiseF1([]int64{1, 1, 2, 2}, []string{"a", "a", "b", "b"}); f1 != 1 {
		t.Errorf("perfect F1 = %v", f1)
	}
	if ari := fpc.ARI([]int64{1, 1, 2, 2}, []string{"a", "a", "b", "b"}); ari != 1 {
		t.Errorf("perfect ARI = %v", ari)
	}
	if ari := fpc.ARI([]int64{1, 2, 1, 2}, []string{"a", "a", "b", "b"}); ari > 0 {
		t.Errorf("crossed ARI = %v, want ≤ 0", ari)
	}
}

func FuzzExtract(f *testing.F) {
	f.Add([]byte(`<html><head><link href="a.css"><script>function go(){}</script></head><body class="x"><a href="/p?q=1">p</a><img src="i.png"></body></html>`))
	f.Add([]byte("<div onclick='x = function(){}'><p>"))
	f.Fuzz(func(t *testing.T, b []byte) {
		doc, err := html.Parse(bytes.NewReader(b))
		if err != nil {
			return
		}
		fe := fpc.Extract(doc)
		other := fpc.Extract(&html.Node{Type: html.DocumentNode})
		s1, s2 := fpc.PageSimilarity(fe, other), fpc.PageSimilarity(other, fe)
		if s1 != s2 || s1 < 0 || s1 > 1 || fpc.PageSimilarity(fe, fe) < s1 {
			t.Errorf("similarity not symmetric, bounded and maximal on itself: %v %v %v", s1, s2, fpc.PageSimilarity(fe, fe))
		}
	})
}

// pairs are the page pairs both benchmarks compare: consecutive pages.
func benchPairs(b *testing.B) []page {
	return loadPages(b)
}

// BenchmarkExtract extracts the features of the testdata pages (parsed
// once), as the hook's OnPage does for every fetched page.
func BenchmarkExtract(b *testing.B) {
	pages := loadPages(b)
	b.ReportAllocs()
	layers := 0
	for b.Loop() {
		for _, p := range pages {
			layers += len(fpc.Extract(p.doc).Layers)
		}
	}
	if layers == 0 {
		b.Fatal("no layers")
	}
	b.ReportMetric(float64(len(pages)), "pages/op")
}

func BenchmarkPageSimilarity(b *testing.B) {
	pages := benchPairs(b)
	feats := make([]*fpc.Features, len(pages))
	for i, p := range pages {
		feats[i] = fpc.Extract(p.doc)
	}
	b.ReportAllocs()
	var s float64
	for b.Loop() {
		for i := 0; i+1 < len(feats); i++ {
			s += fpc.PageSimilarity(feats[i], feats[i+1])
		}
	}
	if s <= 0 {
		b.Fatal("no similarity")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(feats)-1)), "ns/pair")
}

func BenchmarkSTM(b *testing.B) {
	pages := benchPairs(b)
	trees := make([]*stm.Tree, len(pages))
	for i, p := range pages {
		trees[i] = stm.Build(p.doc, stm.DefaultOptions())
	}
	b.ReportAllocs()
	var s float64
	for b.Loop() {
		for i := 0; i+1 < len(trees); i++ {
			s += stm.Similarity(trees[i], trees[i+1])
		}
	}
	if s <= 0 {
		b.Fatal("no similarity")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(trees)-1)), "ns/pair")
}

// BenchmarkAddBatch is feature extraction (on all cores) plus incremental
// merging, per page: what the OnBatch hook does.
func BenchmarkAddBatch(b *testing.B) {
	pages := loadPages(b)
	docs := make([]*html.Node, len(pages))
	for i, p := range pages {
		docs[i] = p.doc
	}
	b.ReportAllocs()
	for b.Loop() {
		c := fpc.New(fpc.Config{})
		if ids := c.AddBatch(fpc.ExtractAll(docs)); len(ids) != len(docs) {
			b.Fatal("missing assignments")
		}
	}
	b.ReportMetric(float64(b.N*len(pages))/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkOnBatch is the whole OnBatch hook per page: feature extraction,
// MKmeans, the merge into the stored clusters (pages arrive in batches of
// 10, templates interleaved, so later batches merge into earlier clusters)
// and encoding the changed clusters for the store. It also reports the
// stored bytes per cluster.
func BenchmarkOnBatch(b *testing.B) {
	pages := loadPages(b)
	var batches []*crawl.Batch
	for k := 0; k < 3; k++ {
		for i := k; i < len(pages); i += 3 {
			if k == 0 && i == 0 || len(batches[len(batches)-1].Pages) == 10 {
				batches = append(batches, &crawl.Batch{})
			}
			last := batches[len(batches)-1]
			last.Pages = append(last.Pages, &crawl.Page{URL: pages[i].path, Doc: pages[i].doc})
		}
	}
	b.ReportAllocs()
	var stored, rows int
	var c *fpc.Clusterer
	for b.Loop() {
		c = fpc.New(fpc.Config{})
		h := fpc.NewHook(c)
		stored, rows = 0, 0
		for _, batch := range batches {
			if err := h.OnBatch(context.Background(), batch); err != nil {
				b.Fatal(err)
			}
			for _, r := range h.Rows() {
				stored += len(r.Centre) + 2*len(r.Fingerprints)
				rows++
			}
		}
	}
	if c.Len() < 10 || c.Len() > 20 {
		b.Fatalf("%d clusters of 14 templates", c.Len())
	}
	b.ReportMetric(float64(b.N*len(pages))/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(float64(stored)/float64(rows), "stored-B/cluster")
}

// BenchmarkRestore loads the stored clusters of the 42 pages (decoding
// them and deriving their centres, fingerprints and indexes) and reports
// the heap a live restored cluster holds.
func BenchmarkRestore(b *testing.B) {
	pages := loadPages(b)
	docs := make([]*html.Node, len(pages))
	for i, p := range pages {
		docs[i] = p.doc
	}
	c := fpc.New(fpc.Config{})
	c.AddBatch(fpc.ExtractAll(docs))
	rows, err := c.Changed()
	if err != nil || len(rows) < 10 {
		b.Fatalf("Changed = %d rows, %v", len(rows), err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := fpc.New(fpc.Config{}).Restore(rows); err != nil {
			b.Fatal(err)
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	live := fpc.New(fpc.Config{})
	if err := live.Restore(rows); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if live.Len() != len(rows) {
		b.Fatalf("restored %d clusters of %d", live.Len(), len(rows))
	}
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(len(rows)), "heap-B/cluster")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rows)), "ns/cluster")
}

func TestJSFunctionNames(t *testing.T) {
	doc, _ := html.Parse(bytes.NewReader([]byte(`<script>function init(a){} var go = function(){}; obj = {run: function(){}}; (function(){})();</script><div onclick="x1=function(){}"></div>`)))
	want := fpc.Extract(doc)
	doc2, _ := html.Parse(bytes.NewReader([]byte(`<script>function init(){} go = function(){}; z={run:function(){}}</script><p onload="x1 = function(){}">`)))
	if got := fpc.Extract(doc2); fpc.PageSimilarity(want, got) <= fpc.PageSimilarity(want, fpc.Extract(&html.Node{Type: html.DocumentNode})) {
		t.Error("pages defining the same JS functions are no more similar than an empty page")
	}
}

// TestPageFeaturesClusterAsDOM clusters the 42 pages in batches of 10 twice:
// from their DOMs in OnBatch, and with WithPageFeatures from the features
// OnPage kept (the DOM gone before OnBatch, as the engine drops it). The
// clusters must be the same, and BatchNeeds must say the DOM is needed
// only without WithPageFeatures.
func TestPageFeaturesClusterAsDOM(t *testing.T) {
	pages := loadPages(t)
	ctx := context.Background()
	run := func(onPage bool) []int64 {
		var opts []fpc.HookOption
		if onPage {
			opts = append(opts, fpc.WithPageFeatures())
		}
		h := fpc.NewHook(fpc.New(fpc.Config{}), opts...)
		if got := h.BatchNeeds().DOM; got == onPage {
			t.Fatalf("WithPageFeatures %v: BatchNeeds().DOM = %v", onPage, got)
		}
		var ids []int64
		for start := 0; start < len(pages); start += 10 {
			b := &crawl.Batch{Final: start+10 >= len(pages)}
			for i, p := range pages[start:min(start+10, len(pages))] {
				cp := &crawl.Page{Seq: int64(start + i + 1), URL: p.path, Doc: p.doc}
				if onPage {
					if err := h.OnPage(ctx, cp); err != nil {
						t.Fatal(err)
					}
					cp.Doc = nil
				}
				b.Pages = append(b.Pages, cp)
			}
			if err := h.OnBatch(ctx, b); err != nil {
				t.Fatal(err)
			}
			for _, p := range b.Pages {
				ids = append(ids, p.Cluster)
			}
		}
		return ids
	}
	dom, kept := run(false), run(true)
	if !slices.Equal(dom, kept) {
		t.Fatalf("clusters from the DOM %v, from kept features %v", dom, kept)
	}
	if slices.Contains(kept, 0) {
		t.Fatalf("a page without a cluster: %v", kept)
	}
}
