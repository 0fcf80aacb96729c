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
// an ASCII tail of a string of eight bytes or more in one load; a string
// under eight bytes (most of a page's text nodes) is read in two loads.
func NonSpaceRunes(s string) int {
	if len(s) < 8 {
		return shortNonSpaceRunes(s)
	}
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
		} else {
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

// shortNonSpaceRunes is NonSpaceRunes of s, shorter than eight bytes: its
// bytes are gathered into one word from two overlapping loads (the bytes
// past len(s) zero, which is no space); a string with a wider byte is
// decoded rune by rune.
func shortNonSpaceRunes(s string) int {
	var x uint64
	switch k := len(s); {
	case k >= 4: // s[:4], then s[4:] from the last four bytes
		lo := uint64(binary.LittleEndian.Uint32([]byte(s[:4])))
		hi := uint64(binary.LittleEndian.Uint32([]byte(s[k-4:])))
		x = lo | hi>>(8*(8-k)&63)<<32
	case k >= 2: // s[:2], then s[2:] from the last two bytes
		lo := uint64(binary.LittleEndian.Uint16([]byte(s[:2])))
		hi := uint64(binary.LittleEndian.Uint16([]byte(s[k-2:])))
		x = lo | hi>>(8*(4-k)&63)<<16
	case k == 1:
		x = uint64(s[0])
	default:
		return 0
	}
	if x&highBits == 0 {
		return len(s) - asciiSpaces8(x)
	}
	n := 0
	for i := 0; i < len(s); {
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

// IsASCIISpace reports whether byte c is an ASCII white space byte
// (unicode.IsSpace's below utf8.RuneSelf); false for every byte of a wider
// rune. One look-up, for byte loops over text.
func IsASCIISpace(c byte) bool { return c < utf8.RuneSelf && asciiSpace[c] }

// Byte-lane constants of asciiSpaces8.
const (
	highBits = 0x8080808080808080
	lowBits  = 0x7f7f7f7f7f7f7f7f
	lanes    = 0x0101010101010101
)

// asciiSpaces8 counts the bytes of x, eight ASCII bytes, that are white
// space: ' ' or '\t' … '\r' (asciiSpace). No lane carries into the next:
// every byte is under 0x80 and every addend under 0x80, so each sum's high
// bit tells its own byte: x^' ' + 0x7f reaches it unless the byte is ' ',
// x + 0x77 reaches it from '\t' on and x + 0x72 from '\r'+1 on.
func asciiSpaces8(x uint64) int {
	notBlank := (x ^ 0x20*lanes) + lowBits
	tabToCR := (x + 0x77*lanes) &^ (x + 0x72*lanes)
	return bits.OnesCount64((^notBlank | tabToCR) & highBits)
}
