package distbench_test

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/internal/distbench"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/crawl-project/crawl/pipeline"
)

var (
	miningPages  = flag.Int("mining-pages", 600, "the page budget of TestMiningNvs1's crawls")
	miningRounds = flag.Int("mining-rounds", 1, "rounds of TestMiningNvs1 (one process, then four)")
	miningKeep   = flag.String("mining-keep", "", "a directory TestMiningNvs1 copies its crawls' stores and configurations into (to look at them after)")
)

// miningExtra is the demo configuration's built-ins (configs/demo.yaml);
// its topic section is one of miningTopics.
const miningExtra = `batch: {size: 100}
hub: {enabled: true, policy: tag}
topic: {enabled: true, seeds: [%s]%s}
clustering: {enabled: true}
extraction: {enabled: true}
topics: {enabled: true, r: 0.24}
`

// miningTopics are the topic strategies TestMiningNvs1 crawls with: the
// demo's (adaptive centroid with link context and URL words; each
// process adapts its own centroid) and the default, learned (the link
// model's judgements shared through Redis, package redisshare).
// "learned-alone" is learned with the sharing broken (the stream's key
// taken by a string, so every XADD fails and each process learns from its
// own pages), for comparison.
var miningTopics = []struct {
	name, yaml string
	alone      bool
}{
	{"adaptive", ", strategy: adaptive, link_context: 0.75, url_words: true", false},
	{"learned", "", false},
	{"learned-alone", "", true},
}

// crawlResult is what TestMiningNvs1 compares of a crawl: its merged
// export's pages (fetch order), records and topics.
type crawlResult struct {
	urls    []string // in fetch order over all stores
	cluster map[string]int64
	topic   map[string]int64
	records map[string]int             // page → records
	columns map[string]map[string]bool // page → its records' filled columns
	sizes   map[int64]int              // topic → pages
	procs   []procStats
	// relevant is each page's relevance judgement (the relevant column).
	relevant map[string]bool
}

// procStats is what a process's summary says of its learned link model.
type procStats struct {
	fetched, examples int     // pages it fetched; examples its link model holds
	threshold         float64 // its relevance threshold at the end
}

// checkExamples: with the judgements shared, each of the four processes'
// link models learns from the others' pages too: more examples than the
// pages the process fetched (how many more depends on when its last
// training ran: a process that stops early has heard less); alone, from
// no more than the pages it fetched.
func checkExamples(t *testing.T, one, four crawlResult, shared bool) {
	t.Helper()
	for i, p := range four.procs {
		ok := p.fetched > 0 && p.examples <= p.fetched
		if shared {
			ok = p.fetched > 0 && p.examples > p.fetched
		}
		if !ok {
			t.Errorf("process %d: fetched %d pages, its link model holds %d examples (one process alone: %d); shared %v",
				i, p.fetched, p.examples, one.procs[0].examples, shared)
		}
	}
}

// TestMiningNvs1 crawls the demo site (served here, 5 hosts) with every
// built-in on, once with one process and once with four processes of one
// distributed crawl, each with the demo's page budget, and compares what
// `crawl export` gives of the one store and of the four merged
// (-mining recluster): the template clusters over the pages both crawls
// fetched (ARI), the records and their columns, the largest fuzzy topic's
// share and the true harvest (the demo's ground truth: sport pages) after
// N pages in fetch order (over the four stores, by fetch time).
//
//	go test ./internal/distbench -run MiningNvs1 -v [-mining-rounds 3]
func TestMiningNvs1(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	site, err := demosite.New(demosite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := site.Start(); err != nil {
		t.Fatal(err)
	}
	defer site.Close()
	sport := site.SportSeeds(10)
	seeds := append(slices.Clone(site.Seeds()[:4]), sport...)
	for round := range *miningRounds {
		for _, tc := range miningTopics {
			t.Run(tc.name, func(t *testing.T) {
				opts := distbench.Options{
					Seeds: seeds, Workers: 8, PerHost: 4, Delay: 5 * time.Millisecond, MaxPages: *miningPages, Builtins: true,
					Extra: fmt.Sprintf(miningExtra, strings.Join(sport, ", "), tc.yaml),
				}
				one := runMining(t, opts, 1)
				opts.Redis, opts.Name, opts.Lease = srv.URL(0), fmt.Sprintf("mining-%s-%d", tc.name, round), 10*time.Second
				if tc.alone {
					if err := srv.Client().Set(context.Background(), pipeline.TopicShareKey(opts.Name), "taken", 0).Err(); err != nil {
						t.Fatal(err)
					}
				}
				opts.Workers = 2 // 8 workers in all, as the one process has
				four := runMining(t, opts, 4)
				compareMining(t, site, one, four, tc.name == "adaptive")
				if tc.name != "adaptive" {
					checkExamples(t, one, four, !tc.alone)
				}
			})
		}
	}
}

// runMining runs n processes of one crawl and reads their merged export.
func runMining(t *testing.T, opts distbench.Options, n int) crawlResult {
	t.Helper()
	c := distbench.NewCluster(t, crawlBin, t.TempDir(), opts)
	for i := range n {
		c.Start(i)
	}
	c.Wait(5 * time.Minute)
	keepStores(t, c, n)
	res := readMerged(t, c, n)
	for i := range n {
		var fetched, trained, pos, neg int
		var threshold float64
		for _, l := range strings.Split(c.Log(i), "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "topic") || strings.HasPrefix(l, "harvest ") {
				t.Logf("%d processes, process %d: %s", n, i, l)
			}
			fmt.Sscanf(l, "harvest rate %f (%d relevant of %d)", new(float64), new(int), &fetched)
			if k := strings.Index(l, "relevance threshold "); k >= 0 {
				fmt.Sscanf(l[k:], "relevance threshold %f", &threshold)
			}
			if k := strings.Index(l, "trained "); k >= 0 {
				fmt.Sscanf(l[k:], "trained %d times on %d relevant / %d other pages", &trained, &pos, &neg)
			}
		}
		res.procs = append(res.procs, procStats{fetched: fetched, examples: pos + neg, threshold: threshold})
	}
	return res
}

// readMerged exports pages, records and topics of the n stores with the
// crawl command (merged when n > 1) and reads them.
func readMerged(t *testing.T, c *distbench.Cluster, n int) crawlResult {
	t.Helper()
	res := crawlResult{cluster: map[string]int64{}, topic: map[string]int64{}, records: map[string]int{}, columns: map[string]map[string]bool{},
		sizes: map[int64]int{}, relevant: map[string]bool{}}
	export := func(what string) []map[string]any {
		args := []string{"export", "-config", c.Config, "-what", what, "-format", "jsonl", "-out", filepath.Join(c.Dir, what+".jsonl")}
		for i := range n {
			args = append(args, "-db", c.DB(i))
		}
		if out, err := exec.Command(c.Bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("crawl %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		b, err := os.ReadFile(filepath.Join(c.Dir, what+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		var rows []map[string]any
		dec := json.NewDecoder(strings.NewReader(string(b)))
		for dec.More() {
			var r map[string]any
			if err := dec.Decode(&r); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, r)
		}
		return rows
	}
	fetched := map[string]string{}
	for _, r := range export("pages") {
		u := r["url"].(string)
		res.urls = append(res.urls, u)
		fetched[u] = r["fetched_at"].(string)
		res.relevant[u] = r["relevant"] == true || r["relevant"] == "true"
		if id := int64(r["cluster"].(float64)); id != 0 {
			res.cluster[u] = id
		}
		if id := int64(r["topic"].(float64)); id != 0 {
			res.topic[u] = id
			res.sizes[id]++
		}
	}
	slices.SortStableFunc(res.urls, func(a, b string) int { return cmp.Compare(fetched[a], fetched[b]) })
	for _, r := range export("records") {
		u := r["page"].(string)
		res.records[u]++
		if res.columns[u] == nil {
			res.columns[u] = map[string]bool{}
		}
		for k, v := range r {
			if v != "" && k != "page" && k != "cluster" && k != "record" {
				res.columns[u][k] = true
			}
		}
	}
	return res
}

// harvestAt is the share of the first n pages (fetch order) whose ground
// truth is sport.
func harvestAt(site *demosite.Site, urls []string, n int) float64 {
	n = min(n, len(urls))
	rel := 0
	for _, u := range urls[:n] {
		if tr, _ := site.Truth(u); tr.Topic == "sport" {
			rel++
		}
	}
	return float64(rel) / float64(max(n, 1))
}

// columnsOn is the filled columns of a's records on the pages b fetched too.
func columnsOn(a, b crawlResult) map[string]bool {
	out := map[string]bool{}
	for u, cs := range a.columns {
		if _, ok := b.cluster[u]; ok {
			for c := range cs {
				out[c] = true
			}
		}
	}
	return out
}

func largestShare(r crawlResult) float64 {
	most := 0
	for _, n := range r.sizes {
		most = max(most, n)
	}
	return float64(most) / float64(max(len(r.urls), 1))
}

// compareMining logs the figures and asserts the bars.
func compareMining(t *testing.T, site *demosite.Site, one, four crawlResult, adaptive bool) {
	t.Helper()
	var pa []int64
	var pb []string
	for u, id := range one.cluster {
		if o, ok := four.cluster[u]; ok {
			pa, pb = append(pa, id), append(pb, fmt.Sprint(o))
		}
	}
	ari := fpc.ARI(pa, pb)
	cols1, cols4 := columnsOn(one, four), columnsOn(four, one)
	var rec1, rec4, both1, both4 int
	for u, n := range one.records {
		rec1 += n
		if _, ok := four.cluster[u]; ok {
			both1 += n
		}
	}
	for u, n := range four.records {
		rec4 += n
		if _, ok := one.cluster[u]; ok {
			both4 += n
		}
	}
	t.Logf("pages: 1 process %d, 4 processes %d (merged), %d clustered in both; template clusters ARI %.4f over them", len(one.urls), len(four.urls), len(pa), ari)
	t.Logf("records: 1 process %d, 4 processes %d; on the pages both fetched %d and %d, in %d and %d columns",
		rec1, rec4, both1, both4, len(cols1), len(cols4))
	t.Logf("largest fuzzy topic: 1 process %.3f of the pages (%d topics), 4 processes %.3f (%d topics)",
		largestShare(one), len(one.sizes), largestShare(four), len(four.sizes))
	t.Logf("relevance judgements: %s", agreement(site, one, four))
	for _, n := range []int{100, 300, len(one.urls)} {
		t.Logf("true harvest@%d: 1 process %.3f, 4 processes %.3f", n, harvestAt(site, one.urls, n), harvestAt(site, four.urls, n))
	}
	if len(pa) < len(one.urls)/3 || ari < 0.95 {
		t.Errorf("template clusters: ARI %.4f over %d pages clustered by both (of %d): want ≥ 0.95 over a third of the pages or more", ari, len(pa), len(one.urls))
	}
	if both1 == 0 || both4 < both1*9/10 || both4 > both1*11/10 {
		t.Errorf("records on the pages both crawls fetched: 4 processes %d, 1 process %d: want within 10%%", both4, both1)
	}
	// A column's role name is given the first time its field gets a
	// column in a template cluster (extraction), so the same values may be
	// named "text" by one crawl and "summary_2" by another: the bar is
	// how many columns the records fill, not which.
	if len(cols4) < len(cols1)*3/4 {
		t.Errorf("records on the pages both fetched: 4 processes fill %d columns (%v), 1 process %d (%v): want at least 3/4",
			len(cols4), cols4, len(cols1), cols1)
	}
	if s1, s4 := largestShare(one), largestShare(four); len(four.sizes) == 0 || s4 > s1+0.05 {
		t.Errorf("merged fuzzy topics: %d topics, the largest %.3f of the pages (1 process %.3f): want topics, the largest within 0.05 of one process's (measured 0.012–0.045 against 0.017–0.043)",
			len(four.sizes), s4, s1)
	}
	var lo, hi float64 = 1, 0
	for _, p := range four.procs {
		lo, hi = min(lo, p.threshold), max(hi, p.threshold)
	}
	if hi-lo > 0.005 {
		t.Errorf("the 4 processes' relevance thresholds at the end span %.3f–%.3f: want within 0.005 (their relevance statistics shared; measured ≤ 0.001, 0.185–0.204 apart without)", lo, hi)
	}
	// the pages seen's relevance is shared too (topic.RelHist), so the
	// threshold is calibrated as one process's is, on another fetch order:
	// adaptive ≤ 0.004 apart; learned 0.006–0.017 over 15 crawls
	// (2026-12-08; the four processes' learned link models send them to
	// other pages than the one process's, and the pages seen set the
	// threshold); 0.018–0.029 with the seeds' median alone, which the
	// adaptive bound catches
	tol := 0.025
	if adaptive {
		tol = 0.008
	}
	if th1 := one.procs[0].threshold; max(hi-th1, th1-lo) > tol {
		t.Errorf("the 4 processes' relevance thresholds at the end span %.3f–%.3f, one process's is %.3f: want within %.3f of it (measured: adaptive ≤ 0.004, learned 0.006–0.017, the crawls fetching different pages; 0.018–0.029 with the seeds' median alone)", lo, hi, th1, tol)
	}
	if h1, h4 := harvestAt(site, one.urls, len(one.urls)), harvestAt(site, four.urls, len(one.urls)); h4 < h1-0.15 {
		t.Errorf("true harvest@%d: 4 processes %.3f, 1 process %.3f: want within 0.15 (measured spread ≤ 0.07: the live demo crawl with 8 workers is near breadth-first either way)", len(one.urls), h4, h1)
	}
}

// agreement compares the relevance judgements of two crawls on the pages
// both fetched: how many they judge alike, and each crawl's accuracy
// against the demo's truth (sport pages) on them; and the processes'
// relevance thresholds at the end.
func agreement(site *demosite.Site, one, four crawlResult) string {
	var both, same, right1, right4 int
	for u, r1 := range one.relevant {
		r4, ok := four.relevant[u]
		if !ok {
			continue
		}
		both++
		tr, _ := site.Truth(u)
		sport := tr.Topic == "sport"
		same += boolInt(r1 == r4)
		right1 += boolInt(r1 == sport)
		right4 += boolInt(r4 == sport)
	}
	th := func(r crawlResult) string {
		var out []string
		for _, p := range r.procs {
			out = append(out, fmt.Sprintf("%.3f", p.threshold))
		}
		return strings.Join(out, " ")
	}
	n := float64(max(both, 1))
	return fmt.Sprintf("alike on %d of %d pages both fetched (%.3f); agree with the truth 1 process %.3f, 4 processes %.3f; thresholds at the end 1 process %s, 4 processes %s",
		same, both, float64(same)/n, float64(right1)/n, float64(right4)/n, th(one), th(four))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keepStores copies the n stores and the configuration of c into
// -mining-keep/TEST-NAME-nN/, when set.
func keepStores(t *testing.T, c *distbench.Cluster, n int) {
	if *miningKeep == "" {
		return
	}
	dir := filepath.Join(*miningKeep, strings.ReplaceAll(t.Name(), "/", "-")+fmt.Sprintf("-n%d", n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := []string{c.Config}
	for i := range n {
		files = append(files, c.DB(i))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
