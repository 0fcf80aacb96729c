package topic

import (
	"math"
	"math/rand/v2"
	"testing"
)

// lognormal draws n values e^N(ln(median), sd) from a fixed PCG seed.
func lognormal(seed uint64, n int, median, sd float64) []float64 {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]float64, n)
	for i := range out {
		out[i] = median * math.Exp(sd*r.NormFloat64())
	}
	return out
}

func shareAtLeast(xs []float64, t float64) float64 {
	n := 0
	for _, x := range xs {
		if x >= t {
			n++
		}
	}
	return float64(n) / float64(len(xs))
}

// TestThresholdRules: a crawl that is the topic (its pages as close to the
// seeds as the seeds are to each other: the demo's section crawls,
// PostgreSQL's reference part) is measured almost all relevant by the
// topical rule, where the seeds-mixture rule calls about half of it
// irrelevant; a crawl with a background (most pages far below the seeds)
// gets the same threshold from both; under dominanceMinSeen pages the
// rules agree.
func TestThresholdRules(t *testing.T) {
	loo := lognormal(1, 10, 0.09, 0.3)
	for _, tt := range []struct {
		name                     string
		seen                     []float64
		minTopical, maxTopical   float64 // share of seen at or above the topical threshold
		sameAsSeedsMixture       bool
		maxSeedsMixtureShareOver float64
	}{
		{name: "the crawl is the topic", seen: lognormal(2, 300, 0.1, 0.35), minTopical: 0.95, maxTopical: 1, maxSeedsMixtureShareOver: 0.75},
		{name: "a background and 15% topic", seen: append(lognormal(3, 255, 0.02, 0.5), lognormal(4, 45, 0.12, 0.3)...),
			minTopical: 0.08, maxTopical: 0.3, sameAsSeedsMixture: true, maxSeedsMixtureShareOver: 1},
		{name: "too few pages seen", seen: lognormal(5, dominanceMinSeen-1, 0.1, 0.35), minTopical: 0, maxTopical: 1,
			sameAsSeedsMixture: true, maxSeedsMixtureShareOver: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			top := threshold(ThresholdTopical, loo, tt.seen)
			mix := threshold(ThresholdSeedsMixture, loo, tt.seen)
			st, sm := shareAtLeast(tt.seen, top), shareAtLeast(tt.seen, mix)
			t.Logf("topical %.4f (share %.3f), seeds-mixture %.4f (share %.3f)", top, st, mix, sm)
			if st < tt.minTopical || st > tt.maxTopical {
				t.Errorf("topical share %.3f outside [%.2f, %.2f]", st, tt.minTopical, tt.maxTopical)
			}
			if tt.sameAsSeedsMixture != (top == mix) {
				t.Errorf("topical %v, seeds-mixture %v: want equal %v", top, mix, tt.sameAsSeedsMixture)
			}
			if top > mix {
				t.Errorf("topical threshold %v above seeds-mixture's %v", top, mix)
			}
			if sm > tt.maxSeedsMixtureShareOver {
				t.Errorf("seeds-mixture share %.3f above %.2f: the case no longer shows the earlier rule's failure", sm, tt.maxSeedsMixtureShareOver)
			}
		})
	}
}

func TestCalibrateThresholdUnknownRuleIsSeedsMixture(t *testing.T) {
	loo, seen := lognormal(1, 10, 0.09, 0.3), lognormal(2, 300, 0.1, 0.35)
	if a, b := CalibrateThreshold("nonsense", loo, seen), CalibrateThreshold(ThresholdSeedsMixture, loo, seen); a != b {
		t.Errorf("unknown rule %v, seeds-mixture %v", a, b)
	}
	if err := (Config{ThresholdRule: "nonsense"}).Validate(); err == nil {
		t.Error("Validate accepted an unknown ThresholdRule")
	}
	for _, r := range ThresholdRules() {
		if err := (Config{ThresholdRule: r}).Validate(); err != nil {
			t.Errorf("%s: %v", r, err)
		}
	}
}

// TestLearnThreshold: in a crawl that is the topic the topical rule lowers
// the harvest measure's threshold, and the learned link model keeps the
// stricter seeds-mixture one (LearnThreshold); with the seeds-mixture rule
// the two are the same.
func TestLearnThreshold(t *testing.T) {
	var r *rand.Rand
	words := []string{"match", "goal", "league", "season", "coach", "striker", "cup", "final", "referee", "penalty",
		"club", "transfer", "keeper", "derby", "fans", "stadium", "injury", "squad", "tackle", "minute"}
	page := func() string {
		var b []byte
		for range 80 {
			b = append(b, words[r.IntN(len(words))]...)
			b = append(b, ' ')
		}
		return string(b)
	}
	for _, rule := range ThresholdRules() {
		r = rand.New(rand.NewPCG(9, 9)) // the same pages for both rules
		seeds := make([]SeedPage, 10)
		for i := range seeds {
			seeds[i] = SeedPage{URL: "http://a.test/s" + string(rune('a'+i)), Text: page()}
		}
		m, err := NewFromPages(Config{ThresholdRule: rule}, seeds)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 * dominanceMinSeen {
			v := m.Vector(page())
			m.Observe(v)
			m.Judge(v)
		}
		th, lt := m.Threshold(), m.LearnThreshold()
		t.Logf("%s: threshold %.4f, learn threshold %.4f", rule, th, lt)
		switch {
		case rule == ThresholdTopical && !(th < lt):
			t.Errorf("topical: threshold %v not below the learn threshold %v in a crawl that is the topic", th, lt)
		case rule == ThresholdSeedsMixture && th != lt:
			t.Errorf("seeds-mixture: threshold %v, learn threshold %v: want equal", th, lt)
		}
	}
}
