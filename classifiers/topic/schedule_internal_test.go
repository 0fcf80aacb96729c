package topic

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// scheduleWant is when a refresh (a training) falls on the growing
// schedule: every 10 pages to 100, then every tenth more pages.
var scheduleWant = []int64{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 121, 133, 146, 160, 176, 193, 212, 233, 256, 281, 309, 339, 372, 409, 449, 493}

// TestRefreshSchedule checks when the relevance space is refreshed and
// the link model trained, on the growing schedule (the default) and with
// Config.FixedRefresh (every 10 pages), and that a space whose centroid
// weighs nothing is refreshed at every page until it weighs something.
func TestRefreshSchedule(t *testing.T) {
	for _, fixed := range []bool{false, true} {
		t.Run(fmt.Sprint("fixed=", fixed), func(t *testing.T) {
			want := scheduleWant
			if fixed {
				want = nil
				for n := int64(10); n <= 500; n += 10 {
					want = append(want, n)
				}
			}
			// the link model, both classes from the start
			lm := newLinkModel(DefaultRetrain, fixed)
			var trained []int64
			for n := int64(1); n <= 500; n++ {
				var fs featureSet
				fs.addToken("t:", fmt.Sprint(n%37))
				if lm.add(fs.feats, n%2 == 0, float32(n%2)) { // both classes hold 5 examples (minClass) by the 10th
					trained = append(trained, n)
				}
			}
			if !slices.Equal(trained, want) {
				t.Errorf("link model trained at %v, want %v", trained, want)
			}
			// the relevance space
			r := rand.New(rand.NewPCG(3, 3))
			words := []string{"alpha", "beta", "gamma", "delta", "socket", "stream", "event", "loop"}
			page := func() string {
				var b []byte
				for range 40 {
					b = append(b, words[r.IntN(len(words))]...)
					b = append(b, ' ')
				}
				return string(b)
			}
			seeds := []SeedPage{{URL: "http://a.test/a", Text: page()}, {URL: "http://a.test/b", Text: page()}, {URL: "http://a.test/c", Text: page()}}
			m, err := NewFromPages(Config{FixedRefresh: fixed}, seeds)
			if err != nil {
				t.Fatal(err)
			}
			// The seed pages hold the same eight words: each has IDF 0 and
			// the centroid weighs nothing until a page lacks one of them;
			// until then the space is refreshed at every page (Observe),
			// then on the schedule.
			var refreshed, empty []int64
			for n := int64(1); n <= 500; n++ {
				before := m.rel.Load()
				if before.cnorm == 0 {
					empty = append(empty, n)
				}
				m.Observe(m.Vector(page()))
				if m.rel.Load() != before {
					refreshed = append(refreshed, n)
				}
			}
			if len(empty) == 0 || len(empty) >= 10 {
				t.Fatalf("the centroid weighed nothing before pages %v: the case no longer shows an empty space", empty)
			}
			if want := append(slices.Clone(empty), want...); !slices.Equal(refreshed, want) {
				t.Errorf("relevance refreshed at %v, want %v", refreshed, want)
			}
		})
	}
}
