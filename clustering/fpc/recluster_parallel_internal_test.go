package fpc

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// The installed documentation sites the final pass is measured on
// (skipped where they are not installed).
var docSites = []struct{ name, dir string }{
	{"python", "/usr/share/doc/python3.11/html"},
	{"postgresql", "/usr/share/doc/postgresql-doc-15/html"},
}

// parallelSites returns real page sets by name: the embedded subsets of
// the PostgreSQL and Python docs and the testdata pages, and (but with
// -short) the installed sites.
func parallelSites(t testing.TB) map[string][]*Features {
	t.Helper()
	sites := map[string][]*Features{}
	for _, name := range []string{docsubset.PostgreSQL15, docsubset.Python311} {
		subset, err := docsubset.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range subset {
			doc, err := htmldecode.Parse(p.Body, "")
			if err != nil {
				t.Fatalf("%s: %v", p.Path, err)
			}
			sites[name] = append(sites[name], Extract(doc))
		}
	}
	_, sites["testdata"] = extractDir(t, "testdata/pages")
	if testing.Short() {
		return sites
	}
	for _, s := range docSites {
		if _, err := os.Stat(s.dir); err == nil {
			_, sites[s.name] = extractDir(t, s.dir)
		}
	}
	return sites
}

func extractDir(t testing.TB, dir string) ([]string, []*Features) {
	t.Helper()
	paths, feats, err := ExtractDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return paths, feats
}

// reclustered is everything Recluster gives: each page's cluster, the
// rows of the clusters (centres' accumulators bit for bit, sizes,
// fingerprints) and the ids removed.
type reclustered struct {
	ids     []int64
	rows    []Row
	removed []int64
}

// reclusterWith clusters feats incrementally in batches of batch pages
// (0: one batch), then reclusters them on procs goroutines.
func reclusterWith(t testing.TB, feats []*Features, cfg Config, batch, procs int) reclustered {
	t.Helper()
	c := New(cfg)
	step := batch
	if step <= 0 {
		step = len(feats)
	}
	var prev []int64
	for k := 0; k < len(feats); k += step {
		prev = append(prev, c.AddBatch(feats[k:min(len(feats), k+step)])...)
	}
	if _, err := c.Changed(); err != nil {
		t.Fatal(err)
	}
	c.reclusterProcs = procs
	var r reclustered
	r.ids = c.Recluster(feats, prev, batch)
	rows, err := c.Changed()
	if err != nil {
		t.Fatal(err)
	}
	r.rows, r.removed = rows, c.Removed()
	return r
}

// TestReclusterParallelIdentical: Recluster on 2, 3 and every core gives
// what it gives on one, exactly (each page's cluster, every cluster's
// accumulator bit for bit, its fingerprints, the ids removed), on real
// sites, in the crawl's batches of 200, in smaller ones and in one batch
// (the batches side by side, or one batch's loops on several goroutines:
// addBatches), with the paper's singletons too.
func TestReclusterParallelIdentical(t *testing.T) {
	for name, feats := range parallelSites(t) {
		for _, batch := range []int{200, 64, 0} {
			for _, keep := range []bool{false, true} {
				cfg := Config{KeepSingletons: keep}
				t.Run(fmt.Sprintf("%s/batch%d/keep%v", name, batch, keep), func(t *testing.T) {
					want := reclusterWith(t, feats, cfg, batch, 1)
					for _, procs := range []int{2, 3, 0} {
						got := reclusterWith(t, feats, cfg, batch, procs)
						if !reflect.DeepEqual(got.ids, want.ids) {
							t.Errorf("procs %d: page clusters differ from the serial pass", procs)
						}
						if !reflect.DeepEqual(got.rows, want.rows) {
							t.Errorf("procs %d: cluster rows (centres, sizes, fingerprints) differ from the serial pass", procs)
						}
						if !reflect.DeepEqual(got.removed, want.removed) {
							t.Errorf("procs %d: removed %v, serial %v", procs, got.removed, want.removed)
						}
					}
					t.Logf("%d pages, %d clusters", len(feats), len(want.rows))
				})
			}
		}
	}
}

// BenchmarkRecluster is the final pass over an installed documentation
// site's pages (clustered incrementally in batches of 200 before the
// timer), serial and on every core, in one run: compare their ns/op.
func BenchmarkRecluster(b *testing.B) {
	for _, s := range docSites {
		if _, err := os.Stat(s.dir); err != nil {
			continue
		}
		_, feats := extractDir(b, s.dir)
		c := New(Config{})
		var prev []int64
		for k := 0; k < len(feats); k += 200 {
			prev = append(prev, c.AddBatch(feats[k:min(len(feats), k+200)])...)
		}
		for _, m := range []struct {
			name  string
			procs int
		}{{"serial", 1}, {"parallel", 0}} {
			b.Run(s.name+"/"+m.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					r := New(Config{})
					r.reclusterProcs = m.procs
					r.Recluster(feats, prev, 200)
				}
				b.ReportMetric(float64(len(feats)), "pages/op")
			})
		}
	}
}

// TestParallelPanicOnCaller: a panic in a goroutine of a parallel loop is
// raised again on the caller's goroutine, where the hook runner recovers
// it, instead of ending the process.
func TestParallelPanicOnCaller(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		func() {
			defer func() {
				if v := recover(); v != "bad page" {
					t.Errorf("procs %d: recovered %v; want the loop's panic", procs, v)
				}
			}()
			chunks(procs, 100, 10, func(lo, hi int) {
				if lo <= 57 && 57 < hi {
					panic("bad page")
				}
			})
		}()
	}
}

// TestReclusterPanicOnCaller: a page that breaks one batch's MKmeans while
// Recluster's batches run side by side panics on the caller (the hook
// runner recovers it there), not on a goroutine of its own, which would
// end the process.
func TestReclusterPanicOnCaller(t *testing.T) {
	doc, err := html.Parse(strings.NewReader("<html><body><ul><li>a</li><li>b</li></ul></body></html>"))
	if err != nil {
		t.Fatal(err)
	}
	feats := []*Features{Extract(doc)}
	for range 7 {
		feats = append(feats, feats[0])
	}
	feats = append(feats, nil) // no features: MKmeans dereferences it
	defer func() {
		if recover() == nil {
			t.Error("the batches' MKmeans over a nil page did not panic on their caller")
		}
	}()
	New(Config{}).addBatches(feats, 2, 2) // Recluster's batches, side by side
}
