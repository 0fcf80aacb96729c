package topic

import (
	"fmt"
	"testing"
)

// TestCacheEvictsOldest checks the cache keeps the n most recently added
// URLs (updating a URL does not renew it) and grows only with use.
func TestCacheEvictsOldest(t *testing.T) {
	var c cache[int]
	c.init(3)
	if len(c.ring) != 0 {
		t.Fatalf("a new cache holds room for %d URLs, want 0", len(c.ring))
	}
	for i, u := range []string{"a", "b", "c", "a", "d", "e"} {
		c.put(u, i)
	}
	c.update("c", func(v int) int { return v + 10 })
	for _, w := range []struct {
		u  string
		v  int
		ok bool
	}{{"a", 0, false}, {"b", 0, false}, {"c", 12, true}, {"d", 4, true}, {"e", 5, true}} {
		if v, ok := c.get(w.u); v != w.v || ok != w.ok {
			t.Errorf("get(%q) = %d, %v, want %d, %v", w.u, v, ok, w.v, w.ok)
		}
	}
	for i := range 10 {
		c.put(fmt.Sprint(i), i)
	}
	if len(c.m) != 3 || len(c.ring) != 3 {
		t.Errorf("after 13 URLs: %d in the map, ring of %d, want 3 and 3", len(c.m), len(c.ring))
	}
	if _, ok := c.get("6"); ok {
		t.Error(`"6" kept, want only the last three ("7", "8", "9")`)
	}
}
