package fuzzy_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/crawl-project/crawl/clustering/fuzzy"
)

// ari is the adjusted Rand index of a clustering against reference labels:
// 1 for identical partitions, about 0 for chance (also for "all in one" and
// "all alone").
func ari(clusters []int, labels []string) float64 {
	pairs := func(n int) float64 { return float64(n) * float64(n-1) / 2 }
	type cell struct {
		c int
		l string
	}
	joint, byC, byL := map[cell]int{}, map[int]int{}, map[string]int{}
	for i, c := range clusters {
		joint[cell{c, labels[i]}]++
		byC[c]++
		byL[labels[i]]++
	}
	var index, a, b float64
	for _, n := range joint {
		index += pairs(n)
	}
	for _, n := range byC {
		a += pairs(n)
	}
	for _, n := range byL {
		b += pairs(n)
	}
	expected := a * b / pairs(len(clusters))
	top := (a + b) / 2
	if top == expected {
		return 0
	}
	return (index - expected) / (top - expected)
}

// TestBBCTopicQuality clusters 2,225 real BBC pages (title, lead sentence
// as description, entity keywords; see bbcDocs) with the default
// tokeniser. The level r is chosen on the even-numbered articles (best
// adjusted Rand index against the five BBC sections) and reported on the
// odd-numbered ones, where it must beat 20 size-matched random partitions.
func TestBBCTopicQuality(t *testing.T) {
	docs, sections := bbcDocs(loadBBC(t), 2225)
	var tune, test []fuzzy.Doc
	var tuneL, testL []string
	for i := range docs {
		if i%2 == 0 {
			tune, tuneL = append(tune, docs[i]), append(tuneL, sections[i])
		} else {
			test, testL = append(test, docs[i]), append(testL, sections[i])
		}
	}
	ctx := context.Background()
	rt, err := fuzzy.Cluster(ctx, tune, fuzzy.Config{Paper: true})
	if err != nil {
		t.Fatal(err)
	}
	bestR, bestARI := 0.0, -1.0
	for _, r := range append([]float64{0}, rt.Dendrogram.Levels()...) {
		if a := ari(rt.Dendrogram.Labels(r), tuneL); a > bestARI {
			bestR, bestARI = r, a
		}
	}
	rs, err := fuzzy.Cluster(ctx, test, fuzzy.Config{Threshold: bestR, Paper: true})
	if err != nil {
		t.Fatal(err)
	}
	labels := rs.Dendrogram.Labels(bestR)
	got := ari(labels, testL)
	rng := rand.New(rand.NewPCG(1, 2))
	chance := -1.0
	for range 20 {
		shuffled := append([]int(nil), labels...)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		chance = max(chance, ari(shuffled, testL))
	}
	t.Logf("tune half: r=%.4f ARI %.3f; test half: %d topics, ARI %.3f (at 0.24: %.3f); best of 20 random partitions %.3f",
		bestR, bestARI, len(rs.Topics()), got, ari(rs.Dendrogram.Labels(0.24), testL), chance)
	if got <= chance {
		t.Errorf("test-half ARI %.3f does not beat random partitions of the same sizes (%.3f)", got, chance)
	}
}
