package hub

import (
	"hash/maphash"
	"testing"

	"github.com/crawl-project/crawl"
)

// TestLinkLabelerDropped: a link the frontier will drop is labelled (and
// kept for revision, as label keeps it) only when its host has fetched
// pages and the link is neither kept already nor fetched; otherwise
// dropped does no work at all (no decision is computed).
func TestLinkLabelerDropped(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	parent := &crawl.Page{URL: "http://h.test/lib/index.html", Label: crawl.LabelHub}
	ll, ref := newLinkLabeler(c, LinkLearning{}, 64), newLinkLabeler(c, LinkLearning{}, 64)
	ll.dc, ref.dc = &decisionCache{}, &decisionCache{}
	a := crawl.Link{URL: "http://h.test/lib/a.html", Anchor: "1.2. Some entry", Depth: 1}
	fetched := crawl.Link{URL: "http://h.test/lib/b.html", Anchor: "1.3. Another", Depth: 1}

	ll.dropped(parent, &a) // its host has no fetched page: nothing to keep
	if ll.host("h.test", false) != nil || ll.dc.m.len() != 0 {
		t.Fatalf("dropped link of a host never fetched: host %v, %d decisions computed; want none", ll.host("h.test", false), ll.dc.m.len())
	}
	for _, l := range []*linkLabeler{ll, ref} {
		h := l.host("h.test", true)
		h.fetched = true
		h.done[maphash.String(l.seed, fetched.URL)] = struct{}{}
	}

	before := a
	ll.dropped(parent, &a)
	ref.label(parent, &a)
	if a.Label != before.Label || a.Score != before.Score {
		t.Errorf("dropped changed the link: %+v", a)
	}
	got, want := ll.host("h.test", false).pending, ref.host("h.test", false).pending
	if len(got) != 1 || len(want) != 1 {
		t.Fatalf("kept %d links, label kept %d; want 1", len(got), len(want))
	}
	got[0].key, want[0].key = 0, 0 // hashed with each labeler's seed
	if got[0] != want[0] {
		t.Errorf("dropped kept %+v, label keeps %+v", got[0], want[0])
	}

	n := ll.dc.m.len()
	ll.dropped(parent, &a)       // kept already
	ll.dropped(parent, &fetched) // fetched
	other := crawl.Link{URL: "http://elsewhere.test/x.html", Anchor: "X"}
	ll.dropped(parent, &other) // a host never fetched
	if ll.dc.m.len() != n || len(ll.host("h.test", false).pending) != 1 {
		t.Errorf("dropped links kept or fetched: %d decisions computed, %d links kept; want none, 1", ll.dc.m.len()-n, len(ll.host("h.test", false).pending))
	}
}
