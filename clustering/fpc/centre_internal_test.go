package fpc

import (
	"math"
	"testing"
)

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
		if n := len(a.Sets[i].elems); n > maxSetElems {
			t.Errorf("set %d accumulator holds %d elements, want ≤ %d", i, n, maxSetElems)
		}
		if len(c.Sets[i]) != 1 || c.Sets[i][0] != common {
			t.Errorf("centre set %d = %v, want [%d]", i, c.Sets[i], common)
		}
	}
}

func testAcc() *acc {
	cfg := Config{}.withDefaults()
	a := newAcc()
	for p := range 5 {
		f := &Features{Layers: [][]tagFreq{{{1, 1}}, unit([]tagFreq{{2, 0.5}, {uint64(3 + p%2), 0.5}})}}
		for i := range numSets {
			f.Sets[i] = []uint64{uint64(10 * i), uint64(10*i + 1 + p)}
		}
		f.sketch()
		a.add(f, &cfg)
	}
	return a
}

func TestCentreRoundTrip(t *testing.T) {
	cfg := Config{}.withDefaults()
	a := testAcc()
	data, err := a.marshal()
	if err != nil {
		t.Fatal(err)
	}
	b, err := unmarshalAcc(data)
	if err != nil {
		t.Fatalf("unmarshalAcc(marshal) = %v", err)
	}
	ca, cb := a.derive(&cfg), b.derive(&cfg)
	if s := centreSim(ca, cb, &cfg); s != centreSim(ca, ca, &cfg) || b.N != a.N {
		t.Errorf("decoded centre: similarity %v to the original, N %d; want %v, %d", s, b.N, centreSim(ca, ca, &cfg), a.N)
	}
	for cut := range len(data) {
		if _, err := unmarshalAcc(data[:cut]); err == nil {
			t.Errorf("unmarshalAcc(first %d of %d bytes) = nil error", cut, len(data))
		}
	}
}

func FuzzUnmarshalCentre(f *testing.F) {
	data, _ := testAcc().marshal()
	f.Add(data)
	f.Add([]byte("fpc1\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("garbage"))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := unmarshalAcc(b)
		if err != nil {
			if a != nil {
				t.Error("non-nil accumulator with an error")
			}
			return
		}
		cfg := Config{}.withDefaults()
		c := a.derive(&cfg)
		if s := centreSim(c, c, &cfg); math.IsNaN(s) {
			t.Errorf("decoded centre similarity NaN")
		}
	})
}
