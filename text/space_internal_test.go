package text

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestASCIISpaces8EveryByte holds asciiSpaces8 to asciiSpace for every
// ASCII byte in every lane, the other lanes holding each kind of byte
// (its lanes carry into none other: one byte per lane tells all).
func TestASCIISpaces8EveryByte(t *testing.T) {
	for _, fill := range []byte{0, 'a', ' ', '\t', '\r', '\x0e', '\x08', 0x7f} {
		for lane := range 8 {
			for c := range byte(0x80) {
				var x uint64
				want := 0
				for l := range 8 {
					b := fill
					if l == lane {
						b = c
					}
					x |= uint64(b) << (8 * l)
					if asciiSpace[b] {
						want++
					}
				}
				if got := asciiSpaces8(x); got != want {
					t.Fatalf("asciiSpaces8(%#016x) = %d, want %d", x, got, want)
				}
			}
		}
	}
}

// TestIsASCIISpaceEveryByte holds IsASCIISpace to unicode.IsSpace for every
// ASCII byte, and to false for every byte of a wider rune.
func TestIsASCIISpaceEveryByte(t *testing.T) {
	for b := range 256 {
		want := b < utf8.RuneSelf && unicode.IsSpace(rune(b))
		if got := IsASCIISpace(byte(b)); got != want {
			t.Errorf("IsASCIISpace(%#x) = %v, want %v", b, got, want)
		}
	}
}
