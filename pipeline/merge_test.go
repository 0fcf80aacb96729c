package pipeline_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// parts is how many "processes" the merge tests split a crawl into.
const parts = 4

// partSite serves the PostgreSQL subset with one index page per part,
// /part/K, listing the pages whose position in name order is K mod parts.
func partSite(t testing.TB) (*httptest.Server, []string) {
	t.Helper()
	pages := readSubset(t, docsubset.PostgreSQL15)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range pages {
			if !yield(n) {
				return
			}
		}
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var k int
		if _, err := fmt.Sscanf(r.URL.Path, "/part/%d", &k); err == nil {
			var b strings.Builder
			b.WriteString("<html><body><ul>")
			for i, n := range names {
				if i%parts == k {
					fmt.Fprintf(&b, "<li><a href=\"/%s\">%s</a></li>\n", n, n)
				}
			}
			b.WriteString("</ul></body></html>")
			io.WriteString(w, b.String())
			return
		}
		body, ok := pages[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	var seeds []string
	for k := range parts {
		seeds = append(seeds, fmt.Sprintf("%s/part/%d", srv.URL, k))
	}
	return srv, seeds
}

// crawlParts crawls seeds into db with every mining built-in on.
func crawlParts(t testing.TB, seeds []string, db string) {
	t.Helper()
	cfg := config.Default()
	cfg.Seeds, cfg.DB, cfg.Exports = seeds, db, nil
	cfg.Politeness.NoDelay = true
	cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = 2, 2
	cfg.Scope.MaxDepth = 1
	cfg.Batch.Size = 20
	cfg.Clustering.Enabled, cfg.Extraction.Enabled, cfg.Topics.Enabled = true, true, true
	p, err := pipeline.Open(context.Background(), &cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Run(context.Background())
	if cerr := p.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// mined is one store's (or a merge's) view of the pages: URL → cluster,
// topic, and the records by URL.
type mined struct {
	cluster, topic map[string]int64
	records        map[string]int
	columns        map[string]bool
}

func openStores(t testing.TB, dbs []string) []*store.Store {
	t.Helper()
	var out []*store.Store
	for _, db := range dbs {
		st, err := store.Open(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		out = append(out, st)
	}
	return out
}

// readMined reads the pages, records and columns that WriteMined writes
// (a nil mining: the stores' own ids, each store's ids made distinct).
func readMined(t *testing.T, stores []*store.Store, m *export.Mined) mined {
	t.Helper()
	ctx := context.Background()
	out := mined{cluster: map[string]int64{}, topic: map[string]int64{}, records: map[string]int{}, columns: map[string]bool{}}
	if m == nil {
		for i, st := range stores {
			err := st.ExportPages(ctx, func(r store.PageRow) error {
				if r.Cluster != 0 {
					out.cluster[r.URL] = int64(i)<<32 | r.Cluster
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	var b strings.Builder
	if err := export.WriteMined(ctx, stores, m, "pages", "jsonl", &b); err != nil {
		t.Fatal(err)
	}
	for _, row := range jsonRows(t, b.String()) {
		u := row["url"].(string)
		if c := int64(row["cluster"].(float64)); c != 0 {
			out.cluster[u] = c
		}
		if tp := int64(row["topic"].(float64)); tp != 0 {
			out.topic[u] = tp
		}
	}
	b.Reset()
	if err := export.WriteMined(ctx, stores, m, "records", "jsonl", &b); err != nil {
		t.Fatal(err)
	}
	for _, row := range jsonRows(t, b.String()) {
		out.records[row["page"].(string)]++
		for k, v := range row {
			if v != "" && k != "page" && k != "cluster" && k != "record" {
				out.columns[k] = true
			}
		}
	}
	return out
}

// ari is the adjusted Rand index of b's partition against a's over the
// URLs both have.
func ari(a, b map[string]int64) (float64, int) {
	var pa []int64
	var pb []string
	for u, id := range a {
		if other, ok := b[u]; ok {
			pa, pb = append(pa, id), append(pb, fmt.Sprint(other))
		}
	}
	return fpc.ARI(pa, pb), len(pa)
}

// TestMergedMiningEqualsOneProcess crawls the PostgreSQL subset once into
// one store and once split over four stores (four crawls, each of a
// quarter of the pages: the shards of four processes, each with its own
// cluster ids, records and topics), and merges the four (MineMerged). The
// merged reclustering is the one store's partition exactly (ARI 1: the
// final pass is canonical), every record of the one store is there with
// its columns, and the merged fuzzy topics are the one store's (ARI 1).
// It logs what the alternatives give: the four stores' own ids, their
// centres merged, and template centres shared while crawling (one
// clusterer fed the four processes' batches interleaved, the best a
// shared-centres design can do, with no race between processes).
func TestMergedMiningEqualsOneProcess(t *testing.T) {
	ctx := context.Background()
	_, seeds := partSite(t)
	dir := t.TempDir()
	one := filepath.Join(dir, "one.db")
	crawlParts(t, seeds, one)
	var shards []string
	for k := range parts {
		db := filepath.Join(dir, fmt.Sprintf("shard-%d.db", k))
		crawlParts(t, seeds[k:k+1], db)
		shards = append(shards, db)
	}
	oneSt := openStores(t, []string{one})
	ref, _, err := pipeline.MineMerged(ctx, oneSt, pipeline.MergeConfig{Batch: 20})
	if err != nil {
		t.Fatal(err)
	}
	single := readMined(t, oneSt, ref)
	stored := readMined(t, oneSt, nil)
	if a, n := ari(stored.cluster, single.cluster); a != 1 || n != len(stored.cluster) {
		t.Fatalf("MineMerged of the one store: ARI %.4f over %d pages against its stored clusters (%d pages), want 1", a, n, len(stored.cluster))
	}
	shardSt := openStores(t, shards)
	for _, method := range []string{pipeline.MergeRecluster, pipeline.MergeCentres} {
		m, rep, err := pipeline.MineMerged(ctx, shardSt, pipeline.MergeConfig{Batch: 20, Clusters: method})
		if err != nil {
			t.Fatal(err)
		}
		got := readMined(t, shardSt, m)
		ac, n := ari(single.cluster, got.cluster)
		at, nt := ari(single.topic, got.topic)
		t.Logf("%s: %+v; clusters ARI %.4f over %d pages; topics ARI %.4f over %d; records %d (one store %d), columns %d (%d)",
			method, rep, ac, n, at, nt, sum(got.records), sum(single.records), len(got.columns), len(single.columns))
		if method != pipeline.MergeRecluster {
			continue
		}
		if n != len(single.cluster) || n < 100 || ac != 1 {
			t.Errorf("recluster: ARI %.4f over %d pages (one store %d clustered), want 1 over all", ac, n, len(single.cluster))
		}
		if nt != len(single.topic) || at != 1 {
			t.Errorf("merged topics: ARI %.4f over %d pages (one store %d with a topic), want 1 over all", at, nt, len(single.topic))
		}
		if sum(single.records) == 0 || sum(got.records) < sum(single.records)*95/100 {
			t.Errorf("merged records %d, one store %d: want at least 95%%", sum(got.records), sum(single.records))
		}
	}
	if _, rep, err := pipeline.MineMerged(ctx, shardSt, pipeline.MergeConfig{Batch: 20, MaxRecluster: 50}); err != nil || rep.Method != pipeline.MergeCentres {
		t.Errorf("more clustered pages than MaxRecluster: %+v, %v; want the centres merged", rep, err)
	}
	if _, _, err := pipeline.MineMerged(ctx, shardSt, pipeline.MergeConfig{Clusters: "kmeans"}); err == nil || !strings.Contains(err.Error(), "kmeans") {
		t.Errorf("merge method kmeans: %v, want an error naming it", err)
	}
	own := readMined(t, shardSt, nil)
	a, n := ari(single.cluster, own.cluster)
	t.Logf("each store's own ids: ARI %.4f over %d pages", a, n)
	a, n = ari(single.cluster, sharedCentres(t, oneSt[0], seeds))
	t.Logf("centres shared while crawling (simulated, batches of the %d processes interleaved): ARI %.4f over %d pages", parts, a, n)
}

// sharedCentres clusters the pages of st as one clusterer shared by the
// processes would: the processes' batches of 20 (each process's pages in
// its fetch order) arrive interleaved, and no final pass runs.
func sharedCentres(t *testing.T, st *store.Store, seeds []string) map[string]int64 {
	t.Helper()
	type pg struct {
		url string
		f   *fpc.Features
	}
	byPart := make([][]pg, parts)
	err := st.Pages(context.Background(), func(p *crawl.Page) error {
		if p.Cluster == 0 {
			return nil
		}
		doc, err := htmldecode.Parse(p.HTML, "text/html; charset=utf-8")
		if err != nil {
			return err
		}
		k := slices.Index(seeds, p.URL)
		if k < 0 {
			k = slices.Index(seeds, p.Parent)
		}
		if k < 0 {
			k = 0
		}
		byPart[k] = append(byPart[k], pg{p.URL, fpc.Extract(doc)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c := fpc.New(fpc.Config{})
	out := map[string]int64{}
	for off := 0; ; off += 20 {
		more := false
		for _, part := range byPart {
			if off >= len(part) {
				continue
			}
			more = true
			b := part[off:min(len(part), off+20)]
			fs := make([]*fpc.Features, len(b))
			for i, p := range b {
				fs[i] = p.f
			}
			for i, id := range c.AddBatch(fs) {
				out[b[i].url] = id
			}
		}
		if !more {
			return out
		}
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// jsonRows decodes JSON Lines.
func jsonRows(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	dec := json.NewDecoder(strings.NewReader(s))
	for dec.More() {
		var row map[string]any
		if err := dec.Decode(&row); err != nil {
			t.Fatal(err)
		}
		out = append(out, row)
	}
	return out
}

// BenchmarkMineMerged measures the merged mining of the PostgreSQL
// subset crawled into four stores: pages a second of each method (the
// recluster reads and parses every page's HTML again; the centres merge
// reads the stores' clusters only), fuzzy topics included.
//
//	go test ./pipeline -run '^$' -bench MineMerged -benchtime 5x
func BenchmarkMineMerged(b *testing.B) {
	_, seeds := partSite(b)
	dir := b.TempDir()
	var shards []string
	for k := range parts {
		db := filepath.Join(dir, fmt.Sprintf("shard-%d.db", k))
		crawlParts(b, seeds[k:k+1], db)
		shards = append(shards, db)
	}
	stores := openStores(b, shards)
	for _, method := range []string{pipeline.MergeRecluster, pipeline.MergeCentres} {
		b.Run(method, func(b *testing.B) {
			b.ReportAllocs()
			var rep pipeline.MergeReport
			for b.Loop() {
				var err error
				if _, rep, err = pipeline.MineMerged(context.Background(), stores, pipeline.MergeConfig{Batch: 20, Clusters: method}); err != nil {
					b.Fatal(err)
				}
			}
			if rep.Pages < 100 || rep.Clusters == 0 || rep.Method != method {
				b.Fatalf("merge %+v", rep)
			}
			b.ReportMetric(float64(rep.Pages)*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
		})
	}
}
