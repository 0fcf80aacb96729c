package hub

import (
	"sync"
	"testing"
)

func loadTestLinks(tb testing.TB) []Example { return readTestTSV(tb, "testdata/links/test.tsv") }

// TestDecisionCacheSame checks that a remembered decision labels a link
// as a fresh one does (Classify, svmLogit), on the first sight and the
// repeats, from several goroutines at once, and across the memory being
// emptied when full.
func TestDecisionCacheSame(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	ex := loadTestLinks(t)
	var us []URLInfo
	for i, e := range ex {
		u := e.URLInfo
		u.Size = 0
		us = append(us, u)
		v := u
		v.Depth = i%3 + 1 // the same URL and anchor at another depth
		us = append(us, v)
		if u.Anchor != "" {
			v.Anchor = ""
			us = append(us, v)
		}
	}
	type want struct {
		label  string
		score  float64
		logit  float64
		decide float64
	}
	ws := make([]want, len(us))
	for i, u := range us {
		l, s := c.Classify(u)
		ws[i] = want{l, s, c.svmLogit(u), c.Decision(u)}
	}
	var dc decisionCache
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for round := range 3 {
				for k := range us {
					i := (k + g*len(us)/4) % len(us)
					d := dc.decision(c, us[i])
					l, s := c.classifyWith(us[i], d)
					if got := (want{l, s, c.svmLogitWith(us[i], d), d}); got != ws[i] {
						t.Errorf("round %d, %+v: %+v, want %+v", round, us[i], got, ws[i])
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if n := dc.m.len(); n != len(us) && len(us) < maxDecisions {
		t.Errorf("%d decisions remembered, want %d", n, len(us))
	}
	if n := len(dc.v); n == 0 || n >= dc.m.len() {
		t.Errorf("%d vectors remembered for %d links: want fewer, not none (links share vectors)", n, dc.m.len())
	}
	// full: emptied, then filled again
	dc.m.reset()
	for i := range maxDecisions {
		dc.m.put("", "", -1-i, 0)
	}
	if d := dc.decision(c, us[0]); d != ws[0].decide || dc.m.len() != 1 {
		t.Errorf("full memory: decision %v (want %v), %d remembered (want 1)", d, ws[0].decide, dc.m.len())
	}
	// a full vector memory: emptied, then filled again
	dc.m, dc.v = linkMemo{}, make(map[vectorKey]float64, maxDecisions)
	for i := range maxDecisions {
		dc.v[vectorKey{uint64(i) + 1<<63}] = 0
	}
	if d := dc.decision(c, us[1]); d != ws[1].decide || len(dc.v) != 1 {
		t.Errorf("full vector memory: decision %v (want %v), %d vectors (want 1)", d, ws[1].decide, len(dc.v))
	}
	// a vector remembered from another link gives that link's decision
	x := Extract(us[2], &c.tables)
	dc.m, dc.v = linkMemo{}, map[vectorKey]float64{vectorKeyOf(&x): 42}
	if d := dc.decision(c, us[2]); d != 42 {
		t.Errorf("remembered vector: decision %v, want 42 (looked up, not computed)", d)
	}
	var none *decisionCache
	if d := none.decision(c, us[1]); d != ws[1].decide {
		t.Errorf("nil memory: decision %v, want %v", d, ws[1].decide)
	}
}

// BenchmarkDecisionCache is a repeated link's decision: looked up in the
// memory (hit) against computed (BenchmarkLinkLabel/svm is the whole label).
func BenchmarkDecisionCache(b *testing.B) {
	c, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	ex := loadTestLinks(b)
	// hit: the link remembered; vector: a link not remembered whose
	// feature vector is (the links remembered are forgotten after each
	// look-up).
	for _, forget := range []bool{false, true} {
		name := "hit"
		if forget {
			name = "vector"
		}
		b.Run(name, func(b *testing.B) {
			var dc decisionCache
			for _, e := range ex {
				dc.decision(c, e.URLInfo)
			}
			b.ReportAllocs()
			i := 0
			var s float64
			for b.Loop() {
				u := ex[i%len(ex)].URLInfo
				s += dc.decision(c, u)
				if forget {
					dc.m.reset()
				}
				i++
			}
			_ = s
		})
	}
	b.Run("compute", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		var s float64
		for b.Loop() {
			s += c.Decision(ex[i%len(ex)].URLInfo)
			i++
		}
		_ = s
	})
}
