package stm

import (
	"math/rand/v2"
	"testing"
)

// TestMemo holds the memo table to a Go map through growth, resets and
// the wrap of the generation counter.
func TestMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tab memo
	want := map[pair]int32{}
	for round := range 6 {
		if round == 4 {
			tab.gen = ^uint32(0) // the next reset wraps
		}
		for i := range 5000 * (round + 1) {
			k := pair{r.Uint64N(3000), r.Uint64N(3000)}
			v, ok := tab.get(k)
			w, wok := want[k]
			if ok != wok || v != w {
				t.Fatalf("round %d, %d: get(%v) = %d, %v; want %d, %v", round, i, k, v, ok, w, wok)
			}
			if !ok {
				tab.put(k, int32(i))
				want[k] = int32(i)
			}
		}
		if tab.used != len(want) {
			t.Fatalf("round %d: %d entries, want %d", round, tab.used, len(want))
		}
		tab.reset()
		clear(want)
		if _, ok := tab.get(pair{1, 2}); ok {
			t.Fatalf("round %d: an entry outlived reset", round)
		}
	}
}
