package fpc

import (
	"testing"

	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// TestRejoinSingletons runs the paper's MKmeans on the PostgreSQL 15
// subset (one batch) and then rejoinSingletons, and checks each page of a
// cluster of one page against the centres the rounds left: it moves to
// the most similar centre of two or more pages when that one is at least
// D similar, and stays alone otherwise; the other pages keep their
// clusters, and each target cluster grows by the pages it took.
func TestRejoinSingletons(t *testing.T) {
	subset, err := docsubset.Read(docsubset.PostgreSQL15)
	if err != nil {
		t.Fatal(err)
	}
	var pages []*Features
	for _, p := range subset {
		doc, err := htmldecode.Parse(p.Body, "")
		if err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		pages = append(pages, Extract(doc))
	}
	cfg := Config{KeepSingletons: true}.withDefaults()
	assign, accs := mkmeans(pages, &cfg, 0)
	sizes := map[*acc]int{} // before the moves
	for _, a := range accs {
		sizes[a] = a.N
	}
	want := make([]*acc, len(pages)) // each page's cluster afterwards, by accumulator
	alone := 0
	wasAlone := make([]bool, len(pages))
	for i, k := range assign {
		want[i] = accs[k]
		if accs[k].N != 1 {
			continue
		}
		alone++
		wasAlone[i] = true
		var best *acc
		bs := -1.0
		for _, a := range accs {
			if a.N < 2 {
				continue
			}
			if s := pageCentreSim(pages[i], a.derive(&cfg), &cfg.Weights, cfg.Alpha); s > bs {
				best, bs = a, s
			}
		}
		if bs >= cfg.D {
			want[i] = best
		}
	}
	if alone < 2 {
		t.Fatalf("the paper's MKmeans left %d pages alone, want ≥ 2 for the test to mean something", alone)
	}
	cfg.KeepSingletons = false
	accs = rejoinSingletons(pages, accs, assign, &cfg)
	grown := map[*acc]int{}
	moved := 0
	for i, k := range assign {
		if accs[k] != want[i] {
			t.Errorf("page %d in cluster %d of %d pages, not the one expected", i, k, accs[k].N)
		}
		if wasAlone[i] && sizes[want[i]] > 1 {
			grown[want[i]]++
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no page moved: the subset no longer shows long pages left alone")
	}
	for k, a := range accs {
		if n := sizes[a] + grown[a]; a.N != n {
			t.Errorf("cluster %d has %d pages, want %d (%d before)", k, a.N, n, sizes[a])
		}
	}
	t.Logf("%d pages alone after the rounds, %d moved", alone, moved)
}
