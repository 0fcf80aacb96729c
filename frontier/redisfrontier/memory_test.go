package redisfrontier_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
)

var memoryURLs = flag.Int("memory-urls", 100_000, "URLs queued by TestMemoryPerURL (the reported figure uses 1000000)")

// realLinks reads testdata/links.tsv.gz: real URLs with real anchor texts.
func realLinks(t testing.TB) [][2]string {
	f, err := os.Open("testdata/links.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		u, a, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("bad line %q", sc.Text())
		}
		out = append(out, [2]string{u, a})
	}
	return out
}

// syntheticLinks makes n distinct links from the real ones, as pages
// would yield them: the real URLs are grouped by host, and each group of
// pageLinks URLs of a host are the new out-links of one page, a real URL of
// that host (the group's first). Round k > 0 adds a query parameter v=<k>
// to every URL (a few bytes longer than real). Every link has a label and
// a classifier score, as with the hub classifier on.
func syntheticLinks(real [][2]string, n int) []crawl.Link {
	const pageLinks = 30
	byHost := map[string][][2]string{}
	var hosts []string
	for _, r := range real {
		h := crawl.HostKey(r[0])
		if byHost[h] == nil {
			hosts = append(hosts, h)
		}
		byHost[h] = append(byHost[h], r)
	}
	type ordered struct{ url, anchor, parent string }
	var order []ordered
	for _, h := range hosts {
		rs := byHost[h]
		for i, r := range rs {
			order = append(order, ordered{r[0], r[1], rs[i-i%pageLinks][0]})
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]crawl.Link, n)
	for i := range out {
		r := order[i%len(order)]
		u, parent := r.url, r.parent
		if k := i / len(order); k > 0 {
			u, parent = withV(u, k), withV(parent, k)
		}
		label := crawl.LabelTopic
		if rng.IntN(3) == 0 {
			label = crawl.LabelHub
		}
		out[i] = crawl.Link{URL: u, Anchor: r.anchor, Parent: parent, Depth: 1 + rng.IntN(5),
			Priority: rng.Float64(), Label: label, Score: rng.NormFloat64()}
	}
	return out
}

func withV(u string, k int) string {
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	return u + sep + "v=" + strconv.FormatInt(int64(k), 36)
}

// TestMemoryPerURL measures Redis memory (INFO used_memory) per queued URL
// and per seen URL on real links; the targets are 150 and 16 bytes. The
// seen-set is sized for the URLs queued (ExpectedURLs), as a crawl sized
// for 10M URLs is: the shards then hold about as many hashes each, so the
// per-URL figures extrapolate linearly.
//
//	go test ./frontier/redisfrontier -run MemoryPerURL -memory-urls 1000000 -v
func TestMemoryPerURL(t *testing.T) {
	n := *memoryURLs
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	links := syntheticLinks(realLinks(t), n)
	var urlBytes, anchorBytes int
	for _, l := range links {
		urlBytes += len(l.URL)
		anchorBytes += len(l.Anchor)
	}
	before, err := redistest.UsedMemory(ctx, rdb)
	if err != nil {
		t.Fatal(err)
	}
	f := newFrontier(t, rdb, redisfrontier.Config{Name: "mem", Frontier: frontier.Config{ExpectedURLs: uint(n)}})
	defer f.Close()
	added := 0
	for start := 0; start < n; start += 5000 {
		a, err := f.Push(ctx, links[start:min(start+5000, n)])
		if err != nil {
			t.Fatal(err)
		}
		added += a
	}
	if added != n || f.Len() != n {
		t.Fatalf("queued %d (Len %d), want %d distinct links", added, f.Len(), n)
	}
	after, err := redistest.UsedMemory(ctx, rdb)
	if err != nil {
		t.Fatal(err)
	}
	seen := int64(0)
	iter := rdb.Scan(ctx, 0, redisfrontier.Prefix("mem")+"s:*", 1000).Iterator()
	for iter.Next(ctx) {
		seen += rdb.MemoryUsage(ctx, iter.Val()).Val()
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	total := float64(after-before) / float64(n)
	perSeen := float64(seen) / float64(n)
	perQueued := total - perSeen
	t.Logf("%d links (URL %.1f B, anchor %.1f B on average): %.1f B per URL in all; seen-set %.1f B per URL; queue %.1f B per URL; at 10M: %.2f GB",
		n, float64(urlBytes)/float64(n), float64(anchorBytes)/float64(n), total, perSeen, perQueued, total*1e7/1e9)
	if perQueued > 150 {
		t.Errorf("queue: %.1f B per queued URL, target ≤ 150", perQueued)
	}
	if perSeen > 16 {
		t.Errorf("seen-set: %.1f B per URL, target ≤ 16", perSeen)
	}
	// Every link comes back intact.
	want := map[string]crawl.Link{}
	for _, l := range links {
		want[l.URL] = l
	}
	for range 1000 {
		l, err := f.Pop(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if w := want[l.URL]; fmt.Sprintf("%+v", l) != fmt.Sprintf("%+v", w) {
			t.Fatalf("Pop = %+v\nwant %+v", l, w)
		}
	}
}
