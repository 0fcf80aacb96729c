package text

import "testing"

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
