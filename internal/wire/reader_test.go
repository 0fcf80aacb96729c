package wire_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/crawl-project/crawl/internal/wire"
)

var errBad = errors.New("test: bad entry")

func TestReaderFields(t *testing.T) {
	b := binary.AppendUvarint(nil, 3)
	b = append(b, "abc"...)
	b = append(b, 7)
	b = binary.LittleEndian.AppendUint32(b, 0xdeadbeef)
	b = binary.LittleEndian.AppendUint64(b, 1<<40)
	b = append(b, "rest"...)
	r := wire.NewReader(b, errBad)
	if s := r.String(10, "name"); s != "abc" {
		t.Errorf("String = %q, want abc", s)
	}
	if v := r.Byte("flag"); v != 7 {
		t.Errorf("Byte = %d, want 7", v)
	}
	if v := r.Uint32("u32"); v != 0xdeadbeef {
		t.Errorf("Uint32 = %#x", v)
	}
	if v := r.Uint64("u64"); v != 1<<40 {
		t.Errorf("Uint64 = %d", v)
	}
	if r.Err != nil || string(r.B) != "rest" {
		t.Errorf("after the fields: err %v, rest %q", r.Err, r.B)
	}
}

func TestReaderFailures(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    []byte
		read func(*wire.Reader)
		want string
	}{
		{"varint over its limit", binary.AppendUvarint(nil, 11), func(r *wire.Reader) { r.Uvarint(10, "count") }, "test: bad entry: count"},
		{"varint not in its shortest form", []byte{0x81, 0x00}, func(r *wire.Reader) { r.Uvarint(1000, "count") }, "test: bad entry: count"},
		{"string longer than what is left", append(binary.AppendUvarint(nil, 5), "ab"...), func(r *wire.Reader) { r.String(10, "name") }, "test: bad entry: name"},
		{"string length over its limit", binary.AppendUvarint(nil, 11), func(r *wire.Reader) { r.String(10, "name") }, "test: bad entry: name length"},
		{"empty byte", nil, func(r *wire.Reader) { r.Byte("flag") }, "test: bad entry: flag"},
		{"short uint32", []byte{1, 2, 3}, func(r *wire.Reader) { r.Uint32("u32") }, "test: bad entry: u32"},
		{"short uint64", []byte{1, 2, 3, 4, 5, 6, 7}, func(r *wire.Reader) { r.Uint64("u64") }, "test: bad entry: u64"},
		{"the first failure sticks", nil, func(r *wire.Reader) { r.Byte("first"); r.Fail("second %d", 2) }, "test: bad entry: first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := wire.NewReader(tc.b, errBad)
			tc.read(r)
			if r.Err == nil || r.Err.Error() != tc.want || !errors.Is(r.Err, errBad) {
				t.Fatalf("Err = %v, want %q wrapping errBad", r.Err, tc.want)
			}
			if v := r.Uvarint(1<<62, "after"); v != 0 {
				t.Errorf("a read after a failure returned %d", v)
			}
		})
	}
}

// FuzzReader reads arbitrary bytes as every kind of field: no panic, a
// varint read is binary.Uvarint's value in its shortest form, and what is
// consumed is what is gone from B.
func FuzzReader(f *testing.F) {
	f.Add([]byte{0x03, 'a', 'b', 'c', 0x07})
	f.Add([]byte{0x80, 0x01})
	f.Add([]byte{0x81, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := wire.NewReader(b, errBad)
		v := r.Uvarint(^uint64(0), "v")
		if want, n := binary.Uvarint(b); r.Err == nil && (v != want || len(r.B) != len(b)-n) {
			t.Fatalf("Uvarint = %d with %d left, binary.Uvarint %d, %d bytes", v, len(r.B), want, n)
		}
		r.String(1<<20, "s")
		r.Byte("b")
		r.Uint32("u32")
		r.Uint64("u64")
		if r.Err != nil && !errors.Is(r.Err, errBad) {
			t.Fatalf("Err %v does not wrap errBad", r.Err)
		}
	})
}
