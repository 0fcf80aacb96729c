package topic_test

import (
	"slices"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// TestRelHistWindow: the histogram keeps the latest RelWindow epochs,
// ignores counts older than them, and reads as a sample whose values lie
// in their bins.
func TestRelHistWindow(t *testing.T) {
	var h topic.RelHist
	for e := range int64(12) {
		for _, r := range []float64{0.05, 0.3, 0.3, 0.999, 1.5} {
			if !h.Add(e, topic.RelBin(r), 1) {
				t.Fatalf("Add(%d, %v) refused", e, r)
			}
		}
	}
	if h.Top() != 11 || h.Len() != 5*topic.RelWindow {
		t.Errorf("Top %d, Len %d; want 11, %d", h.Top(), h.Len(), 5*topic.RelWindow)
	}
	if h.Add(11-topic.RelWindow, 3, 1) {
		t.Errorf("a count older than the window was kept")
	}
	cs := h.Counts()
	if cs[0].Epoch != 12-topic.RelWindow || cs[len(cs)-1].Epoch != 11 {
		t.Errorf("Counts span epochs %d–%d; want %d–11", cs[0].Epoch, cs[len(cs)-1].Epoch, 12-topic.RelWindow)
	}
	v := h.Values()
	if len(v) != 5*topic.RelWindow || !slices.IsSorted(v) {
		t.Fatalf("Values: %d values, sorted %v", len(v), slices.IsSorted(v))
	}
	for i, want := range map[int]float64{0: 0.05, topic.RelWindow: 0.3, 3 * topic.RelWindow: 0.999, 5*topic.RelWindow - 1: 1} {
		if d := v[i] - want; d > 1.0/topic.RelBins || d < -1.0/topic.RelBins {
			t.Errorf("Values()[%d] = %v; want %v within a bin", i, v[i], want)
		}
	}
	// an epoch far ahead empties the window but its own
	h.Add(40, 7, 2)
	if h.Len() != 2 || len(h.Counts()) != 1 {
		t.Errorf("after a jump: Len %d, Counts %v; want 2 pages in one count", h.Len(), h.Counts())
	}
}
