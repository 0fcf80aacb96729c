package redisgate_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/crawler/redisgate"
	"github.com/crawl-project/crawl/internal/redistest"
)

// TestDupsAppendIsConditional: an append at a position the log has moved
// past appends nothing and brings the entries since; read returns every
// entry in order, decoded as written.
func TestDupsAppendIsConditional(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	a := redisgate.NewDups(srv.Client(), "crawl:{dd}:")
	b := redisgate.NewDups(srv.Client(), "crawl:{dd}:")
	e1 := crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: "http://a.test/1", Body: 1, SimHash: 0xF0F0, HasSimHash: true}}
	e2 := crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: "http://b.test/1", Body: 2}}
	d := crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: "http://b.test/2"}, Duplicate: true}
	if ok, _, err := a.Append(ctx, 0, e1); !ok || err != nil {
		t.Fatalf("first Append at 0 = %v, %v", ok, err)
	}
	ok, newer, err := b.Append(ctx, 0, e2) // b has not seen e1
	if ok || err != nil || len(newer) != 1 || newer[0] != e1 {
		t.Fatalf("Append at 0 after another's = %v, %v, %v; want false and [e1]", ok, newer, err)
	}
	if ok, _, err := b.Append(ctx, 1, e2); !ok || err != nil {
		t.Fatalf("Append at 1 = %v, %v", ok, err)
	}
	if ok, _, err := a.Append(ctx, -1, d); !ok || err != nil {
		t.Fatalf("Append at the end = %v, %v", ok, err)
	}
	got, err := a.Read(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []crawler.DupEntry{e1, e2, d}
	if len(got) != len(want) {
		t.Fatalf("Read = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if rest, err := a.Read(ctx, 3); len(rest) != 0 || err != nil {
		t.Errorf("Read past the end = %v, %v", rest, err)
	}
}

// FuzzDecodeDupEntry: any bytes decode to an entry that encodes back to
// them, or to an error; never a panic.
func FuzzDecodeDupEntry(f *testing.F) {
	f.Add(redisgate.EncodeDupEntry(crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: "http://a.test/", Body: 7, SimHash: 9, HasSimHash: true}}))
	f.Add(redisgate.EncodeDupEntry(crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: "http://a.test/"}, Duplicate: true}))
	f.Add(redisgate.EncodeDupEntry(crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: "http://a.test/", Body: 7, SimHash: 9, HasSimHash: true, Title: 3}}))
	f.Add([]byte("k1234"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := redisgate.DecodeDupEntry(b)
		if err != nil {
			return
		}
		if again := redisgate.EncodeDupEntry(e); string(again) != string(b) {
			t.Fatalf("entry %+v of %q encodes back to %q", e, b, again)
		}
	})
}

// TestDupLogMemory measures the Redis memory of the shared duplicate log
// per kept page, with real URLs (redisfrontier's testdata: news sites'
// links): the entry is 25 bytes and the URL (17 without a title
// signature), plus the list's overhead.
func TestDupLogMemory(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	urls := realURLs(t, 13000)
	d := redisgate.NewDups(rdb, "crawl:{mem}:")
	before, err := redistest.UsedMemory(ctx, rdb)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	urlBytes := 0
	for i, u := range urls {
		e := crawler.DupEntry{Fingerprint: crawl.Fingerprint{URL: u, Body: rng.Uint64(), SimHash: rng.Uint64(), HasSimHash: true, Title: rng.Uint64() | 1}}
		if ok, _, err := d.Append(ctx, int64(i), e); !ok || err != nil {
			t.Fatalf("Append %d = %v, %v", i, ok, err)
		}
		urlBytes += len(u)
	}
	after, err := redistest.UsedMemory(ctx, rdb)
	if err != nil {
		t.Fatal(err)
	}
	key, err := rdb.MemoryUsage(ctx, "crawl:{mem}:dd:log", 0).Result()
	if err != nil {
		t.Fatal(err)
	}
	n := float64(len(urls))
	per, url := float64(after-before)/n, float64(urlBytes)/n
	t.Logf("%d fingerprints: %.1f B each in Redis (used_memory), key %.1f B each; URL %.1f B on average, so %.1f B beyond the URL",
		len(urls), per, float64(key)/n, url, per-url)
	if per > url+40 {
		t.Errorf("%.1f B a fingerprint, want at most the URL (%.1f B) + 40", per, url)
	}
}

// realURLs reads n distinct URLs of frontier/redisfrontier/testdata/links.tsv.gz.
func realURLs(t *testing.T, n int) []string {
	f, err := os.Open("../../frontier/redisfrontier/testdata/links.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	sc := bufio.NewScanner(zr)
	for sc.Scan() && len(out) < n {
		u, _, _ := strings.Cut(sc.Text(), "\t")
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	if len(out) < n {
		t.Fatalf("%d URLs in the testdata, want %d", len(out), n)
	}
	return out
}
