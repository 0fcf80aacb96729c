package text

import (
	"encoding/binary"
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// NonSpaceRunes counts the runes of s that are not white space
// (unicode.IsSpace; an invalid byte counts as one rune). ASCII text, the
// bulk of most pages, is counted sixteen then eight bytes at a time, and
// an ASCII tail of a string of eight bytes or more in one load.
func NonSpaceRunes(s string) int {
	n, i := 0, 0
	for ; i+16 <= len(s); i += 16 {
		x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		y := binary.LittleEndian.Uint64([]byte(s[i+8 : i+16]))
		if (x|y)&highBits != 0 {
			break
		}
		n += 16 - asciiSpaces8(x) - asciiSpaces8(y)
	}
	for i < len(s) {
		if i+8 <= len(s) {
			x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
			if x&highBits == 0 {
				n += 8 - asciiSpaces8(x)
				i += 8
				continue
			}
		} else if len(s) >= 8 {
			// the last k < 8 bytes: the string's last eight, shifted so that
			// the bytes counted before are zero bytes (no space)
			k := len(s) - i
			x := binary.LittleEndian.Uint64([]byte(s[len(s)-8:])) >> (8 * (8 - k))
			if x&highBits == 0 {
				return n + k - asciiSpaces8(x)
			}
		}
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			n++
		}
		i += size
	}
	return n
}

// HasNonSpace reports whether NonSpaceRunes(s) > 0: whether s holds a rune
// that is not white space (or an invalid byte), found at its first.
func HasNonSpace(s string) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			return true
		}
		i += size
	}
	return false
}

// asciiSpace marks the ASCII bytes unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// Byte-lane constants of asciiSpaces8.
const (
	highBits = 0x8080808080808080
	lowBits  = 0x7f7f7f7f7f7f7f7f
	lanes    = 0x0101010101010101
)

// asciiSpaces8 counts the bytes of x, eight ASCII bytes, that are white
// space: ' ' or '\t' … '\r' (asciiSpace). No lane carries into the next:
// every byte is under 0x80 and every addend under 0x80.
func asciiSpaces8(x uint64) int {
	sp := x ^ (0x20 * lanes)                         // 0 where ' '
	zero := ^((sp&lowBits + lowBits) | sp | lowBits) // high bit where sp's byte is 0
	ge9 := (x + 0x77*lanes) & highBits               // byte ≥ '\t'
	ge14 := (x + 0x72*lanes) & highBits              // byte > '\r'
	return bits.OnesCount64(zero | ge9&^ge14)
}
