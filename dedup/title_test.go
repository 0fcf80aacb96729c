package dedup_test

import (
	"math/rand/v2"
	"testing"

	"github.com/crawl-project/crawl/dedup"
)

// TestTitleSig: titles that differ in numbers, case, punctuation or word
// order only sign alike; a differing word signs apart.
func TestTitleSig(t *testing.T) {
	same := [][2]string{
		{"Events on 2024-05-12", "Events on 2024-05-13"},
		{"BTreeSet in std::collections - Rust", "btreeset IN std collections, rust"},
		{"Page 3 of 40", "Page 17 of 41"},
		{"Rust - Keys", "Keys - Rust"},
		{"", "2024"},
	}
	for _, p := range same {
		if dedup.TitleSig(p[0]) != dedup.TitleSig(p[1]) {
			t.Errorf("TitleSig(%q) != TitleSig(%q)", p[0], p[1])
		}
	}
	apart := [][2]string{
		{"Keys in std::collections::btree_map - Rust", "IterMut in std::option - Rust"},
		{"StringBuilder (Java SE 17 & JDK 17)", "StringBuffer (Java SE 17 & JDK 17)"},
		{"Variables - The Rust Reference", "Scopes - The Rust Reference"},
		{"Release v2", "Release v3"},
		{"Straße", "Strasse"},
	}
	for _, p := range apart {
		if dedup.TitleSig(p[0]) == dedup.TitleSig(p[1]) {
			t.Errorf("TitleSig(%q) == TitleSig(%q)", p[0], p[1])
		}
	}
	if dedup.TitleSig("") == 0 {
		t.Error("TitleSig of no words is 0, which means unknown")
	}
}

// TestNearWhereMatchesBruteForce: NearWhere returns the earliest accepted
// fingerprint within distance k, as a scan does, asking accept only of
// fingerprints within k.
func TestNearWhereMatchesBruteForce(t *testing.T) {
	const k = 6
	r := rand.New(rand.NewPCG(7, 11))
	x, err := dedup.NewIndex(k)
	if err != nil {
		t.Fatal(err)
	}
	var fps []uint64
	var group []int // a fingerprint's group: accepted when it is the query's
	found := 0
	for i := range 4000 {
		fp := r.Uint64()
		if i > 0 && r.IntN(3) > 0 {
			fp = flip(r, fps[r.IntN(len(fps))], r.IntN(k+2))
		}
		g := r.IntN(3)
		pos, d, ok := x.NearWhere(fp, func(p int) bool {
			if dedup.Distance(fp, fps[p]) > k {
				t.Fatalf("accept asked of position %d at distance %d", p, dedup.Distance(fp, fps[p]))
			}
			return group[p] == g
		})
		want := -1
		for p, f := range fps {
			if dedup.Distance(fp, f) <= k && group[p] == g {
				want = p
				break
			}
		}
		if ok != (want >= 0) || ok && (pos != want || d != dedup.Distance(fp, fps[want])) {
			t.Fatalf("NearWhere = %d, %d, %v; scan %d", pos, d, ok, want)
		}
		if ok {
			found++
		}
		x.Add(fp)
		fps, group = append(fps, fp), append(group, g)
	}
	if found < 500 {
		t.Errorf("test too easy: %d found", found)
	}
}

func BenchmarkTitleSig(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		dedup.TitleSig("Keys in std::collections::btree_map - Rust")
	}
}
