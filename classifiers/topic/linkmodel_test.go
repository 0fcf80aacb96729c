package topic

import (
	"fmt"
	"math"
	"testing"
)

// BenchmarkTrain measures one training of the link model on a full ring
// of maxExamples examples of 40 features each (about what a link of a real
// page carries), the work done every Retrain pages, off the scoring path.
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
	b.ReportAllocs()
	var w *weights
	for b.Loop() {
		w = train(data, pos, len(data)-pos)
	}
	lm := &linkModel{}
	lm.cur.Store(w)
	var sum float64
	for _, e := range data {
		p, _ := lm.predict(e.feats)
		sum += p
	}
	if mean := sum / float64(len(data)); len(w.w) != 1<<weightBits || mean < 0.05 || mean > 0.25 {
		b.Fatalf("weights %d, mean probability %.3f (want about 1/9: 1 in 9 examples positive)", len(w.w), mean)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(data)), "ns/example")
}

// TestFitReusesZeroedSums checks that fit, which reuses the AdaGrad sums
// of its last training, gives exactly the weights of a fresh train, on
// two different data sets in a row (the second would differ if the first
// left sums behind).
func TestFitReusesZeroedSums(t *testing.T) {
	set := func(seed int) ([]example, int) {
		data := make([]example, 300)
		pos := 0
		for i := range data {
			var fs featureSet
			for k := range 20 {
				fs.addToken("t:", fmt.Sprint((i*seed+k*13)%700))
			}
			data[i] = labelled(fs.feats, (i+seed)%7 == 0)
			if data[i].pos {
				pos++
			}
		}
		return data, pos
	}
	lm := newLinkModel(DefaultRetrain)
	for _, seed := range []int{7, 11, 7} {
		data, pos := set(seed)
		got, want := lm.fit(data, pos, len(data)-pos), train(data, pos, len(data)-pos)
		if got.bias != want.bias {
			t.Fatalf("seed %d: bias %v, fresh training %v", seed, got.bias, want.bias)
		}
		for i := range want.w {
			if got.w[i] != want.w[i] {
				t.Fatalf("seed %d: weight %d = %v, fresh training %v", seed, i, got.w[i], want.w[i])
			}
		}
	}
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
	pa, _ := lm.predict(a.feats)
	pb, _ := lm.predict(b.feats)
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
