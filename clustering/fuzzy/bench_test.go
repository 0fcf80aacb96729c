package fuzzy_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/crawl-project/crawl/clustering/fuzzy"
)

// bbcArticle is one line of testdata/bbc-heads.tsv.gz.
type bbcArticle struct {
	topic, title string
	sentences    []string // first sentence of each of the first paragraphs
}

func loadBBC(tb testing.TB) []bbcArticle {
	tb.Helper()
	f, err := os.Open("testdata/bbc-heads.tsv.gz")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var out []bbcArticle
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) < 4 {
			tb.Fatalf("bbc-heads line %d has %d fields", len(out)+1, len(fs))
		}
		out = append(out, bbcArticle{topic: fs[0], title: fs[2], sentences: fs[3:]})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) != 2225 {
		tb.Fatalf("bbc-heads has %d articles, want 2225", len(out))
	}
	return out
}

// entities returns the runs of capitalised words of s that do not start a
// sentence, such as "Time Warner" or "AOL": the kind of phrases news sites
// put in their meta keywords.
func entities(s string) []string {
	var out, run []string
	words := strings.Fields(s)
	for i, w := range words {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		r, _ := utf8.DecodeRuneInString(w)
		startsSentence := i == 0 || strings.HasSuffix(words[i-1], ".")
		if w != "" && unicode.IsUpper(r) && !startsSentence {
			run = append(run, w)
			continue
		}
		if len(run) > 0 {
			out = append(out, strings.Join(run, " "))
			run = run[:0]
		}
	}
	if len(run) > 0 {
		out = append(out, strings.Join(run, " "))
	}
	return out
}

// bbcDocs builds n pages from the BBC articles: page i is article
// i mod 2225 in variant v = i / 2225: its real title, as description the
// first sentence of paragraph v (mod the paragraphs it has), as keywords up
// to 8 named-entity phrases of that sentence and the next, comma-separated.
// It also returns each page's BBC topic.
func bbcDocs(arts []bbcArticle, n int) ([]fuzzy.Doc, []string) {
	docs := make([]fuzzy.Doc, n)
	topics := make([]string, n)
	for i := range docs {
		a, v := arts[i%len(arts)], i/len(arts)
		desc := a.sentences[v%len(a.sentences)]
		kw := append(entities(desc), entities(a.sentences[(v+1)%len(a.sentences)])...)
		docs[i] = fuzzy.Doc{ID: int64(i + 1), Title: a.title, Keywords: strings.Join(kw[:min(8, len(kw))], ", "), Description: desc}
		topics[i] = a.topic
	}
	return docs, topics
}

// zipfDocs is a vocabulary model of n pages after tokenisation: 200 topics,
// each word drawn with probability ½ from the page's topic vocabulary (1,000
// words, Zipf s = 1.1) and otherwise from a global one (50,000 words, Zipf
// s = 1.1); titles 5–10 words, keywords 3–8, descriptions 12–30 (lengths of
// real news pages' tags). Words are space-separated, keywords comma-separated.
func zipfDocs(n int, seed uint64) []fuzzy.Doc {
	rng := rand.New(rand.NewPCG(seed, 1))
	global := rand.NewZipf(rand.New(rand.NewPCG(seed, 2)), 1.1, 1, 49_999)
	local := rand.NewZipf(rand.New(rand.NewPCG(seed, 3)), 1.1, 1, 999)
	word := func(topic int) string {
		if rng.IntN(2) == 0 {
			return fmt.Sprintf("t%dw%d", topic, local.Uint64())
		}
		return fmt.Sprintf("g%d", global.Uint64())
	}
	words := func(topic, lo, hi int, sep string) string {
		ws := make([]string, lo+rng.IntN(hi-lo+1))
		for k := range ws {
			ws[k] = word(topic)
		}
		return strings.Join(ws, sep)
	}
	docs := make([]fuzzy.Doc, n)
	for i := range docs {
		topic := rng.IntN(200)
		docs[i] = fuzzy.Doc{ID: int64(i + 1), Title: words(topic, 5, 10, " "), Keywords: words(topic, 3, 8, ", "), Description: words(topic, 12, 30, " ")}
	}
	return docs
}

func benchCluster(b *testing.B, docs []fuzzy.Doc, workers int) {
	b.ReportAllocs()
	var r *fuzzy.Result
	for b.Loop() {
		var err error
		r, err = fuzzy.Cluster(context.Background(), docs, fuzzy.Config{Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
	}
	covered := 0
	for _, t := range r.Topics() {
		covered += len(t.Pages)
	}
	if covered != len(docs) || len(r.Topics()) < 2 || len(r.Topics()) >= len(docs) {
		b.Fatalf("%d topics covering %d of %d pages", len(r.Topics()), covered, len(docs))
	}
	if per := b.Elapsed() / time.Duration(b.N); len(docs) <= 10_000 && per > 5*time.Second {
		b.Errorf("clustering %d pages took %v, target < 5s", len(docs), per)
	}
	b.ReportMetric(float64(len(r.Topics())), "topics")
	b.ReportMetric(float64(r.Matrix.NNZ()), "nnz")
}

func BenchmarkClusterBBC10k(b *testing.B) {
	docs, _ := bbcDocs(loadBBC(b), 10_000)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) { benchCluster(b, docs, w) })
	}
}

// BenchmarkClusterBBC10kHosts is BenchmarkClusterBBC10k with the
// boilerplate of TestSiteBoilerplateBBC, the pages spread over hosts of
// 10 pages (the site corrections of a small host, commonRamp) or of 200
// (a host's shares as they are).
func BenchmarkClusterBBC10kHosts(b *testing.B) {
	docs, _ := bbcDocs(loadBBC(b), 10_000)
	docs = boilerplate(docs)
	for _, size := range []int{10, 200} {
		hosted := slices.Clone(docs)
		for i := range hosted {
			hosted[i].Host = fmt.Sprintf("site%d-%d.example:80", i%3, i/(3*size))
		}
		b.Run(fmt.Sprintf("host=%d", size), func(b *testing.B) { benchCluster(b, hosted, 1) })
	}
}

func BenchmarkClusterZipf10k(b *testing.B) {
	docs := zipfDocs(10_000, 1)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) { benchCluster(b, docs, w) })
	}
}

// BenchmarkSpan10k times the maximum spanning forest alone, on the
// matrices of the 10,000 BBC and Zipf-model pages.
func BenchmarkSpan10k(b *testing.B) {
	bbc, _ := bbcDocs(loadBBC(b), 10_000)
	for _, c := range []struct {
		name string
		docs []fuzzy.Doc
	}{{"BBC", bbc}, {"Zipf", zipfDocs(10_000, 1)}} {
		r, err := fuzzy.Cluster(context.Background(), c.docs, fuzzy.Config{})
		if err != nil {
			b.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", c.name, w), func(b *testing.B) {
				b.ReportAllocs()
				var d *fuzzy.Dendrogram
				for b.Loop() {
					if d, err = fuzzy.Span(context.Background(), r.Matrix, w); err != nil {
						b.Fatal(err)
					}
				}
				if !slices.Equal(d.Edges(), r.Dendrogram.Edges()) {
					b.Fatalf("%d edges differ from Cluster's %d", len(d.Edges()), len(r.Dendrogram.Edges()))
				}
			})
		}
	}
}

// TestMemoryPerNonZero measures the bytes allocated by Span per non-zero
// weight on Zipf-model corpora of growing size: it must stay bounded and
// roughly constant (memory linear in the non-zeros, no n² pair storage).
func TestMemoryPerNonZero(t *testing.T) {
	var perNNZ []float64
	for _, n := range []int{2000, 4000, 8000} {
		r, err := fuzzy.Cluster(context.Background(), zipfDocs(n, 5), fuzzy.Config{})
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := fuzzy.Span(context.Background(), r.Matrix, 2); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		bytes := float64(after.TotalAlloc - before.TotalAlloc)
		perNNZ = append(perNNZ, bytes/float64(r.Matrix.NNZ()))
		t.Logf("n=%d nnz=%d matrix=%d B (%.1f B/nnz); Span allocated %.0f B = %.1f B/nnz", n, r.Matrix.NNZ(),
			fuzzy.MatrixBytes(r.Matrix), float64(fuzzy.MatrixBytes(r.Matrix))/float64(r.Matrix.NNZ()), bytes, perNNZ[len(perNNZ)-1])
	}
	for _, b := range perNNZ {
		if b > 64 || b > 1.5*perNNZ[0] {
			t.Errorf("Span bytes per non-zero %v: not bounded and constant", perNNZ)
		}
	}
}
