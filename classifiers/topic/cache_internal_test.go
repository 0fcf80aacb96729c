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
	if len(c.at) != 3 || len(c.ring) != 3 || len(c.vals) != 3 {
		t.Errorf("after 13 URLs: %d in the map, ring of %d, %d values, want 3, 3 and 3", len(c.at), len(c.ring), len(c.vals))
	}
	if _, ok := c.get("6"); ok {
		t.Error(`"6" kept, want only the last three ("7", "8", "9")`)
	}
}

// mapCache is the cache as it was before its values moved beside the
// ring (values in the map, looked up on every read, test and write):
// the reference TestCacheAsMapCache holds the cache to.
type mapCache struct {
	m    map[string]int
	ring []string
	n    int
	next int
}

func (c *mapCache) put(u string, v int) {
	if _, ok := c.m[u]; !ok {
		if len(c.ring) < c.n {
			c.ring = append(c.ring, u)
		} else {
			delete(c.m, c.ring[c.next])
			c.ring[c.next] = u
			c.next = (c.next + 1) % c.n
		}
	}
	c.m[u] = v
}

// TestCacheAsMapCache checks that puts, updates and gets of the cache
// give what the map of values gave, evictions included, over a long
// pseudo-random sequence on few URLs.
func TestCacheAsMapCache(t *testing.T) {
	for _, n := range []int{1, 2, 5, 16} {
		var c cache[int]
		c.init(n)
		ref := &mapCache{m: map[string]int{}, n: n}
		x := uint32(n)
		for i := range 20000 {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			u := fmt.Sprint(x % 23)
			switch x % 3 {
			case 0:
				c.put(u, i)
				ref.put(u, i)
			case 1:
				got := c.update(u, func(v int) int { return v*3 + i })
				want := ref.m[u]*3 + i
				ref.put(u, want)
				if got != want {
					t.Fatalf("n=%d, op %d: update(%q) = %d, want %d", n, i, u, got, want)
				}
			}
			v, ok := c.get(u)
			wv, wok := ref.m[u]
			if v != wv || ok != wok {
				t.Fatalf("n=%d, op %d: get(%q) = %d, %v, want %d, %v", n, i, u, v, ok, wv, wok)
			}
		}
		if len(c.at) != len(ref.m) {
			t.Errorf("n=%d: %d URLs held, want %d", n, len(c.at), len(ref.m))
		}
	}
}
