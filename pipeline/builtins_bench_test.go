//go:build unix

package pipeline_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/internal/docsubset"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// readSubset reads a real-site subset (internal/docsubset): name → body.
func readSubset(tb testing.TB, subset string) map[string][]byte {
	tb.Helper()
	pages, err := docsubset.Read(subset)
	if err != nil {
		tb.Fatal(err)
	}
	out := make(map[string][]byte, len(pages))
	for _, p := range pages {
		out[p.Path] = p.Body
	}
	return out
}

// serveSubset serves pages under their names and an index page at / that
// links to every one of them, in name order.
func serveSubset(pages map[string][]byte) (*httptest.Server, []string) {
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	slices.Sort(names)
	var idx strings.Builder
	idx.WriteString("<html><head><title>index</title></head><body><ul>")
	for _, n := range names {
		fmt.Fprintf(&idx, "<li><a href=\"/%s\">%s</a></li>\n", n, n)
	}
	idx.WriteString("</ul></body></html>")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/" {
			io.WriteString(w, idx.String())
			return
		}
		body, ok := pages[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	return srv, names
}

// crawlBuiltinsOnce crawls the served subset once, with every built-in on or all
// off, exports included, and returns the CPU time it took and the store's
// pages.
func crawlBuiltinsOnce(b *testing.B, base string, topicSeeds []string, on bool) (time.Duration, []store.PageRow, int) {
	dir := b.TempDir()
	cfg := config.Default()
	cfg.Seeds = []string{base + "/"}
	cfg.DB = filepath.Join(dir, "b.db")
	cfg.Out = filepath.Join(dir, "out")
	cfg.Politeness.NoDelay = true
	cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = 4, 4
	cfg.Scope.MaxDepth = 1
	if on {
		cfg.Hub.Enabled, cfg.Clustering.Enabled, cfg.Extraction.Enabled, cfg.Topics.Enabled = true, true, true, true
		cfg.Topic.Enabled, cfg.Topic.Seeds = true, topicSeeds
	}
	start := cpuTime()
	if _, err := pipeline.Crawl(context.Background(), &cfg, pipeline.Options{}, io.Discard); err != nil {
		b.Fatal(err)
	}
	spent := cpuTime() - start
	st, err := store.Open(context.Background(), cfg.DB)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	var rows []store.PageRow
	if err := st.ExportPages(context.Background(), func(r store.PageRow) error {
		rows = append(rows, r)
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	records := 0
	if err := st.ExportRecords(context.Background(), func(store.RecordRow) error {
		records++
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	return spent, rows, records
}

// BenchmarkCrawlBuiltins crawls real documentation pages served on
// loopback (a subset of the Python 3.11 and of the PostgreSQL 15
// documentation) with every built-in on and with all of them off, one
// after the other in each iteration, exports included, and reports the
// process CPU time per page of each and their ratio (cpu-off/on: the
// pages/s ratio of a CPU-bound crawl; issue 13 asks for ≥ 0.8). Every page
// of the built-ins-on crawl must get a template cluster and a relevance,
// and the Python pages records.
//
//	go test ./pipeline -run '^$' -bench CrawlBuiltins -benchtime 3x
func BenchmarkCrawlBuiltins(b *testing.B) {
	sites := []struct {
		name, file string
		seeds      []string
		records    bool
	}{
		{"python", docsubset.Python311,
			[]string{"library/asyncio-future.html", "library/asyncio-sync.html", "library/ssl.html"}, true},
		{"postgres", docsubset.PostgreSQL15,
			[]string{"sql-createtable.html", "sql-createindex.html", "sql-createdatabase.html"}, true},
	}
	for _, s := range sites {
		b.Run(s.name, func(b *testing.B) {
			pages := readSubset(b, s.file)
			srv, _ := serveSubset(pages)
			defer srv.Close()
			var seeds []string
			for _, p := range s.seeds {
				if _, ok := pages[p]; ok {
					seeds = append(seeds, srv.URL+"/"+p)
				}
			}
			if len(seeds) == 0 {
				b.Fatalf("none of the topic seeds %v is in %s", s.seeds, s.file)
			}
			b.ReportAllocs()
			var off, on time.Duration
			n := 0
			for b.Loop() {
				c, offRows, _ := crawlBuiltinsOnce(b, srv.URL, seeds, false)
				off += c
				c, onRows, records := crawlBuiltinsOnce(b, srv.URL, seeds, true)
				on += c
				if len(offRows) != len(pages)+1 || len(onRows) != len(offRows) {
					b.Fatalf("stored %d pages off, %d on; want %d", len(offRows), len(onRows), len(pages)+1)
				}
				for _, r := range onRows {
					if r.Cluster == 0 || r.Relevance < 0 {
						b.Fatalf("page %s: cluster %d, relevance %g: every page needs both", r.URL, r.Cluster, r.Relevance)
					}
				}
				if s.records && records == 0 {
					b.Fatalf("no records from %s", s.file)
				}
				n += len(onRows)
			}
			b.ReportMetric(float64(off.Microseconds())/float64(n), "off-µs/page")
			b.ReportMetric(float64(on.Microseconds())/float64(n), "on-µs/page")
			b.ReportMetric(float64(off)/float64(max(on, 1)), "cpu-off/on")
		})
	}
}
