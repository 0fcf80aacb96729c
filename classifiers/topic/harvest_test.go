package topic_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
)

func TestCurve(t *testing.T) {
	rel := []bool{true, false, true, true, false}
	got := topic.Curve(rel, 2)
	want := []topic.Point{{2, 1, 0.5}, {4, 3, 0.75}, {5, 3, 0.6}}
	if !slices.Equal(got, want) {
		t.Errorf("Curve(%v, 2) = %v, want %v", rel, got, want)
	}
	if got := topic.Curve(nil, 10); len(got) != 0 {
		t.Errorf("Curve(nil) = %v, want empty", got)
	}
	if got := topic.Curve(rel, 0); len(got) != len(rel) {
		t.Errorf("Curve(step 0) has %d points, want %d", len(got), len(rel))
	}
}

func TestHarvest(t *testing.T) {
	var h topic.Harvest
	if p := h.Now(); p != (topic.Point{}) {
		t.Errorf("zero Harvest Now() = %v", p)
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 100 {
				h.Add((w+i)%4 == 0)
			}
		})
	}
	wg.Wait()
	if p := h.Now(); p.Crawled != 400 || p.Relevant != 100 || p.Rate != 0.25 {
		t.Errorf("Now() = %+v, want 400 crawled, 100 relevant", p)
	}
	c := h.Curve(100)
	if len(c) != 4 || c[3].Relevant != 100 {
		t.Errorf("Curve(100) = %v", c)
	}
}
