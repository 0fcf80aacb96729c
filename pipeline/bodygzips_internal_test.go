package pipeline

import (
	"crypto/sha256"
	"testing"
)

// TestBodyGzipsBounded: a gzip is taken once; past max bytes the oldest
// untaken go first; the age list does not grow with taken keys.
func TestBodyGzipsBounded(t *testing.T) {
	g := newBodyGzips(100)
	key := func(i int) [sha256.Size]byte { return sha256.Sum256([]byte{byte(i), byte(i >> 8)}) }
	for i := range 3 {
		g.PutBody(key(i), make([]byte, 40))
	}
	if g.take(key(0)) != nil || g.take(key(1)) == nil || g.take(key(1)) != nil || g.take(key(2)) == nil {
		t.Errorf("after 3×40 bytes at max 100: want the first dropped, the others taken once")
	}
	for i := range 10000 {
		g.PutBody(key(i), make([]byte, 10))
		if g.take(key(i)) == nil {
			t.Fatalf("gzip %d not found", i)
		}
	}
	if g.size != 0 || len(g.m) != 0 || len(g.order) > 1024+1 {
		t.Errorf("size %d, %d held, %d keys in the age list", g.size, len(g.m), len(g.order))
	}
}
