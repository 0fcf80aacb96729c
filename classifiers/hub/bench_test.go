package hub_test

import (
	"os"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// loadExamples reads a labelled TSV of testdata.
func loadExamples(tb testing.TB, path string) []hub.Example {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	ex, err := hub.ReadTSV(f)
	if err != nil {
		tb.Fatal(err)
	}
	return ex
}

func loadURLs(tb testing.TB) []hub.Example { return loadExamples(tb, "testdata/urls.tsv") }

// BenchmarkClassify classifies the 10,810 real URLs of testdata/urls.tsv in
// turn with the shipped model, feature extraction included.
func BenchmarkClassify(b *testing.B) { benchClassify(b, loadURLs(b)) }

// BenchmarkClassifyLinks classifies the 1,236 real links of
// testdata/links/test.tsv with their anchor text, so the anchor layer runs
// on every one.
func BenchmarkClassifyLinks(b *testing.B) { benchClassify(b, loadLinks(b, "test.tsv")) }

func benchClassify(b *testing.B, ex []hub.Example) {
	c, err := hub.Default()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i, hubs := 0, 0
	for b.Loop() {
		if label, _ := c.Classify(ex[i].URLInfo); hub.IsHub(label) {
			hubs++
		}
		if i++; i == len(ex) {
			i = 0
		}
	}
	if b.N > len(ex) && hubs == 0 {
		b.Fatal("no URL classified hub")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
}

// BenchmarkExtract is the feature extraction alone.
func BenchmarkExtract(b *testing.B) {
	c, err := hub.Default()
	if err != nil {
		b.Fatal(err)
	}
	t := c.Tables()
	ex := loadURLs(b)
	b.ReportAllocs()
	i := 0
	var sum float64
	for b.Loop() {
		v := hub.Extract(ex[i].URLInfo, &t)
		sum += v[hub.FURLLen]
		if i++; i == len(ex) {
			i = 0
		}
	}
	if sum <= 0 {
		b.Fatal("no URL length")
	}
}
