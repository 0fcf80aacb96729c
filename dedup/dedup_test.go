package dedup_test

import (
	"bufio"
	"compress/gzip"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/dedup"
)

// bruteNear is the reference: the earliest fingerprint within k, by scan.
func bruteNear(fps []uint64, fp uint64, k int) (int, bool) {
	for i, f := range fps {
		if dedup.Distance(f, fp) <= k {
			return i, true
		}
	}
	return 0, false
}

func flip(r *rand.Rand, fp uint64, n int) uint64 {
	for _, b := range r.Perm(64)[:n] {
		fp ^= 1 << b
	}
	return fp
}

// TestIndexMatchesBruteForce adds random fingerprints and near copies of
// them (0..k+2 bits flipped) and checks every Near answer against a scan.
func TestIndexMatchesBruteForce(t *testing.T) {
	for _, k := range []int{0, 1, 3, 6, dedup.MaxDistance} {
		t.Run("k="+string(rune('0'+k/10))+string(rune('0'+k%10)), func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, uint64(k)))
			x, err := dedup.NewIndex(k)
			if err != nil {
				t.Fatal(err)
			}
			var fps []uint64
			found, missed := 0, 0
			for i := range 6000 {
				fp := r.Uint64()
				if i > 0 && r.IntN(2) == 0 {
					fp = flip(r, fps[r.IntN(len(fps))], r.IntN(k+3))
				}
				pos, d, ok := x.Near(fp)
				wpos, wok := bruteNear(fps, fp, k)
				if ok != wok || ok && (pos != wpos || d != dedup.Distance(fp, fps[wpos])) {
					t.Fatalf("Near(%016x) = %d, %d, %v; brute force %d, %v", fp, pos, d, ok, wpos, wok)
				}
				if ok {
					found++
				} else {
					missed++
				}
				if got := x.Add(fp); got != len(fps) {
					t.Fatalf("Add = %d, want %d", got, len(fps))
				}
				fps = append(fps, fp)
			}
			if found < 1000 || missed < 1000 {
				t.Errorf("test too easy: %d found, %d not", found, missed)
			}
		})
	}
	for _, k := range []int{-1, dedup.MaxDistance + 1} {
		if _, err := dedup.NewIndex(k); err == nil {
			t.Errorf("NewIndex(%d) accepted", k)
		}
	}
}

// bbc reads the article bodies of the demo site's BBC corpus.
func bbc(t testing.TB) []string {
	t.Helper()
	f, err := os.Open("../internal/demosite/data/bbc.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	var out []string
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), "\t", 4)
		out = append(out, f[2]+" "+strings.ReplaceAll(f[3], "\x1f", " "))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// shingleSet is the reference notion of similarity: Jaccard of the sets
// of 3-word shingles.
func shingleSet(s string) map[string]bool {
	w := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
	set := map[string]bool{}
	for i := 0; i+3 <= len(w); i++ {
		set[strings.Join(w[i:i+3], " ")] = true
	}
	return set
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for s := range a {
		if b[s] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// TestBBCNearDuplicates fingerprints the 2,225 BBC articles (the corpus
// holds some articles twice) and checks: the index finds exactly what a
// brute-force scan finds; every exact duplicate text is found at distance
// 0; every pair found within k=6 (the engine's default) is a true near-duplicate by shingle
// Jaccard (≥ 0.8); and edited copies of the articles (one word replaced)
// are found as near-duplicates of their original.
func TestBBCNearDuplicates(t *testing.T) {
	texts := bbc(t)
	const k = 6
	x, _ := dedup.NewIndex(k)
	var fps []uint64
	firstOf := map[string]int{}
	exact, near, falsePos := 0, 0, 0
	for i, s := range texts {
		fp, ok := dedup.SimHash(s)
		if !ok {
			t.Fatalf("article %d: too short", i)
		}
		pos, d, found := x.Near(fp)
		wpos, wfound := bruteNear(fps, fp, k)
		if found != wfound || found && pos != wpos {
			t.Fatalf("article %d: index %d %v, brute force %d %v", i, pos, found, wpos, wfound)
		}
		if j, dup := firstOf[s]; dup {
			exact++
			if !found || d != 0 || pos != j {
				t.Errorf("article %d is the text of %d: Near = %d, %d, %v", i, j, pos, d, found)
			}
		} else if found {
			near++
			if jac := jaccard(shingleSet(s), shingleSet(texts[pos])); jac < 0.8 {
				falsePos++
				t.Errorf("article %d near %d at distance %d, but shingle Jaccard %.2f", i, pos, d, jac)
			}
		}
		if _, dup := firstOf[s]; !dup {
			firstOf[s] = i
		}
		x.Add(fp)
		fps = append(fps, fp)
	}
	t.Logf("BBC: %d articles, %d exact duplicates, %d further near-duplicates (k=%d), %d false positives", len(texts), exact, near, k, falsePos)
	if exact == 0 {
		t.Error("no exact duplicate found in the BBC corpus (it has some)")
	}
	// Edited copies: one word of each article replaced.
	r := rand.New(rand.NewPCG(7, 7))
	hit := 0
	for i, s := range texts {
		w := strings.Fields(s)
		w[r.IntN(len(w))] = "zyzzyva"
		fp, _ := dedup.SimHash(strings.Join(w, " "))
		if pos, _, ok := x.Near(fp); ok && (pos == i || texts[pos] == s) {
			hit++
		}
	}
	t.Logf("one word replaced: %d of %d found as near-duplicates of their article", hit, len(texts))
	if hit*100 < len(texts)*95 {
		t.Errorf("one-word edits found %d of %d, want ≥ 95%%", hit, len(texts))
	}
}

func TestSimHashShortAndStable(t *testing.T) {
	if _, ok := dedup.SimHash("too few words here"); ok {
		t.Error("SimHash of 4 words: ok, want not ok")
	}
	a, _ := dedup.SimHash("The quick brown fox jumps over the lazy dog again and again")
	b, _ := dedup.SimHash("the QUICK brown fox, jumps over the lazy dog; again and again!")
	if a != b {
		t.Errorf("case and punctuation changed the fingerprint: %016x vs %016x", a, b)
	}
	c, _ := dedup.SimHash("Day 1004 of the calendar: no events are listed for this day, 12 May")
	d, _ := dedup.SimHash("Day 1005 of the calendar: no events are listed for this day, 13 May")
	if c != d {
		t.Errorf("pages differing in numbers only: %016x vs %016x", c, d)
	}
}

func FuzzSimHash(f *testing.F) {
	f.Add("The quick brown fox jumps over the lazy dog again and again", "x")
	f.Add("Ünïcödé wörds ünd mörë wörds für däs tëst hïer ünd dört", "\xff\xfe")
	f.Fuzz(func(t *testing.T, s, extra string) {
		a, ok := dedup.SimHash(s)
		b, ok2 := dedup.SimHash(s)
		if a != b || ok != ok2 {
			t.Fatalf("SimHash(%q) not deterministic", s)
		}
		if !ok && a != 0 {
			t.Fatalf("SimHash(%q) = %x with ok false", s, a)
		}
		_, _ = dedup.SimHash(s + extra)
	})
}

func BenchmarkSimHash(b *testing.B) {
	texts := bbc(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, s := range texts[:200] {
			if _, ok := dedup.SimHash(s); ok {
				n++
			}
		}
	}
	if n == 0 {
		b.Fatal("no fingerprints")
	}
}

// BenchmarkNear looks up near copies of stored fingerprints among
// 1,000,000 random ones (k=6, the engine's default) and reports how many
// times faster a lookup is than the brute-force scan, measured in the same
// run.
//
//	go test ./dedup -run '^$' -bench Near -cpu 1
func BenchmarkNear(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 3))
	x, _ := dedup.NewIndex(6)
	fps := make([]uint64, 1_000_000)
	for i := range fps {
		fps[i] = r.Uint64()
		x.Add(fps[i])
	}
	q := make([]uint64, 1024)
	for i := range q {
		q[i] = flip(r, x.Fingerprint(r.IntN(x.Len())), 3)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, _, ok := x.Near(q[i%len(q)]); !ok {
			b.Fatal("planted near fingerprint not found")
		}
		i++
	}
	per := b.Elapsed() / time.Duration(b.N)
	start := time.Now()
	for _, fp := range q[:64] {
		if _, ok := bruteNear(fps, fp, 6); !ok {
			b.Fatal("brute force missed a planted fingerprint")
		}
	}
	brute := time.Since(start) / 64
	b.ReportMetric(float64(brute)/float64(per), "x-faster-than-scan")
}
