package fpc

import (
	"math"
	"math/rand/v2"
	"slices"
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

// addRef is setAcc.add as a plain merge: one pass counts the elements s
// lacks, a merge from the back fills the grown slices.
func (s *setAcc) addRef(elems []uint64, counts []uint32) {
	fresh := 0
	for i, j := 0, 0; j < len(elems); {
		switch {
		case i < len(s.elems) && s.elems[i] < elems[j]:
			i++
		case i < len(s.elems) && s.elems[i] == elems[j]:
			i, j = i+1, j+1
		default:
			fresh, j = fresh+1, j+1
		}
	}
	n := len(s.elems)
	se := slices.Grow(s.elems, fresh)[:n+fresh]
	sc := slices.Grow(s.counts, fresh)[:n+fresh]
	i, k := n-1, n+fresh-1
	for j := len(elems) - 1; j >= 0; k-- {
		c := countOf(counts, j)
		switch {
		case i >= 0 && se[i] > elems[j]:
			se[k], sc[k] = se[i], sc[i]
			i--
		case i >= 0 && se[i] == elems[j]:
			se[k], sc[k] = se[i], sc[i]+c
			i, j = i-1, j-1
		default:
			se[k], sc[k] = elems[j], c
			j--
		}
	}
	s.elems, s.counts = se, sc
}

// fuzzSet turns bytes into a sorted set of distinct elements (small
// values, so sets overlap) and counts from the same bytes.
func fuzzSet(b []byte, spread uint64) ([]uint64, []uint32) {
	var elems []uint64
	for _, c := range b {
		elems = append(elems, uint64(c)*spread)
	}
	slices.Sort(elems)
	elems = slices.Compact(elems)
	counts := make([]uint32, len(elems))
	for i := range counts {
		counts[i] = uint32(i%7 + 1)
	}
	return elems, counts
}

// FuzzSetAccAdd holds setAcc.add (galloping, moves by copy) to addRef, a
// plain merge, with and without counts, on sets of any sizes and overlap.
func FuzzSetAccAdd(f *testing.F) {
	f.Add([]byte{1, 5, 9, 200}, []byte{0, 5, 6, 255}, []byte{}, uint8(1), false)
	f.Add([]byte("the accumulator of a big cluster holds many"), []byte("a page"), []byte("few"), uint8(3), true)
	f.Add([]byte{}, []byte{1, 2, 3}, []byte{3, 4}, uint8(0), false)
	f.Fuzz(func(t *testing.T, a, b, c []byte, spread uint8, withCounts bool) {
		sp := uint64(spread) + 1
		got, want := &setAcc{}, &setAcc{}
		for _, in := range [][]byte{a, b, c, b} {
			elems, counts := fuzzSet(in, sp)
			if !withCounts {
				counts = nil
			}
			got.add(elems, counts)
			want.addRef(elems, counts)
			if !slices.Equal(got.elems, want.elems) || !slices.Equal(got.counts, want.counts) {
				t.Fatalf("add(%v, %v) = %v %v, want %v %v", elems, counts, got.elems, got.counts, want.elems, want.counts)
			}
		}
	})
}

// refAddLayer is addLayer as it was: the new tags counted over the whole
// of add, then everything merged from the end.
func refAddLayer(sum, add []tagFreq) []tagFreq {
	fresh := 0
	for i, j := 0, 0; j < len(add); {
		switch {
		case i < len(sum) && sum[i].Tag < add[j].Tag:
			i++
		case i < len(sum) && sum[i].Tag == add[j].Tag:
			i, j = i+1, j+1
		default:
			fresh, j = fresh+1, j+1
		}
	}
	n := len(sum)
	out := slices.Grow(sum, fresh)[:n+fresh]
	i, k := n-1, n+fresh-1
	for j := len(add) - 1; j >= 0; k-- {
		switch {
		case i >= 0 && out[i].Tag > add[j].Tag:
			out[k] = out[i]
			i--
		case i >= 0 && out[i].Tag == add[j].Tag:
			out[k] = tagFreq{out[i].Tag, out[i].Freq + add[j].Freq}
			i, j = i-1, j-1
		default:
			out[k] = tagFreq{add[j].Tag, 0 + add[j].Freq}
			j--
		}
	}
	return out
}

// TestAddLayerMatchesReference holds addLayer to refAddLayer, to the bit,
// on layers added page after page from tag pools of several sizes (new
// tags first, in between, last, or none), with and without room to grow.
func TestAddLayerMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	layer := func(pool int) []tagFreq {
		var l []tagFreq
		for tag := range pool {
			if r.IntN(3) > 0 {
				l = append(l, tagFreq{uint64(tag) * 0x9E3779B97F4A7C15, r.Float64()})
			}
		}
		slices.SortFunc(l, func(x, y tagFreq) int { return cmpU64(x.Tag, y.Tag) })
		return l
	}
	for round := range 300 {
		pool := 1 + r.IntN(40)
		var got, want []tagFreq
		for range 1 + r.IntN(20) {
			add := layer(pool)
			if r.IntN(2) == 0 { // room to grow in place, or none
				got = slices.Grow(got, 8)
				want = slices.Grow(want, 8)
			}
			got, want = addLayer(got, add), refAddLayer(want, add)
			if !slices.EqualFunc(got, want, func(x, y tagFreq) bool {
				return x.Tag == y.Tag && math.Float64bits(x.Freq) == math.Float64bits(y.Freq)
			}) {
				t.Fatalf("round %d: addLayer = %v, want %v", round, got, want)
			}
		}
	}
}
