package topic

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// BenchmarkTrain measures one training of the link model on a full ring
// of maxExamples examples of 40 features each (about what a link of a real
// page carries), the work done every Retrain pages (linkModel.fit, the
// examples' feature slots numbered as linkModel.add does).
func BenchmarkTrain(b *testing.B) {
	data := make([]example, maxExamples)
	pos := 0
	for i := range data {
		var fs featureSet
		for k := range 40 {
			fs.addToken("t:", fmt.Sprint((i*7+k*13)%5000))
		}
		data[i] = labelled(fs.feats, i%9 == 0)
		if data[i].pos {
			pos++
		}
	}
	lm := newLinkModel(DefaultRetrain, false)
	for i := range data { // as linkModel.add numbers them
		data[i].slots = lm.index.slotsOf(data[i].feats)
	}
	b.ReportAllocs()
	var w *weights
	for b.Loop() {
		w = lm.fit(data, lm.index, pos, len(data)-pos)
	}
	lm.cur.Store(w)
	var sum float64
	for _, e := range data {
		p, _ := lm.predict(e.feats, nil)
		sum += p
	}
	if mean := sum / float64(len(data)); mean < 0.05 || mean > 0.25 {
		b.Fatalf("mean probability %.3f (want about 1/9: 1 in 9 examples positive)", mean)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(data)), "ns/example")
}

// TestFitMatchesDense checks that fit, which trains on compact tables
// by feature slot and reuses them, gives exactly the weights of the
// dense training it replaces (trainDense), on different data sets in a
// row with slots numbered across them as a linkModel does (the later
// ones would differ if a training left sums behind, or if a slot of a
// feature not in the data leaked a weight).
func TestFitMatchesDense(t *testing.T) {
	set := func(seed int) ([]example, int) {
		data := make([]example, 300)
		pos := 0
		for i := range data {
			var fs featureSet
			for k := range 20 {
				fs.addToken("t:", fmt.Sprint((i*seed+k*13)%700))
			}
			fs.feats = append(fs.feats, feature{id: fs.feats[0].id, val: 0.5}) // an id twice, as a hash collision gives
			data[i] = labelled(fs.feats, (i+seed)%7 == 0)
			data[i].y = float32(i%5) / 4
			if data[i].pos {
				pos++
			}
		}
		return data, pos
	}
	lm := newLinkModel(DefaultRetrain, false)
	for _, seed := range []int{7, 11, 7, 3} {
		data, pos := set(seed)
		for i := range data {
			data[i].slots = lm.index.slotsOf(data[i].feats)
		}
		want, wantBias := trainDense(data, pos, len(data)-pos)
		for name, got := range map[string]*weights{"fit": lm.fit(data, lm.index, pos, len(data)-pos), "train": train(data, pos, len(data)-pos)} {
			if got.bias != wantBias {
				t.Fatalf("seed %d, %s: bias %v, dense training %v", seed, name, got.bias, wantBias)
			}
			for i := range want {
				if x := got.at(uint32(i)); math.Float32bits(x) != math.Float32bits(want[i]) && !(x == 0 && want[i] == 0) {
					t.Fatalf("seed %d, %s: weight %d = %v, dense training %v", seed, name, i, x, want[i])
				}
			}
		}
	}
}

// trainDense is the training trainSlots replaced, on dense tables by
// feature id: the reference its weights (and bias) must equal.
func trainDense(data []example, pos, neg int) ([]float32, float32) {
	g2 := make([]float32, 1<<weightBits)
	wPos, wNeg := float32(1), float32(1)
	w := make([]float32, 1<<weightBits)
	var bias, bg2 float32
	for range epochs {
		for _, e := range data {
			z := bias
			for _, f := range e.feats {
				z += w[f.id] * f.val
			}
			p := float32(sigmoid(float64(z)))
			cw := wNeg
			if e.pos {
				cw = wPos
			}
			g := cw * (p - e.y)
			bg2 += g * g
			bias -= learnRate * g / (sqrt32(bg2) + 1e-6)
			for _, f := range e.feats {
				gf := g*f.val + l2*w[f.id]
				s := g2[f.id] + gf*gf
				g2[f.id] = s
				w[f.id] -= learnRate * gf / (sqrt32(s) + 1e-6)
			}
		}
	}
	return w, bias
}

// labelled is a binary example (LabelsBinary).
func labelled(feats []feature, pos bool) example {
	e := example{feats: feats, pos: pos}
	if pos {
		e.y = 1
	}
	return e
}

// TestSoftLabels checks that a model trained on soft labels learns them:
// examples of one feature labelled 0.8 and of another labelled 0.2 get
// probabilities near those.
func TestSoftLabels(t *testing.T) {
	var data []example
	a, b := featureSet{}, featureSet{}
	a.addToken("t:", "a")
	b.addToken("t:", "b")
	for range 200 {
		data = append(data, example{feats: a.feats, pos: true, y: 0.8}, example{feats: b.feats, y: 0.2})
	}
	lm := &linkModel{}
	lm.cur.Store(train(data, 200, 200))
	pa, _ := lm.predict(a.feats, nil)
	pb, _ := lm.predict(b.feats, nil)
	if math.Abs(pa-0.8) > 0.08 || math.Abs(pb-0.2) > 0.08 {
		t.Errorf("probabilities %.3f and %.3f, want about 0.8 and 0.2", pa, pb)
	}
}

// TestWordEvidence checks the word scores: a word found on relevant pages
// only scores above 0, one found on irrelevant pages only below, a word
// never seen and one as frequent on both 0.
func TestWordEvidence(t *testing.T) {
	we := newWordEvidence()
	topicW, offW, bothW, unseen := wordID("goal"), wordID("shares"), wordID("today"), wordID("never")
	for i := range 20 {
		if i%2 == 0 {
			we.add([]uint32{topicW, bothW}, true)
		} else {
			we.add([]uint32{offW, bothW}, false)
		}
	}
	for _, tt := range []struct {
		name string
		ids  []uint32
		test func(float64) bool
	}{
		{"relevant pages' word", []uint32{topicW}, func(x float64) bool { return x > 1 }},
		{"irrelevant pages' word", []uint32{offW}, func(x float64) bool { return x < -1 }},
		{"word on every page", []uint32{bothW}, func(x float64) bool { return math.Abs(x) < 1e-9 }},
		{"word never seen", []uint32{unseen}, func(x float64) bool { return math.Abs(x) < 1e-9 }},
		{"no words", nil, func(x float64) bool { return x == 0 }},
		{"mean of two", []uint32{topicW, unseen}, func(x float64) bool { return math.Abs(x-we.score([]uint32{topicW})/2) < 1e-9 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if x := we.score(tt.ids); !tt.test(x) {
				t.Errorf("score %v", x)
			}
		})
	}
}

// TestSmallIDs checks the precomputed ids of the small-number features
// against hashing prefix+number (and rateBin's names), inside and outside
// the tables.
func TestSmallIDs(t *testing.T) {
	for _, tab := range []*smallIDs{prIDs, lcIDs, distIDs, sibIDs, dirIDs, hubIDs, inrelIDs, inallIDs} {
		for k := -2; k < 12; k++ {
			if got, want := tab.id(k), fnv1a(tab.prefix, strconv.Itoa(k))&weightMask; got != want {
				t.Errorf("%s%d: %#x, want %#x", tab.prefix, k, got, want)
			}
		}
		for fetched := range 12 {
			for rel := 0; rel <= fetched; rel++ {
				c := counts{fetched, rel}
				if got, want := tab.rate(c), fnv1a(tab.prefix, rateBin(c))&weightMask; got != want {
					t.Errorf("%s rate %v: %#x, want %#x", tab.prefix, c, got, want)
				}
			}
		}
	}
}

// rateBin names the relevant share of c in quarters, "none" under 2
// pages: the feature names smallIDs.rate gives the ids of.
func rateBin(c counts) string {
	if c.fetched < 2 {
		return "none"
	}
	return strconv.Itoa(int(4 * float64(c.relevant) / float64(c.fetched+1)))
}
