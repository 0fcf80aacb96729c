package hub_test

import "testing"

// TestAuditedLabels: urls-audited.tsv, the shipped model's training data,
// is urls.tsv with only the audit's 598 hub → topic corrections.
func TestAuditedLabels(t *testing.T) {
	orig := loadURLs(t)
	audited := loadExamples(t, "testdata/urls-audited.tsv")
	if len(audited) != len(orig) {
		t.Fatalf("%d audited URLs, %d in urls.tsv", len(audited), len(orig))
	}
	changed := 0
	for i, a := range audited {
		o := orig[i]
		if a.URL != o.URL || a.Host != o.Host {
			t.Fatalf("row %d: %s (%s), urls.tsv has %s (%s)", i+2, a.URL, a.Host, o.URL, o.Host)
		}
		if a.Hub != o.Hub {
			if a.Hub {
				t.Fatalf("row %d: %s made a hub; the audit only corrects hubs to topics", i+2, a.URL)
			}
			changed++
		}
	}
	if changed != 598 {
		t.Errorf("%d labels changed, want 598", changed)
	}
}
