package topic

import (
	"fmt"
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
		data[i] = example{feats: fs.feats, pos: i%9 == 0}
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
			data[i] = example{feats: fs.feats, pos: (i+seed)%7 == 0}
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
