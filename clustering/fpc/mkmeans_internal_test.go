package fpc

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// mkmeansRef is MKmeans as it was before rebuild kept the clusters a round
// left unchanged: every round resets each cluster and adds its pages again.
func mkmeansRef(pages []*Features, cfg *Config) ([]int, []*acc) {
	accs := seedClusters(pages, cfg)
	assign := make([]int, len(pages))
	prev := math.Inf(-1)
	for round := 0; round < cfg.T && len(accs) > 0; round++ {
		intra := assignAll(pages, accs, assign, cfg, 1)
		centres := make([]*Features, len(accs))
		for k, a := range accs {
			centres[k] = a.centre
		}
		next := make([]*acc, len(accs))
		for i, p := range pages {
			k := assign[i]
			if next[k] == nil {
				next[k] = accs[k]
				next[k].reset()
			}
			next[k].addWith(p, centres[k])
		}
		accs = compact(next, assign)
		accs = mergeClose(accs, assign, cfg)
		if math.Abs(intra-prev) < cfg.E {
			break
		}
		prev = intra
	}
	return assign, accs
}

// syntheticPages are n pages of one template whose sets hold a few
// elements every page has, some of a small shared pool and many of their
// own (so the set accumulators overflow and are pruned), with layers that
// vary a little from page to page.
func syntheticPages(n int, seed uint64) []*Features {
	r := rand.New(rand.NewPCG(seed, 1))
	var out []*Features
	for p := range n {
		f := &Features{}
		for d := range 6 + r.IntN(3) {
			var l []tagFreq
			for tag := range 4 + r.IntN(4) {
				l = append(l, tagFreq{uint64(tag + d), 1 + float64(r.IntN(5))})
			}
			f.Layers = append(f.Layers, unit(l))
		}
		for i := range numSets {
			s := []uint64{1, 2, 3}
			for e := uint64(10); e < 40; e++ {
				if r.IntN(3) == 0 {
					s = append(s, e)
				}
			}
			for e := range 40 + r.IntN(40) {
				s = append(s, uint64(1000+p*1000+e))
			}
			f.Sets[i] = s
		}
		f.sketch()
		out = append(out, f)
	}
	return out
}

// TestMKmeansMatchesReference holds MKmeans to mkmeansRef: the same
// assignments and accumulators to the bit (their stored form, Σ cosines
// included, and the centres derived from them), on the testdata pages in
// three orders, repeated so clusters grow, and on synthetic pages whose
// set accumulators are pruned, at three values of D.
func TestMKmeansMatchesReference(t *testing.T) {
	td := testdataFeatures(t)
	rev := make([]*Features, len(td))
	for i, f := range td {
		rev[len(td)-1-i] = f
	}
	var inter, tripled []*Features
	for k := range 3 {
		for i := k; i < len(td); i += 3 {
			inter = append(inter, td[i])
		}
		tripled = append(tripled, rev...)
	}
	sets := map[string][]*Features{
		"testdata": td, "reversed": rev, "interleaved": inter, "tripled": tripled,
		"synthetic": syntheticPages(120, 1), "synthetic-mixed": append(syntheticPages(60, 2), td...),
	}
	for name, pages := range sets {
		for _, d := range []float64{0.3, 0.6, 0.9} {
			t.Run(fmt.Sprintf("%s/D%.1f", name, d), func(t *testing.T) {
				cfg := Config{D: d, KeepSingletons: true}.withDefaults() // the rounds; rejoinSingletons has its own tests
				gotAssign, got := mkmeans(pages, &cfg, 0)
				wantAssign, want := mkmeansRef(pages, &cfg)
				if !reflect.DeepEqual(gotAssign, wantAssign) || len(got) != len(want) {
					t.Fatalf("assignments %v (%d clusters), want %v (%d)", gotAssign, len(got), wantAssign, len(want))
				}
				for k := range got {
					sameAcc(t, fmt.Sprintf("cluster %d", k), got[k], want[k], &cfg)
				}
			})
		}
	}
}

// TestRebuildKeepsUnchangedCluster rebuilds a cluster from the same pages
// against a new centre (rebuild's short way: only the cosines summed
// again) and compares it with a reset and the pages added one by one.
func TestRebuildKeepsUnchangedCluster(t *testing.T) {
	cfg := Config{}.withDefaults()
	pages := append(syntheticPages(50, 3), testdataFeatures(t)[:5]...)
	members := []int32{0, 3, 4, 7, 20, 21, 22, 49, 50, 52, 54}
	first, second := newAcc(), newAcc()
	first.add(pages[1], &cfg)
	second.add(pages[2], &cfg)
	a := newAcc()
	a.rebuild(pages, members, first.derive(&cfg), &cfg)
	if a.from == nil {
		t.Fatal("rebuild did not record its pages")
	}
	a.derive(&cfg)
	a.rebuild(pages, members, second.derive(&cfg), &cfg)
	want := newAcc()
	for _, i := range members {
		want.addWith(pages[i], second.derive(&cfg))
	}
	sameAcc(t, "rebuilt", a, want, &cfg)
	a.merge(first)
	if a.from != nil {
		t.Error("merge kept the pages rebuild recorded")
	}
}

func sameAcc(t *testing.T, what string, got, want *acc, cfg *Config) {
	t.Helper()
	g, _ := got.marshal()
	w, _ := want.marshal()
	if !bytes.Equal(g, w) {
		t.Errorf("%s: stored form differs (%d vs %d bytes)", what, len(g), len(w))
	}
	gc, wc := got.derive(cfg), want.derive(cfg)
	if !reflect.DeepEqual(gc.Layers, wc.Layers) || !reflect.DeepEqual(gc.Sets, wc.Sets) {
		t.Errorf("%s: derived centre differs", what)
	}
}
