package fpc

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

func testdataFeatures(t *testing.T) []*Features {
	t.Helper()
	var out []*Features
	for _, doc := range testdataDocs(t) {
		out = append(out, Extract(doc))
	}
	return out
}

// cosinesByLayer is eq. 6's numerator the direct way: per depth, the merge
// of the two sorted layers.
func cosinesByLayer(a, b [][]tagFreq) float64 {
	var s float64
	for d := range min(len(a), len(b)) {
		s += cosLayer(a[d], b[d])
	}
	return s
}

// TestLayerDotMatchesCosines checks the layer index against the per-layer
// cosines on every pair of testdata pages, pages against centres, and
// layers with rare tags and dropped centre layers.
func TestLayerDotMatchesCosines(t *testing.T) {
	fs := testdataFeatures(t)
	cfg := Config{}.withDefaults()
	a := newAcc()
	for _, f := range fs[:6] {
		a.add(f, &cfg)
	}
	centre := a.derive(&cfg)
	custom := &Features{Layers: [][]tagFreq{
		unit([]tagFreq{{hashString("div"), 2}, {hashString("my-widget"), 1}}),
		nil, // a dropped centre layer
		unit([]tagFreq{{hashString("path"), 3}, {hashString("span"), 1}, {hashString("x-y"), 1}}),
	}}
	custom2 := &Features{Layers: [][]tagFreq{
		unit([]tagFreq{{hashString("my-widget"), 1}, {hashString("div"), 1}}),
		unit([]tagFreq{{hashString("p"), 1}}),
		unit([]tagFreq{{hashString("x-y"), 2}, {hashString("span"), 1}}),
	}}
	for _, f := range []*Features{custom, custom2} {
		for i := range f.Layers {
			slices.SortFunc(f.Layers[i], func(x, y tagFreq) int { return cmpU64(x.Tag, y.Tag) })
		}
		f.sketch()
	}
	all := append(slices.Clone(fs), centre, custom, custom2)
	for i, x := range all {
		for j, y := range all {
			want := cosinesByLayer(x.Layers, y.Layers)
			if got := layerDot(&x.layers, &y.layers); math.Abs(got-want) > 1e-5 {
				t.Fatalf("layerDot(%d, %d) = %v, want %v", i, j, got, want)
			}
		}
	}
	// 3/√10 + 3/√55 with the my-widget and x-y weights, 2/√10 + 1/√55
	// without them.
	if got, want := layerDot(&custom.layers, &custom2.layers), 3/math.Sqrt(10)+3/math.Sqrt(55); math.Abs(got-want) > 1e-6 {
		t.Errorf("rare tags: layerDot = %v, want %v", got, want)
	}
}

// TestIntersectionsLayout checks the written-out intersections against a
// loop over setWordOff, on random sketches.
func TestIntersectionsLayout(t *testing.T) {
	if setWordOff[numSets] > setBitsWords {
		t.Fatalf("sketches need %d words, setBits has %d", setWordOff[numSets], setBitsWords)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		var a, b setBits
		for k := range setWordOff[numSets] {
			a[k], b[k] = r.Uint64()&r.Uint64(), r.Uint64()
		}
		got, gotGo := intersections(&a, &b), intersectionsGo(&a, &b)
		if got != gotGo {
			t.Fatalf("intersections = %v, intersectionsGo = %v", got, gotGo)
		}
		for i := range numSets {
			want := 0
			for k := setWordOff[i]; k < setWordOff[i+1]; k++ {
				want += bits.OnesCount64(a[k] & b[k])
			}
			if got[i] != want {
				t.Fatalf("intersections set %d = %d, want %d", i, got[i], want)
			}
		}
	}
}

// exactJaccard is eq. 7 on the sorted sets themselves.
func exactJaccard(a, b []uint64, alpha float64) float64 {
	in, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			in++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return (float64(in) + alpha) / (float64(len(a)+len(b)-in) + 1)
}

// TestSketchAccuracy measures how far the sketched smoothed Jaccard is
// from the exact one (on the same sampled sets) over all pairs of testdata
// pages, per set and for the weighted sum of the eight.
func TestSketchAccuracy(t *testing.T) {
	fs := testdataFeatures(t)
	const alpha = 0.5
	var sumErr, maxErr [numSets + 1]float64
	n := 0
	for i, a := range fs {
		for _, b := range fs[i+1:] {
			in := intersections(&a.bits, &b.bits)
			var weighted float64
			for s := range numSets {
				e := jaccard(s, in[s], a.nbits[s], b.nbits[s], a.sizes[s], b.sizes[s], alpha) - exactJaccard(a.Sets[s], b.Sets[s], alpha)
				weighted += DefaultWeights[1+s] * e
				sumErr[s] += math.Abs(e)
				maxErr[s] = max(maxErr[s], math.Abs(e))
			}
			sumErr[numSets] += math.Abs(weighted)
			maxErr[numSets] = max(maxErr[numSets], math.Abs(weighted))
			n++
		}
	}
	for s := range numSets + 1 {
		t.Logf("set %d: mean |error| %.4f, max %.4f (%d pairs)", s, sumErr[s]/float64(n), maxErr[s], n)
	}
	if m := sumErr[numSets] / float64(n); m > 0.008 || maxErr[numSets] > 0.04 {
		t.Errorf("weighted set similarity: mean |error| %.4f, max %.4f; want ≤ 0.008, ≤ 0.04", m, maxErr[numSets])
	}
}

// pagesAndCentres returns the testdata pages' features, the centre of the
// first six and an empty page.
func pagesAndCentres(t *testing.T) []*Features {
	fs := testdataFeatures(t)
	cfg := Config{}.withDefaults()
	a := newAcc()
	for _, f := range fs[:6] {
		a.add(f, &cfg)
	}
	all := append(slices.Clone(fs), a.derive(&cfg), &Features{})
	all[len(all)-1].sketch()
	return all
}

// TestCommonDotAsm checks commonDot (assembly on amd64) against
// commonDotGo, bit for bit, on every pair of testdata pages and centres.
func TestCommonDotAsm(t *testing.T) {
	all := pagesAndCentres(t)
	for i, x := range all {
		for j, y := range all {
			if got, want := commonDot(&x.layers, &y.layers), commonDotGo(&x.layers, &y.layers); got != want {
				t.Fatalf("commonDot(%d, %d) = %v, commonDotGo = %v", i, j, got, want)
			}
		}
	}
}

// TestSetSimAsm checks setSim (assembly on amd64) against setSimGo, bit
// for bit, on every pair of testdata pages and centres, with two weight
// sets and two α.
func TestSetSimAsm(t *testing.T) {
	all := pagesAndCentres(t)
	other := Weights{0.2, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}
	for i, x := range all {
		for j, y := range all {
			for _, w := range []*Weights{&DefaultWeights, &other} {
				for _, alpha := range []float64{0.5, 0.1} {
					if got, want := setSim(x, y, w, alpha), setSimGo(x, y, w, alpha); got != want {
						t.Fatalf("setSim(%d, %d, %v, %v) = %v, setSimGo = %v", i, j, *w, alpha, got, want)
					}
				}
			}
		}
	}
}
