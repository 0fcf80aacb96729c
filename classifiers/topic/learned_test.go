package topic_test

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
)

// TestCalibratedThreshold: without topic.relevance, before any page is
// seen, the threshold is
// Calibration × the median leave-one-out cosine of the seed pages; an
// explicit Relevance overrides it.
func TestCalibratedThreshold(t *testing.T) {
	m := sportModel(t, topic.Config{})
	loo := m.SeedLOO()
	if len(loo) != 6 {
		t.Fatalf("SeedLOO() has %d values, want 6", len(loo))
	}
	s := append([]float64(nil), loo...)
	sort.Float64s(s)
	want := topic.DefaultCalibration * (s[2] + s[3]) / 2
	if got := m.Threshold(); math.Abs(got-want) > 1e-12 || got <= 0 || got >= 1 {
		t.Errorf("Threshold() = %v, want %v (median of %v)", got, want, loo)
	}
	if got := sportModel(t, topic.Config{Calibration: 0.5}).Threshold(); math.Abs(got-want/2) > 1e-12 {
		t.Errorf("Calibration 0.5: Threshold() = %v, want %v", got, want/2)
	}
	if got := sportModel(t, topic.Config{Relevance: 0.3}).Threshold(); got != 0.3 {
		t.Errorf("Relevance 0.3: Threshold() = %v, want the override", got)
	}
	if err := (topic.Config{Calibration: 3}).Validate(); err == nil {
		t.Error("Calibration 3 validates")
	}
}

// TestRelevanceSeesTheSite: relevance is the cosine in TF-IDF space over
// the pages seen, so a term every page carries stops counting. The seed
// pages share a site-wide boilerplate with every other page: by the TF
// cosine over the feature terms (the paper's), an off-topic page carrying
// it is as close to the seeds as a seed page; by relevance it is not
// relevant, before and after 60 pages of the site were seen, and a seed
// page stays relevant.
func TestRelevanceSeesTheSite(t *testing.T) {
	boiler := strings.Repeat(" python documentation release notes ", 40)
	var seeds []topic.SeedPage
	for _, n := range []string{"001", "002", "003", "004", "005", "006"} {
		seeds = append(seeds, topic.SeedPage{URL: "http://demo/sport/" + n, Text: article(t, "sport-"+n) + boiler})
	}
	m, err := topic.NewFromPages(topic.Config{}, seeds)
	if err != nil {
		t.Fatal(err)
	}
	off := m.Vector(article(t, "business-001") + boiler)
	on := m.Vector(article(t, "sport-001") + boiler)
	if tfOff, tfOn := m.SeedScore(off), m.SeedScore(on); tfOff < 0.9*tfOn {
		t.Fatalf("premise: the boilerplate should make the off-topic page as close as a seed page in TF space (cosines %.3f, %.3f)", tfOff, tfOn)
	}
	if got := m.Relevance(off); got >= m.Threshold() {
		t.Errorf("off-topic page with boilerplate: relevance %.3f ≥ threshold %.3f before any page seen", got, m.Threshold())
	}
	others := []string{"business-002", "business-003", "tech-001", "tech-002", "tech-003", "politics-001", "politics-002",
		"politics-003", "entertainment-001", "entertainment-002", "entertainment-003"}
	for i := range 60 {
		m.Observe(m.Vector(article(t, others[i%len(others)]) + boiler))
	}
	if got := m.Relevance(off); got >= m.Threshold() {
		t.Errorf("off-topic page with boilerplate: relevance %.3f ≥ threshold %.3f after 60 pages seen", got, m.Threshold())
	}
	if got := m.Relevance(on); got < m.Threshold() {
		t.Errorf("seed page: relevance %.3f < threshold %.3f", got, m.Threshold())
	}
}

// TestLearnedLearnsFromTheCrawl feeds the learned strategy pages whose
// links' anchors tell on-topic from off-topic targets ("match" links lead
// to sport pages, "market" links to business pages) and checks that, once
// trained, the link model ranks an unseen "match" link above an unseen
// "market" link from the same parent, and that Rescore gives queued links
// the new scores.
func TestLearnedLearnsFromTheCrawl(t *testing.T) {
	ctx := context.Background()
	// An explicit threshold: the test is about the link model, not the
	// calibration; 0.3 separates these sport pages from the others.
	h, err := topic.NewHook(sportModel(t, topic.Config{Retrain: 5, Relevance: 0.3}), nil)
	if err != nil {
		t.Fatal(err)
	}
	parent := page(t, "http://demo/hub", "sport-101")
	if err := h.OnPage(ctx, parent); err != nil {
		t.Fatal(err)
	}
	queued := []crawl.Link{{URL: "http://demo/q/match-final", Anchor: "match report final"}, {URL: "http://demo/q/market-shares", Anchor: "market shares fall"}}
	for i := range queued {
		if err := h.OnURL(ctx, parent, &queued[i]); err != nil {
			t.Fatal(err)
		}
	}
	sport := []string{"sport-001", "sport-002", "sport-003", "sport-004", "sport-005", "sport-006", "sport-400", "sport-450"}
	biz := []string{"business-001", "business-002", "business-003", "tech-002", "tech-003", "politics-001", "entertainment-001", "entertainment-002"}
	for i := range sport {
		for _, c := range []struct{ word, name string }{{"match", sport[i]}, {"market", biz[i]}} {
			u := fmt.Sprintf("http://demo/%s/%d", c.word, i)
			l := crawl.Link{URL: u, Anchor: c.word + " story"}
			if err := h.OnURL(ctx, parent, &l); err != nil {
				t.Fatal(err)
			}
			p := page(t, u, c.name)
			p.Parent = parent.URL
			if err := h.OnPage(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	n, pos, neg := h.LinkModelStats()
	if n == 0 || pos == 0 || neg == 0 {
		t.Fatalf("link model trained %d times on %d/%d examples", n, pos, neg)
	}
	a, b := crawl.Link{URL: "http://demo/new/match-x", Anchor: "match tonight"}, crawl.Link{URL: "http://demo/new/market-x", Anchor: "market tonight"}
	for _, l := range []*crawl.Link{&a, &b} {
		if err := h.OnURL(ctx, parent, l); err != nil {
			t.Fatal(err)
		}
	}
	if a.Priority <= b.Priority {
		t.Errorf("after training: match link %.3f ≤ market link %.3f", a.Priority, b.Priority)
	}
	if r0, r1 := h.Rescore(&queued[0]), h.Rescore(&queued[1]); r0 <= r1 {
		t.Errorf("Rescore: match link %.3f ≤ market link %.3f", r0, r1)
	}
	other := crawl.Link{URL: "http://demo/never-scored", Priority: 7}
	if got := h.Rescore(&other); got != 7 {
		t.Errorf("Rescore(unscored link) = %v, want its priority 7", got)
	}
}

// BenchmarkLearnedLink measures scoring one link under the learned
// strategy with a trained model: features (anchor, URL, context, page
// state) and the model's probability; and Rescore of a queued link.
func BenchmarkLearnedLink(b *testing.B) { benchLearnedLink(b, topic.LabelsBinary) }

// BenchmarkLearnedLinkSoft is BenchmarkLearnedLink with LinkLabels soft
// (the link's words scored by the fetched pages holding them as well).
func BenchmarkLearnedLinkSoft(b *testing.B) { benchLearnedLink(b, topic.LabelsSoft) }

func benchLearnedLink(b *testing.B, labels string) {
	ctx := context.Background()
	h, err := topic.NewHook(sportModel(b, topic.Config{Retrain: 5, Relevance: 0.3, LinkLabels: labels}), nil)
	if err != nil {
		b.Fatal(err)
	}
	parent := page(b, "http://demo/sport/p", "sport-003")
	if err := h.OnPage(ctx, parent); err != nil {
		b.Fatal(err)
	}
	for i, name := range []string{"sport-001", "business-001", "sport-002", "tech-002", "sport-003", "politics-001", "sport-004", "business-002", "sport-005", "tech-003", "sport-400", "business-003"} {
		u := fmt.Sprintf("http://demo/x/%d", i)
		l := crawl.Link{URL: u, Anchor: name}
		if err := h.OnURL(ctx, parent, &l); err != nil {
			b.Fatal(err)
		}
		p := page(b, u, name)
		p.Parent = parent.URL
		if err := h.OnPage(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
	if n, _, _ := h.LinkModelStats(); n == 0 {
		b.Fatal("the link model never trained")
	}
	l := crawl.Link{URL: "http://demo/sport/2005/02/12/man-city-0-2-man-utd-101.html", Anchor: "Man City 0-2 Man Utd"}
	b.Run("score", func(b *testing.B) {
		b.ReportAllocs()
		var p float64
		for b.Loop() {
			c := l
			if err := h.OnURL(ctx, parent, &c); err != nil {
				b.Fatal(err)
			}
			p = c.Priority
		}
		if p <= 0 || p > 1 {
			b.Fatalf("priority %v out of (0, 1]", p)
		}
	})
	b.Run("rescore", func(b *testing.B) {
		b.ReportAllocs()
		var p float64
		for b.Loop() {
			p = h.Rescore(&l)
		}
		if p <= 0 || p > 1 {
			b.Fatalf("priority %v out of (0, 1]", p)
		}
	})
}

// TestRelevanceRepeatable: two models built from the same seed pages and
// shown the same pages give every page the same relevance to the last bit
// (a crawl replayed in the same order must export the same figures).
func TestRelevanceRepeatable(t *testing.T) {
	pages := []string{"business-001", "tech-001", "sport-003", "politics-001", "entertainment-001", "business-002"}
	var got [2][]float64
	for k := range got {
		m := sportModel(t, topic.Config{})
		for i := range 30 {
			v := m.Vector(article(t, pages[i%len(pages)]))
			m.Observe(v)
			got[k] = append(got[k], m.Relevance(v), m.Threshold())
		}
	}
	for i := range got[0] {
		if got[0][i] != got[1][i] {
			t.Fatalf("value %d: %v then %v", i, got[0][i], got[1][i])
		}
	}
}

// TestSoftLabelsReadPageWords: with LinkLabels soft a link's anchor words
// count by how often the fetched pages holding them were relevant, so a
// link named with words of the sport pages' text ("indoor race record"),
// never seen in an anchor, ranks above one named with words of the other
// pages ("december under include") from the same parent; the binary
// labels' link model, which learns anchor words only from the links it
// followed, tells them apart by less.
func TestSoftLabelsReadPageWords(t *testing.T) {
	ctx := context.Background()
	gap := map[string]float64{}
	for _, labels := range []string{topic.LabelsBinary, topic.LabelsSoft} {
		h, err := topic.NewHook(sportModel(t, topic.Config{Retrain: 5, Relevance: 0.3, LinkLabels: labels}), nil)
		if err != nil {
			t.Fatal(err)
		}
		parent := page(t, "http://demo/hub", "sport-101")
		if err := h.OnPage(ctx, parent); err != nil {
			t.Fatal(err)
		}
		sport := []string{"sport-001", "sport-002", "sport-003", "sport-004", "sport-005", "sport-006", "sport-400", "sport-450"}
		other := []string{"business-001", "business-002", "business-003", "tech-002", "tech-003", "politics-001", "entertainment-001", "entertainment-002"}
		for i := range sport {
			for k, name := range []string{sport[i], other[i]} {
				u := fmt.Sprintf("http://demo/p/%d", 2*i+k)
				l := crawl.Link{URL: u, Anchor: "story"}
				if err := h.OnURL(ctx, parent, &l); err != nil {
					t.Fatal(err)
				}
				p := page(t, u, name)
				p.Parent = parent.URL
				if err := h.OnPage(ctx, p); err != nil {
					t.Fatal(err)
				}
			}
		}
		on, off := crawl.Link{URL: "http://demo/new/1", Anchor: "indoor race record"}, crawl.Link{URL: "http://demo/new/2", Anchor: "december under include"}
		for _, l := range []*crawl.Link{&on, &off} {
			if err := h.OnURL(ctx, parent, l); err != nil {
				t.Fatal(err)
			}
		}
		gap[labels] = on.Priority - off.Priority
	}
	if gap[topic.LabelsSoft] <= 0.03 || gap[topic.LabelsSoft] <= gap[topic.LabelsBinary]+0.03 {
		t.Errorf("priority gap of the sport-worded link over the other: soft %.3f, binary %.3f; want soft > 0.03 and > binary + 0.03", gap[topic.LabelsSoft], gap[topic.LabelsBinary])
	}
	if err := (topic.Config{LinkLabels: "fuzzy"}).Validate(); err == nil {
		t.Error(`LinkLabels "fuzzy" validates`)
	}
}
