package pipeline

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"testing"
)

// gzipOf is the gzip of b.
func gzipOf(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestBodyGzipsBounded: a gzip is taken once; past max bytes the oldest
// untaken go first; the age list does not grow with taken keys.
func TestBodyGzipsBounded(t *testing.T) {
	g := newBodyGzips(100)
	body := func(i int) []byte { return fmt.Appendf(nil, "body %d", i) }
	gz := func(i, n int) []byte { // n bytes ending in body i's gzip trailer (RFC 1952 §2.3.1)
		b := binary.LittleEndian.AppendUint32(make([]byte, n-8), crc32.ChecksumIEEE(body(i)))
		return binary.LittleEndian.AppendUint32(b, uint32(len(body(i))))
	}
	for i := range 3 {
		g.PutBody(body(i), gz(i, 40))
	}
	if g.take(body(0)) != nil || g.take(body(1)) == nil || g.take(body(1)) != nil || g.take(body(2)) == nil {
		t.Errorf("after 3×40 bytes at max 100: want the first dropped, the others taken once")
	}
	for i := range 10000 {
		g.PutBody(body(i), gz(i, 10))
		if g.take(body(i)) == nil {
			t.Fatalf("gzip %d not found", i)
		}
	}
	if g.size != 0 || len(g.m) != 0 || len(g.order) > 1024+1 {
		t.Errorf("size %d, %d held, %d keys in the age list", g.size, len(g.m), len(g.order))
	}
}

// TestBodyGzipsChecksTrailer: a gzip found under a page's key is given
// only when its CRC-32 and size are the page's: under a key collision
// (forced here by handing the sink another body's gzip) the store gets
// nothing and compresses the page itself.
func TestBodyGzipsChecksTrailer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		filed  []byte // the body whose key the gzip is filed under
		gzipOf []byte // the body the gzip holds
		want   bool
	}{
		{"same body", []byte("<p>page</p>"), []byte("<p>page</p>"), true},
		{"other body, same length", []byte("<p>page</p>"), []byte("<p>PAGE</p>"), false},
		{"other body, other length", []byte("<p>page</p>"), []byte("<p>pages</p>"), false},
		{"empty", []byte{}, []byte{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newBodyGzips(1 << 20)
			g.PutBody(tc.filed, gzipOf(t, tc.gzipOf))
			if got := g.take(tc.filed) != nil; got != tc.want {
				t.Errorf("gzip given %v, want %v", got, tc.want)
			}
			if len(g.m) != 0 || g.size != 0 {
				t.Errorf("%d gzips (%d bytes) held after the take", len(g.m), g.size)
			}
		})
	}
}
