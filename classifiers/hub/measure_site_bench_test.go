package hub_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// BenchmarkMeasurePageAtSite runs MeasurePageAt over every .html page of
// the directory HUB_SITE_DIR names (an installed documentation site, e.g.
// /usr/share/doc/python3.11/html), each parsed once before the timer
// starts; skipped when it is not set. Under callgrind with
// -test.benchtime 1x it is the site's whole evidence walk (README.md,
// session 20).
func BenchmarkMeasurePageAtSite(b *testing.B) {
	dir := os.Getenv("HUB_SITE_DIR")
	if dir == "" {
		b.Skip("HUB_SITE_DIR not set")
	}
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	docs, urls := make([]*html.Node, 0, len(paths)), make([]string, 0, len(paths))
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		doc, err := html.Parse(bufio.NewReader(f))
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		docs, urls = append(docs, doc), append(urls, "http://docs.test/"+filepath.ToSlash(rel))
	}
	b.ResetTimer()
	for b.Loop() {
		for i, doc := range docs {
			hub.MeasurePageAt(doc, urls[i])
		}
	}
	b.ReportMetric(float64(len(docs)), "pages/op")
}
