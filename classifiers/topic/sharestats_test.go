package topic_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// statsWire is a StatsSharer that sums what a model shares into one
// StatsDelta, as the Redis side does between two sends.
type statsWire struct {
	mu       sync.Mutex
	features int
	docs     int64
	words    map[uint32]int64
	folds    int64
	sum      []float64
	rel      map[[2]int64]int64 // epoch, bin → pages
}

func newStatsWire(m *topic.Model) *statsWire {
	return &statsWire{features: m.Features(), words: map[uint32]int64{}, sum: make([]float64, m.Features()), rel: map[[2]int64]int64{}}
}

func (w *statsWire) Judged(epoch int64, bin int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.rel[[2]int64{epoch, int64(bin)}]++
}

func (w *statsWire) Observed(ids []uint32) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.docs++
	for _, id := range ids {
		w.words[id]++
	}
}

func (w *statsWire) Folded(f topic.Fold) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.folds++
	for k, i := range f.Idx {
		w.sum[i] += f.Val[k]
	}
}

// take returns what was shared since the last take.
func (w *statsWire) take() topic.StatsDelta {
	w.mu.Lock()
	defer w.mu.Unlock()
	d := topic.StatsDelta{Docs: w.docs, Folds: w.folds}
	for id := range w.words {
		d.Words = append(d.Words, id)
	}
	slices.Sort(d.Words)
	for _, id := range d.Words {
		d.Counts = append(d.Counts, w.words[id])
	}
	if w.folds > 0 {
		d.Sum = w.sum
	}
	for k, n := range w.rel {
		d.Rel = append(d.Rel, topic.RelCount{Epoch: k[0], Bin: int(k[1]), N: n})
	}
	w.docs, w.folds, w.words, w.sum, w.rel = 0, 0, map[uint32]int64{}, make([]float64, w.features), map[[2]int64]int64{}
	return d
}

// TestSharedStatsJudgeAsOneProcess: two processes of the adaptive
// strategy each see half of 20 pages, taking turns, and share their
// statistics after every page; a third sees all 20 alone. The two judge
// unseen pages as the third does (relevance, centroid; the threshold to
// within the last page's relevance), which they do not without the
// sharing.
func TestSharedStatsJudgeAsOneProcess(t *testing.T) {
	ctx := context.Background()
	var names []string
	for _, p := range []string{"sport", "business", "politics", "entertainment", "tech"} {
		for n := range articles(t, p) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	probes := []string{"sport-400", "business-003", "sport-450", "politics-003"}
	names = slices.DeleteFunc(names, func(n string) bool { return slices.Contains(probes, n) })
	names = names[:20]
	for _, shared := range []bool{true, false} {
		newHook := func() *topic.Hook {
			h, err := topic.NewHook(sportModel(t, topic.Config{Strategy: topic.StrategyAdaptive, Update: 0.2}), nil)
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
		a, b, one := newHook(), newHook(), newHook()
		wa, wb := newStatsWire(a.Model()), newStatsWire(b.Model())
		a.Model().ShareStatsWith(wa)
		b.Model().ShareStatsWith(wb)
		// the one process shares too (with nobody): its threshold is then
		// calibrated on the same relevance histogram as the two's
		// (sharerel.go), so all agree to the last bit
		one.Model().ShareStatsWith(newStatsWire(one.Model()))
		for i, n := range names {
			h := a
			if i%2 == 1 {
				h = b
			}
			for _, h := range []*topic.Hook{h, one} {
				if err := h.OnPage(ctx, page(t, "http://demo/"+n, n)); err != nil {
					t.Fatal(err)
				}
			}
			da, db := wa.take(), wb.take()
			if shared {
				if err := b.Model().AddStats(da); err != nil {
					t.Fatal(err)
				}
				if err := a.Model().AddStats(db); err != nil {
					t.Fatal(err)
				}
			}
		}
		acc, _ := one.Model().Updates()
		thWorst := 0.0
		if acc == 0 {
			t.Fatal("the one process folded no page into its centroid: the test shows nothing")
		}
		worst := 0.0
		for _, h := range []*topic.Hook{a, b} {
			m := h.Model()
			worst = max(worst, math.Abs(m.Drift()-one.Model().Drift()))
			thWorst = max(thWorst, math.Abs(m.Threshold()-one.Model().Threshold()))
			for _, p := range probes {
				v, v1 := m.Vector(article(t, p)), one.Model().Vector(article(t, p))
				worst = max(worst, math.Abs(m.Relevance(v)-one.Model().Relevance(v1)), math.Abs(m.Score(v)-one.Model().Score(v1)))
			}
		}
		if shared && worst > 1e-9 {
			t.Errorf("shared: relevance, score or drift differ from one process's by up to %g", worst)
		}
		// the one process calibrated last before its 20th page's relevance
		// was counted, the two after they exchanged it (measured 0.00083)
		if shared && thWorst > 0.002 {
			t.Errorf("shared: thresholds differ from one process's by %g: want ≤ 0.002", thWorst)
		}
		if !shared && worst < 1e-3 {
			t.Errorf("alone: the processes judge as the one process does (difference %g): the test cannot tell sharing from none", worst)
		}
		t.Logf("shared %v: largest difference from one process %.3g, of the thresholds %.3g (one process folded %d pages)", shared, worst, thWorst, acc)
	}
}

// AddStats refuses a delta that does not fit the model, and changes
// nothing then.
func TestAddStatsRefusesBadDelta(t *testing.T) {
	m := sportModel(t, topic.Config{Strategy: topic.StrategyAdaptive})
	v := m.Vector(article(t, "sport-400"))
	before := m.Relevance(v)
	for name, d := range map[string]topic.StatsDelta{
		"word out of space": {Docs: 5, Words: []uint32{1, topic.WordSpace}, Counts: []int64{3, 3}},
		"counts unaligned":  {Docs: 5, Words: []uint32{1, 2}, Counts: []int64{3}},
		"sum too short":     {Docs: 1, Words: []uint32{1}, Counts: []int64{1}, Folds: 1, Sum: []float64{0.5}},
		"sum NaN":           {Folds: 1, Sum: slices.Repeat([]float64{math.NaN()}, m.Features())},
		"negative folds":    {Folds: -1, Sum: make([]float64, m.Features())},
		"relevance bin":     {Rel: []topic.RelCount{{Epoch: 1, Bin: topic.RelBins, N: 1}}},
		"relevance epoch":   {Rel: []topic.RelCount{{Epoch: -1, Bin: 3, N: 1}}},
	} {
		if err := m.AddStats(d); !errors.Is(err, topic.ErrBadStats) {
			t.Errorf("%s: err = %v; want ErrBadStats", name, err)
		}
	}
	if after := m.Relevance(v); after != before {
		t.Errorf("relevance %v after refused deltas, %v before", after, before)
	}
	if acc, _ := m.Updates(); acc != 0 {
		t.Errorf("%d updates after refused deltas", acc)
	}
	if s, s2, s3 := m.Space(), sportModel(t, topic.Config{}).Space(), sportModel(t, topic.Config{Terms: 50}).Space(); s != s2 || s == s3 {
		t.Errorf("Space() of the same seeds %s and %s, with 50 terms %s: want the first two equal, the third not", s, s2, s3)
	}
}

// seedsOnlyWire shares the statistics but not the relevance of the pages
// judged (not a topic.RelevanceSharer): the threshold is the seeds'.
type seedsOnlyWire struct{ w *statsWire }

func (s seedsOnlyWire) Observed(ids []uint32) { s.w.Observed(ids) }
func (s seedsOnlyWire) Folded(f topic.Fold)   { s.w.Folded(f) }

// TestSharedRelevanceCalibratesAsOneProcess: two processes of the
// adaptive strategy take turns over 2,600 pages (the testdata articles
// over and over, past the calibration's window of the latest 2,000),
// exchanging their statistics every 10 pages; a third, alone and not
// sharing, sees every page. From the 100th page on, the two processes'
// thresholds stay within relTolerance of the third's at every exchange,
// their pages seen's relevance being shared as a histogram (measured:
// ≤ 0.0023; over the first pages up to 0.014, the one process's last
// calibration lacking up to 9 of the pages the two have exchanged);
// sharing everything but that (the threshold then the seeds' median
// alone), they are 3 × relTolerance off or more (measured 0.022).
func TestSharedRelevanceCalibratesAsOneProcess(t *testing.T) {
	const relTolerance, warmUp = 0.005, 100
	ctx := context.Background()
	var names []string
	for _, p := range []string{"sport", "business", "politics", "entertainment", "tech"} {
		for n := range articles(t, p) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	worst := map[bool]float64{}
	for _, rel := range []bool{true, false} {
		newHook := func() *topic.Hook {
			h, err := topic.NewHook(sportModel(t, topic.Config{Strategy: topic.StrategyAdaptive, Update: 0.2}), nil)
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
		a, b, one := newHook(), newHook(), newHook()
		wa, wb := newStatsWire(a.Model()), newStatsWire(b.Model())
		if rel {
			a.Model().ShareStatsWith(wa)
			b.Model().ShareStatsWith(wb)
		} else {
			a.Model().ShareStatsWith(seedsOnlyWire{wa})
			b.Model().ShareStatsWith(seedsOnlyWire{wb})
		}
		for i := range 2600 {
			n := names[i%len(names)]
			h := a
			if i/5%2 == 1 {
				h = b
			}
			url := fmt.Sprintf("http://demo/%d/%s", i, n)
			for _, h := range []*topic.Hook{h, one} {
				if err := h.OnPage(ctx, page(t, url, n)); err != nil {
					t.Fatal(err)
				}
			}
			if i%10 != 9 {
				continue
			}
			da, db := wa.take(), wb.take()
			if err := b.Model().AddStats(da); err != nil {
				t.Fatal(err)
			}
			if err := a.Model().AddStats(db); err != nil {
				t.Fatal(err)
			}
			if i < warmUp {
				continue
			}
			for _, h := range []*topic.Hook{a, b} {
				worst[rel] = max(worst[rel], math.Abs(h.Model().Threshold()-one.Model().Threshold()))
			}
		}
		t.Logf("relevance shared %v: thresholds at the end %.4f %.4f, one process %.4f; largest difference over the crawl %.4f",
			rel, a.Model().Threshold(), b.Model().Threshold(), one.Model().Threshold(), worst[rel])
	}
	if worst[true] > relTolerance {
		t.Errorf("relevance shared: the processes' thresholds differ from one process's by up to %.4f: want ≤ %.3f", worst[true], relTolerance)
	}
	if worst[false] < 3*relTolerance {
		t.Errorf("seeds' median alone: differs from one process's by up to %.4f (shared %.4f): the test cannot tell the sharing from none", worst[false], worst[true])
	}
}
