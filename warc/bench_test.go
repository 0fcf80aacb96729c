package warc_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"

	"github.com/crawl-project/crawl/warc"
)

// BenchmarkWriteExchange writes one exchange of a 16 KB HTML page: the
// cost a crawl pays per page for its archive.
//
//	go test ./warc -run '^$' -bench WriteExchange
func BenchmarkWriteExchange(b *testing.B) {
	var page strings.Builder
	for i := 0; page.Len() < 16<<10; i++ {
		fmt.Fprintf(&page, "<p><a href=\"/p/%d\">item %d</a> words about the page %d and its topic</p>\n", i, i, i*7)
	}
	x := warc.Exchange{
		URL: "http://127.0.0.1:8080/p/1", IP: "127.0.0.1", Date: time.Now(),
		Request:  []byte("GET /p/1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: crawl/1.0\r\nAccept-Encoding: gzip\r\n\r\n"),
		Response: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 16400\r\n\r\n"),
		Body:     []byte(page.String()),
	}
	w, err := warc.New(warc.Config{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(x.Body)))
	for b.Loop() {
		if err := w.WriteExchange(x); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(w.Files()[0])
	if err != nil || st.Size() == 0 {
		b.Fatalf("nothing written: %v", err)
	}
	b.ReportMetric(float64(st.Size())/float64(b.N)/float64(len(x.Body)), "file-bytes/body-byte")
}

// BenchmarkWriteExchangeParallel writes exchanges of 64 different 16 KB
// pages from 8 goroutines a core, as a crawl's workers outnumber the
// cores: what the Writer's encoder pool saves when it hands a goroutine
// the encoder whose tables are still in the cache.
//
//	go test ./warc -run '^$' -bench WriteExchangeParallel
func BenchmarkWriteExchangeParallel(b *testing.B) {
	xs := make([]warc.Exchange, 64)
	for k := range xs {
		var page strings.Builder
		for i := 0; page.Len() < 16<<10; i++ {
			fmt.Fprintf(&page, "<p><a href=\"/p/%d/%d\">item %d of %d</a> words about page %d and its topic %d</p>\n", k, i, i, k, i*7+k, i%(k+3))
		}
		xs[k] = warc.Exchange{
			URL: fmt.Sprintf("http://127.0.0.1:8080/p/%d", k), IP: "127.0.0.1", Date: time.Now(),
			Request:  []byte("GET /p/1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: crawl/1.0\r\nAccept-Encoding: gzip\r\n\r\n"),
			Response: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"),
			Body:     []byte(page.String()),
		}
	}
	w, err := warc.New(warc.Config{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(xs[0].Body)))
	b.SetParallelism(8)
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := w.WriteExchange(xs[next.Add(1)%int64(len(xs))]); err != nil {
				b.Error(err)
				return
			}
		}
	})
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(w.Files()[0])
	if err != nil || st.Size() < int64(b.N)*int64(len(xs[0].Body))/8 {
		b.Fatalf("%d exchanges wrote too little: %v", b.N, err)
	}
}

var benchHTML = flag.String("warc.html", "", "a glob of real HTML pages for BenchmarkGzipLevel (e.g. '/usr/share/doc/postgresql-doc-15/html/sql-*.html'); default the Common Crawl sample's page")

// BenchmarkGzipLevel gzips the first 60 pages of -warc.html (default: the
// response of the Common Crawl sample) at the levels
// of klauspost/compress a writer could use and reports the compressed
// share of the bytes; its instruction counts under callgrind, one level at
// a time, are the cost side (the writer uses level 1, see gzipLevel):
//
//	go test -c -o /tmp/w.test ./warc
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind /tmp/w.test -test.run '^$' \
//	  -test.bench 'GzipLevel/level1$' -test.benchtime 5x -warc.html '/usr/share/doc/python3.11/html/library/*.html'
func BenchmarkGzipLevel(b *testing.B) {
	var pages [][]byte
	raw := 0
	files, _ := filepath.Glob(*benchHTML)
	for _, f := range files[:min(60, len(files))] {
		p, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		pages, raw = append(pages, p), raw+len(p)
	}
	if len(pages) == 0 { // default: the Common Crawl sample's page
		a, errs := warc.OpenArchive([]string{commonCrawlSample})
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		rec, err := a.Lookup(a.URLs()[0])
		a.Close()
		if err != nil {
			b.Fatal(err)
		}
		pages, raw = [][]byte{rec.Block}, len(rec.Block)
	}
	for _, level := range []int{gzip.BestSpeed, 2, 3, 4, 5, gzip.HuffmanOnly, gzip.StatelessCompression} {
		b.Run(fmt.Sprintf("level%d", level), func(b *testing.B) {
			var buf bytes.Buffer
			zw, err := gzip.NewWriterLevel(&buf, level)
			if err != nil {
				b.Fatal(err)
			}
			total := 0
			for b.Loop() {
				total = 0
				for _, p := range pages {
					buf.Reset()
					zw.Reset(&buf)
					zw.Write(p)
					zw.Close()
					total += buf.Len()
				}
			}
			if total == 0 || total >= raw*2 {
				b.Fatalf("%d compressed bytes of %d", total, raw)
			}
			b.ReportMetric(float64(total)/float64(raw), "compressed/raw")
		})
	}
}

// BenchmarkDeflatersInTurn deflates the pages of -warc.html (all of them;
// default 200 generated 16 KB pages) at the writer's level, page i with
// deflater i mod n: with n = 1 or 2 the deflaters' tables stay in the
// CPU's cache, with 16 (a crawl's workers, each with its own, as a queue
// of encoders gives them out) each comes back cold. It is why the
// Writer's encoder pool is a stack with at most one encoder a core out.
//
//	go test ./warc -run '^$' -bench DeflatersInTurn -warc.html '/usr/share/doc/postgresql-doc-15/html/*.html'
func BenchmarkDeflatersInTurn(b *testing.B) {
	var pages [][]byte
	files, _ := filepath.Glob(*benchHTML)
	for _, f := range files {
		p, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, p)
	}
	for k := 0; len(files) == 0 && k < 200; k++ {
		var page strings.Builder
		for i := 0; page.Len() < 16<<10; i++ {
			fmt.Fprintf(&page, "<p><a href=\"/p/%d/%d\">item %d of %d</a> words about page %d and its topic %d</p>\n", k, i, i, k, i*7+k, i%(k+3))
		}
		pages = append(pages, []byte(page.String()))
	}
	raw := 0
	for _, p := range pages {
		raw += len(p)
	}
	for _, n := range []int{1, 2, 16} {
		b.Run(fmt.Sprintf("deflaters%d", n), func(b *testing.B) {
			zs := make([]*flate.Writer, n)
			outs := make([]bytes.Buffer, n)
			for i := range zs {
				zs[i], _ = flate.NewWriter(nil, gzip.BestSpeed)
			}
			var out int
			deflateAll := func() {
				out = 0
				for i, p := range pages {
					z, o := zs[i%n], &outs[i%n]
					o.Reset()
					z.Reset(o)
					if _, err := z.Write(p); err != nil {
						b.Fatal(err)
					}
					if err := z.Flush(); err != nil {
						b.Fatal(err)
					}
					out += o.Len()
				}
			}
			for i := range n { // warm: every deflater has its tables and window
				for j := i; j < len(pages); j += n {
					zs[i].Reset(&outs[i])
					zs[i].Write(pages[j])
					zs[i].Flush()
				}
			}
			b.ReportAllocs()
			b.SetBytes(int64(raw))
			for b.Loop() {
				deflateAll()
			}
			if out == 0 || out >= raw {
				b.Fatalf("deflated %d bytes to %d", raw, out)
			}
			b.ReportMetric(float64(out)/float64(raw), "out/in")
		})
	}
	// flate.StatelessDeflate: no deflater to keep, a 32 KB table on the
	// stack, blocks of at most 32 KB (a smaller window)
	b.Run("stateless", func(b *testing.B) {
		var o bytes.Buffer
		var out int
		b.ReportAllocs()
		b.SetBytes(int64(raw))
		for b.Loop() {
			out = 0
			for _, p := range pages {
				o.Reset()
				if err := flate.StatelessDeflate(&o, p, false, nil); err != nil {
					b.Fatal(err)
				}
				out += o.Len()
			}
		}
		if out == 0 || out >= raw {
			b.Fatalf("deflated %d bytes to %d", raw, out)
		}
		b.ReportMetric(float64(out)/float64(raw), "out/in")
	})
}
