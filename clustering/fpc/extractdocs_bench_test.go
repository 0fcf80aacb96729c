package fpc_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/htmldecode"
)

var docsDir = flag.String("fpc.docs", "/usr/share/doc/python3.11/html", "a directory of real pages for BenchmarkExtractDocs (every .html below it), e.g. /usr/share/doc/postgresql-doc-15/html")

// BenchmarkExtractDocs extracts the features of every page of a real
// documentation site (-fpc.docs, parsed once before the timer), as the
// hook's OnPage does in a crawl of it: one op is the whole site. cold
// takes the pages as they lie in memory (the site's trees are far larger
// than the caches); warm reads each page's tree first (touch), as a
// crawl's parser and earlier hooks have, and reports the time in Extract
// alone as extract-ns/op (callgrind: --toggle-collect='*fpc.Extract'). It
// is skipped when the directory is not there.
func BenchmarkExtractDocs(b *testing.B) {
	var docs []*html.Node
	err := filepath.WalkDir(*docsDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		doc, err := htmldecode.ParseFile(p)
		docs = append(docs, doc)
		return err
	})
	if os.IsNotExist(err) || len(docs) == 0 {
		b.Skip("no pages in", *docsDir)
	}
	if err != nil {
		b.Fatal(err)
	}
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		layers := 0
		for b.Loop() {
			for _, d := range docs {
				layers += len(fpc.Extract(d).Layers)
			}
		}
		if layers == 0 {
			b.Fatal("no layers")
		}
		b.ReportMetric(float64(len(docs)), "pages/op")
	})
	b.Run("warm", func(b *testing.B) {
		growStack(8)
		b.ReportAllocs()
		layers, sum := 0, 0
		var in time.Duration
		for b.Loop() {
			for _, d := range docs {
				sum += touch(d)
				t := time.Now()
				layers += len(fpc.Extract(d).Layers)
				in += time.Since(t)
			}
		}
		if layers == 0 || sum == 0 {
			b.Fatal("no layers")
		}
		b.ReportMetric(float64(in.Nanoseconds())/float64(b.N), "extract-ns/op")
		b.ReportMetric(float64(len(docs)), "pages/op")
	})
}

// touch reads every node of n's tree, its attributes and its strings, as
// the parser and the hooks before the fpc one have in a crawl, so that
// Extract finds the page in the caches that hold it.
func touch(n *html.Node) int {
	s := len(n.Data)
	for i := 0; i < len(n.Data); i += 64 {
		s += int(n.Data[i])
	}
	for _, a := range n.Attr {
		s += len(a.Key) + len(a.Val)
		for i := 0; i < len(a.Val); i += 64 {
			s += int(a.Val[i])
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		s += touch(c)
	}
	return s
}

// growStack grows the goroutine's stack by depth × 16 KB before the
// timed loop, so that the stack is not moved inside Extract: callgrind
// loses track of calls and returns where Go copies a stack, and its
// --toggle-collect='*fpc.Extract' then counts what comes after, too.
func growStack(depth int) byte {
	var pad [16 << 10]byte
	pad[depth] = byte(depth)
	if depth > 0 {
		pad[0] = growStack(depth - 1)
	}
	return pad[depth] + pad[0]
}
