package fpc

import "testing"

// TestAccumulatorBounded feeds a cluster pages whose sets share nothing
// and checks that no set accumulator outgrows maxSetElems, while elements
// every page has survive into the centre.
func TestAccumulatorBounded(t *testing.T) {
	cfg := Config{}.withDefaults()
	a := newAcc()
	const common = 7
	for p := range 200 {
		f := &Features{}
		for i := range numSets {
			s := []uint64{common}
			for e := range 300 {
				s = append(s, uint64(1000+p*1000+e))
			}
			f.Sets[i] = s
		}
		f.sketch()
		a.add(f, &cfg)
	}
	c := a.derive(&cfg)
	for i := range numSets {
		if n := len(a.SetCount[i]); n > maxSetElems {
			t.Errorf("set %d accumulator holds %d elements, want ≤ %d", i, n, maxSetElems)
		}
		if len(c.Sets[i]) != 1 || c.Sets[i][0] != common {
			t.Errorf("centre set %d = %v, want [%d]", i, c.Sets[i], common)
		}
	}
}
